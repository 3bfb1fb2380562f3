"""Road to 300's bots: the greedy player (here) and the expert
(:mod:`roadtrip.bots.road_to_300.expert`, imported on its own: it needs numpy)."""

from roadtrip.bots.road_to_300.greedy import GreedyRoadTo300Bot

__all__ = ["GreedyRoadTo300Bot"]
