"""What the America's Main Street bots share: the exact odds from the bag.

Both games are push-your-luck loops: after each draw (Get Your Kicks) or fill-up
(Your Mileage May Vary) the seat whose turn it is stops (``STOP``) or goes on
(``GO_ON``).  The bots read only their observation's view: the bag's contents
(this turn's cubes are already out of it), this turn's cubes, the fuel colours
and every mat.

* :func:`draw_bust_odds` and :func:`fill_up_bust_odds` give the exact chance that
  the next draw or fill-up busts, as a (numerator, denominator) pair of integers.
* :func:`hypergeometric` gives the distribution of how many cubes of one colour a
  fill-up brings, and :func:`mean_capped` how many of them fill open boxes.
* :class:`StopOrGoBot` is the base of every Main Street bot: where there is
  nothing to decide it plays the only choice (:func:`only_choice`), else it asks
  the bot's :meth:`StopOrGoBot.decide` with the seat's view.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from math import comb
from random import Random
from typing import Any

from roadtrip.bots.base import Observation, Observed, legal_or_raise
from roadtrip.core.game import Game
from roadtrip.games.main_street.base import GO_ON, STOP
from roadtrip.games.main_street.data import NUM_COLORS

KICKS = "get-your-kicks"
MILEAGE = "mileage-may-vary"
MAIN_STREET_GAMES = (KICKS, MILEAGE)

FILL_UP = 3  # cubes in a Your Mileage May Vary fill-up

__all__ = [
    "FILL_UP",
    "KICKS",
    "MAIN_STREET_GAMES",
    "MILEAGE",
    "StopOrGoBot",
    "capped_means",
    "color_counts",
    "draw_bust_odds",
    "fill_up_bust_odds",
    "hypergeometric",
    "mean_capped",
    "only_choice",
]


def only_choice(observation: Observed) -> int | None:
    """The action when there is nothing to decide (STOP alone is legal), else None.

    Raises IllegalMove when the seat has no legal action at all.
    """
    legal = legal_or_raise(observation)
    if GO_ON not in legal:
        return legal[0]
    if STOP not in legal:
        return GO_ON
    return None


class StopOrGoBot:
    """Base of the Main Street bots: STOP or GO_ON after each draw or fill-up."""

    name = ""

    def __init__(self, game: Game | None = None) -> None:
        self.game = game

    def choose(self, observation: Observation, rng: Random) -> int:
        forced = only_choice(observation)
        if forced is not None:
            return forced
        return self.decide(observation.view, observation.seat)

    def decide(self, view: dict[str, Any], seat: int) -> int:
        """STOP or GO_ON for ``seat``, both legal, from its ``view``."""
        raise NotImplementedError


def color_counts(cubes: Iterable[int]) -> list[int]:
    """How many cubes of each colour a list of cubes holds."""
    counts = [0] * NUM_COLORS
    for cube in cubes:
        counts[cube] += 1
    return counts


def draw_bust_odds(bag: Sequence[int], busting: Iterable[int]) -> tuple[int, int]:
    """The chance that one cube drawn from ``bag`` has a colour in ``busting``
    (Get Your Kicks: the colours already in the casino), as (numerator,
    denominator).  An empty bag gives (0, 1)."""
    total = sum(bag)
    if not total:
        return 0, 1
    return sum(bag[c] for c in set(busting)), total


def fill_up_bust_odds(
    bag: Sequence[int], fuel: Iterable[int], size: int = FILL_UP
) -> tuple[int, int]:
    """The chance that a fill-up busts: ``min(size, cubes in the bag)`` cubes drawn
    without replacement from ``bag``, none of them a ``fuel`` colour.

    Exact hypergeometric counting, (numerator, denominator): with N cubes in the
    bag, M of them fuel, and n drawn, C(N - M, n) / C(N, n).  A short bag (fewer
    than ``size`` cubes) draws what is left; an empty bag gives (0, 1).
    """
    total = sum(bag)
    drawn = min(size, total)
    if not drawn:
        return 0, 1
    matching = sum(bag[c] for c in set(fuel))
    return comb(total - matching, drawn), comb(total, drawn)


@lru_cache(maxsize=4096)
def hypergeometric(total: int, good: int, drawn: int) -> tuple[float, ...]:
    """P(k of the ``drawn`` cubes are among ``good``), k = 0..drawn, when ``drawn``
    cubes are taken without replacement from ``total`` cubes."""
    ways = comb(total, drawn)
    if not ways:
        return (1.0,) + (0.0,) * drawn
    return tuple(comb(good, k) * comb(total - good, drawn - k) / ways for k in range(drawn + 1))


@lru_cache(maxsize=65536)
def capped_means(total: int, good: int, drawn: int) -> tuple[float, ...]:
    """E[min(K, cap)] for cap = 0..drawn, K the number of ``good`` cubes among
    ``drawn`` taken from ``total`` (hypergeometric); a cap above ``drawn`` is the
    same as ``drawn``."""
    distribution = hypergeometric(total, good, drawn)
    return tuple(
        sum(p * min(k, cap) for k, p in enumerate(distribution)) for cap in range(drawn + 1)
    )


def mean_capped(total: int, good: int, drawn: int, cap: int) -> float:
    """E[min(K, cap)] for K as in :func:`capped_means` (0 for a cap of 0 or less)."""
    if cap <= 0:
        return 0.0
    return capped_means(total, good, drawn)[min(cap, drawn)]
