"""America's Main Street bots, "threshold", "push-your-luck" and "expert", for both games.

``odds`` holds what they share (exact odds from the bag), ``kicks`` and ``mileage``
each game's bots; :func:`make_threshold_bot` and :func:`make_push_your_luck_bot` are
the factories registered in :mod:`roadtrip.bots`, picking the game's own class.
"""

from __future__ import annotations

from roadtrip.bots.base import Bot
from roadtrip.bots.main_street.kicks import PushYourLuckKicksBot, ThresholdKicksBot
from roadtrip.bots.main_street.kicks_expert import ExpertKicksBot
from roadtrip.bots.main_street.mileage import PushYourLuckMileageBot, ThresholdMileageBot
from roadtrip.bots.main_street.mileage_expert import ExpertMileageBot
from roadtrip.bots.main_street.odds import (
    FILL_UP,
    KICKS,
    MAIN_STREET_GAMES,
    MILEAGE,
    capped_means,
    color_counts,
    draw_bust_odds,
    fill_up_bust_odds,
    hypergeometric,
    mean_capped,
    only_choice,
)
from roadtrip.core.errors import NotSupported
from roadtrip.core.game import Game

__all__ = [
    "FILL_UP",
    "KICKS",
    "MAIN_STREET_GAMES",
    "MILEAGE",
    "capped_means",
    "color_counts",
    "draw_bust_odds",
    "fill_up_bust_odds",
    "hypergeometric",
    "make_expert_bot",
    "make_push_your_luck_bot",
    "make_threshold_bot",
    "mean_capped",
    "only_choice",
]


def _require(game: Game) -> str:
    if game.id not in MAIN_STREET_GAMES:
        raise NotSupported(f"this bot plays {' and '.join(MAIN_STREET_GAMES)}, not {game.id}")
    return game.id


def make_threshold_bot(game: Game) -> Bot:
    """The "threshold" bot of ``game`` (either America's Main Street game)."""
    if _require(game) == KICKS:
        return ThresholdKicksBot(game)
    return ThresholdMileageBot(game)


def make_push_your_luck_bot(game: Game) -> Bot:
    """The "push-your-luck" bot of ``game`` (either America's Main Street game)."""
    if _require(game) == KICKS:
        return PushYourLuckKicksBot(game)
    return PushYourLuckMileageBot(game)


def make_expert_bot(game: Game) -> Bot:
    """The "expert" bot of ``game``: the solved solo policy, and turns solved for
    winning with several mats."""
    if _require(game) == KICKS:
        return ExpertKicksBot(game)
    return ExpertMileageBot(game)
