"""The Open Road: a bicycle race across a map of the United States (2-6 riders).

The map and components are data (map_data.py and the tables it gathers: cities.py,
roads.py, cards.py) with the map model (graph.py: dots, legs, neighbours, shortest
distances, rides) built from them (board.py).  The rules engine, layered from the
bottom up with no import cycle: actions.py (the encoding), options.py (the rulings as
variant options), paths.py (searches on the board), race.py (the state's data), the rule
steps riding.py, playing.py and flow.py (phases, draws, automatic steps), beside them
view.py, tensor.py and texts.py (what a seat sees and reads), and on top rules.py
(the Game and the State).  Design and rulings: docs/rules/the-open-road.md.
"""

from roadtrip.games.open_road.rules import OpenRoadGame, OpenRoadState

__all__ = ["OpenRoadGame", "OpenRoadState"]
