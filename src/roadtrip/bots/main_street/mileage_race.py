"""Your Mileage May Vary with several mats: the chance to finish first.

Each mat's turns still needed (from its next turn) under the two-fill-up policy
have an exact mean and standard deviation (``tables/mileage.json``); scaled by
the expert's pace (it plays faster than that policy), their distribution is
taken as 1 + a negative binomial with those two moments, or 1 + a Poisson when
the turns vary less than that allows.  After this seat's turn
every other mat has one turn before its next, so this mat wins when it needs
fewer turns than every other: ``sum_t P(T_me = t) prod_j P(T_j > t)``.
"""

from __future__ import annotations

from functools import lru_cache
from math import exp, lgamma, log

from roadtrip.bots.main_street.mileage_solver import Mat, canonical, complete

HORIZON = 80  # turns followed (the tail beyond is lumped into the last)


def turn_distribution(mean: float, sd: float) -> tuple[float, ...]:
    """P(T = t) for t = 0..HORIZON (T >= 1 unless the mean is 0), T - 1 negative
    binomial (or Poisson) with the mean and sd given; the tail in the last."""
    if mean <= 0.0:
        return (1.0,) + (0.0,) * HORIZON
    extra = max(mean - 1.0, 0.0)
    variance = sd * sd
    pmf = [0.0] * (HORIZON + 1)
    if extra <= 1e-12:
        pmf[1] = 1.0
        return tuple(pmf)
    if variance > extra * (1.0 + 1e-9):
        p = extra / variance  # success chance
        r = extra * p / (1.0 - p)
        for k in range(HORIZON):
            pmf[k + 1] = exp(
                lgamma(k + r) - lgamma(r) - lgamma(k + 1) + r * log(p) + k * log(1.0 - p)
            )
    else:
        for k in range(HORIZON):
            pmf[k + 1] = exp(k * log(extra) - extra - lgamma(k + 1))
    pmf[HORIZON] += max(0.0, 1.0 - sum(pmf))
    return tuple(pmf)


class RaceModel:
    """Win chances from the solved table's means and spreads (canonical mats)."""

    def __init__(
        self, values: dict[Mat, float], spreads: dict[Mat, float], pace: float = 1.0
    ) -> None:
        self.values = values
        self.spreads = spreads
        self.pace = pace  # turns played per table turn (the table's policy is slower)

    @lru_cache(maxsize=65536)  # noqa: B019 - one model per process, kept for its life
    def distribution(self, mat: Mat) -> tuple[float, ...]:
        if complete(mat):
            return turn_distribution(0.0, 0.0)
        key = canonical(mat)
        return turn_distribution(self.pace * self.values[key], self.pace * self.spreads[key])

    @lru_cache(maxsize=4096)  # noqa: B019
    def survival(self, others: tuple[Mat, ...]) -> tuple[float, ...]:
        """P(every other mat needs more than t turns), t = 0..HORIZON."""
        out = [1.0] * (HORIZON + 1)
        for other in others:
            pmf = self.distribution(other)
            left = 1.0
            for t in range(HORIZON + 1):
                left -= pmf[t]
                out[t] *= max(left, 0.0)
        return tuple(out)

    def win_chance(self, mine: Mat, others: tuple[Mat, ...]) -> float:
        """The chance that ``mine`` (after this seat's turn) completes first."""
        if complete(mine):
            return 1.0
        pmf = self.distribution(mine)
        survive = self.survival(others)
        return sum(p * s for p, s in zip(pmf, survive, strict=True))


__all__ = ["HORIZON", "RaceModel", "turn_distribution"]
