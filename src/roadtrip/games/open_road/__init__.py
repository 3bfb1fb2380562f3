"""The Open Road: a bicycle race across a map of the United States (2-6 riders).

The map and components are data (map_data.py and the tables it gathers: cities.py,
roads.py, cards.py) with the map model built from them (board.py: dots, legs,
neighbours, shortest distances, rides).  The rules engine: rules.py (the Game and the
State), flow.py (phases, draws, automatic steps), riding.py, playing.py, actions.py
(the encoding), view.py and tensor.py (what a seat sees), options.py (the rulings as
variant options).  Design and rulings: docs/rules/the-open-road.md.
"""

from roadtrip.games.open_road.rules import OpenRoadGame, OpenRoadState

__all__ = ["OpenRoadGame", "OpenRoadState"]
