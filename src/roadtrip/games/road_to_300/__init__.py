"""Road to 300: the solo dice game, and its competitive shared-roll mode."""

from roadtrip.games.road_to_300.rules import RoadTo300Game, RoadTo300State

__all__ = ["RoadTo300Game", "RoadTo300State"]
