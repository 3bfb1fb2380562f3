"""The advisor's figures: per-decision estimates and their 95% intervals.

An engine (a search, a Monte Carlo sampler or an exact solver) estimates, for each
legal action of a seat, the seat's chance to win and its expected score, with the
sample variance of each (from sums of squares) and the number of samples behind
them.  :class:`Advice` turns one estimate into what a player reads: a label, the
two figures and their 95% intervals.  A win chance (a mean of returns in 0..1)
gets a Wilson score interval, which stays inside 0..1 and is honest about a
handful of losses; a score gets the normal interval of a mean.  Exact figures (a
solver's) have zero-width intervals.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054  # the two-sided 95% quantile of the normal distribution


@dataclass(frozen=True)
class Estimate:
    """An engine's figures for one action: ``samples`` playouts (0 with ``exact``)
    gave a mean ``win`` and ``score`` with these sample variances."""

    action: int
    samples: int
    win: float
    score: float
    win_variance: float = 0.0
    score_variance: float = 0.0
    exact: bool = False


@dataclass(frozen=True)
class Interval:
    """A 95% interval; unbounded sides are infinite (too few samples to say)."""

    low: float
    high: float

    def __contains__(self, value: float) -> bool:
        return self.low <= value <= self.high

    def to_json(self) -> list[float | None]:
        return [_finite(self.low), _finite(self.high)]


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


def wilson_interval(mean: float, samples: int) -> Interval:
    """The Wilson score interval of a mean of values in 0..1 (contains ``mean``)."""
    if samples <= 0:
        return Interval(0.0, 1.0)
    p = min(max(mean, 0.0), 1.0)
    z2 = Z95 * Z95
    denominator = 1 + z2 / samples
    centre = (p + z2 / (2 * samples)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / samples + z2 / (4 * samples * samples)) / denominator
    return Interval(max(0.0, min(centre - half, p)), min(1.0, max(centre + half, p)))


def mean_interval(mean: float, variance: float, samples: int) -> Interval:
    """The normal 95% interval of a mean with this sample variance (unbounded
    below two samples)."""
    if samples < 2:
        return Interval(-math.inf, math.inf)
    half = Z95 * math.sqrt(max(variance, 0.0) / samples)
    return Interval(mean - half, mean + half)


@dataclass(frozen=True)
class Advice:
    """One legal decision as the advisor sees it."""

    action: int
    label: str
    win: float
    win_interval: Interval
    score: float
    score_interval: Interval
    samples: int
    exact: bool

    @classmethod
    def of(cls, estimate: Estimate, label: str) -> Advice:
        if estimate.exact:
            win_interval = Interval(estimate.win, estimate.win)
            score_interval = Interval(estimate.score, estimate.score)
        else:
            win_interval = wilson_interval(estimate.win, estimate.samples)
            score_interval = mean_interval(
                estimate.score, estimate.score_variance, estimate.samples
            )
        return cls(
            action=estimate.action,
            label=label,
            win=estimate.win,
            win_interval=win_interval,
            score=estimate.score,
            score_interval=score_interval,
            samples=estimate.samples,
            exact=estimate.exact,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "label": self.label,
            "win": self.win,
            "win_interval": self.win_interval.to_json(),
            "score": self.score,
            "score_interval": self.score_interval.to_json(),
            "samples": self.samples,
            "exact": self.exact,
        }


@dataclass(frozen=True)
class AdviceReport:
    """Every legal decision of ``seat``, best first, and how the figures were made:
    ``method`` names the engine, ``score_name`` what the score counts (points,
    "expected turns"...), ``lower_is_better`` its direction."""

    seat: int
    choices: tuple[Advice, ...]
    method: str
    score_name: str
    lower_is_better: bool
    samples: int
    seconds: float

    @property
    def best(self) -> Advice:
        return self.choices[0]

    def choice(self, action: int) -> Advice:
        """The advice on ``action`` (KeyError if it is not a legal decision here)."""
        for advice in self.choices:
            if advice.action == action:
                return advice
        raise KeyError(action)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "method": self.method,
            "score_name": self.score_name,
            "lower_is_better": self.lower_is_better,
            "samples": self.samples,
            "seconds": round(self.seconds, 3),
            "choices": [advice.to_json() for advice in self.choices],
        }


def rank_key(advice: Advice, lower_is_better: bool) -> tuple[float, float, int]:
    """Best first: the higher chance to win, then the better score, then the action."""
    score = advice.score if lower_is_better else -advice.score
    return (-advice.win, score, advice.action)
