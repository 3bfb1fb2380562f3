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
from roadtrip.bots.random_bot import RandomBot

register_bot("random", RandomBot, "uniform random among the legal actions")

__all__ = [
    "Bot",
    "Observation",
    "RandomBot",
    "UnknownBot",
    "bot_names",
    "bot_summary",
    "make_bot",
    "observe",
    "register_bot",
]
