"""Road Rally USA's bots: the heuristic player (``heuristic.py``) and the position
evaluation it uses (``evaluation.py``)."""

from roadtrip.bots.road_rally.heuristic import (
    ROAD_RALLY_COLOR_BOTS,
    RoadRallyBot,
    road_rally_bot_factory,
)

__all__ = ["ROAD_RALLY_COLOR_BOTS", "RoadRallyBot", "road_rally_bot_factory"]
