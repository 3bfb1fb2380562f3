"""Road to 300's bots: the greedy player (mobility and points)."""

from roadtrip.bots.road_to_300.greedy import GreedyRoadTo300Bot

__all__ = ["GreedyRoadTo300Bot"]
