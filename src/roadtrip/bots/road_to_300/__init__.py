"""Road to 300's bots: the greedy player and the expert (expectimax over the next roll)."""

from roadtrip.bots.road_to_300.expert import ExpertRoadTo300Bot, make_expert_bot
from roadtrip.bots.road_to_300.greedy import GreedyRoadTo300Bot

__all__ = ["ExpertRoadTo300Bot", "GreedyRoadTo300Bot", "make_expert_bot"]
