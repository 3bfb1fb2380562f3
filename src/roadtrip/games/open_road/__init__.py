"""The Open Road: a bicycle race across a map of the United States (2-6 riders).

This package holds the game's map and components as data (map_data.py and the tables
it gathers: cities.py, roads.py, cards.py) and the map model built from them (board.py:
dots, legs, neighbours, shortest distances, rides).  The rules engine comes later; the
game is not registered yet.  Design and rulings: docs/rules/the-open-road.md.
"""
