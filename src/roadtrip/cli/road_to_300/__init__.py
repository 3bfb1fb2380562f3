"""Road to 300 in the terminal: the sheet drawing and the player's prompts."""

from roadtrip.cli.road_to_300.board import RoadTo300UI

__all__ = ["RoadTo300UI"]
