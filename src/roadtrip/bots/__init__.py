"""Bots: the protocol, and the registered kinds (random, greedy, ...)."""

from roadtrip.bots.base import (
    Bot,
    Observation,
    UnknownBot,
    bot_names,
    bot_summary,
    make_bot,
    observe,
    register_bot,
)
from roadtrip.bots.greedy_road_to_300 import GreedyRoadTo300Bot
from roadtrip.bots.random_bot import RandomBot

register_bot("random", RandomBot, "uniform random among the legal actions")
register_bot(
    "greedy",
    GreedyRoadTo300Bot,
    "one decision ahead: the most valuable field now, cheap crossings, then mobility",
    games=("road-to-300",),
)

__all__ = [
    "Bot",
    "GreedyRoadTo300Bot",
    "Observation",
    "RandomBot",
    "UnknownBot",
    "bot_names",
    "bot_summary",
    "make_bot",
    "observe",
    "register_bot",
]
