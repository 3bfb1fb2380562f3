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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Z95 = 1.959963984540054  # the two-sided 95% quantile of the normal distribution

Paired = Mapping[int, tuple[Sequence[float], Sequence[float]]]
"""Per action, its samples' wins and scores in order, where an engine drew them on
common random numbers: the k-th sample of every action shares its dice and hidden
cards, so best-minus-chosen can be judged sample by sample (a paired interval)."""


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
    win_exact: bool = False  # the win figure is exact (a solver's), the score sampled


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
        # A chance to win lies in 0..1 whatever an engine's arithmetic gave.
        win = min(max(estimate.win, 0.0), 1.0)
        if estimate.exact:
            win_interval = Interval(win, win)
            score_interval = Interval(estimate.score, estimate.score)
        else:
            if estimate.win_exact:
                win_interval = Interval(win, win)
            else:
                win_interval = wilson_interval(win, estimate.samples)
            score_interval = mean_interval(
                estimate.score, estimate.score_variance, estimate.samples
            )
        return cls(
            action=estimate.action,
            label=label,
            win=win,
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
class Loss:
    """What a choice gives up against the best: the chance to win (``win``, in
    -1..1) and the score (points fewer, or turns more), each with its 95% interval;
    ``paired`` says the intervals come from paired samples (common random
    numbers), else from the two choices' own intervals (wider: conservative)."""

    win: float
    win_interval: Interval
    score: float
    score_interval: Interval
    paired: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "win": self.win,
            "win_interval": self.win_interval.to_json(),
            "score": self.score,
            "score_interval": self.score_interval.to_json(),
            "paired": self.paired,
        }


def _paired_interval(differences: list[float]) -> Interval:
    """The normal 95% interval of the mean of paired differences."""
    n = len(differences)
    if n < 2:
        return mean_interval(0.0, 0.0, n)
    mean = sum(differences) / n
    return mean_interval(mean, sum((d - mean) ** 2 for d in differences) / (n - 1), n)


def _around(interval: Interval, value: float, low: float, high: float) -> Interval:
    """``interval`` kept inside ``low``..``high`` and around ``value``."""
    return Interval(max(low, min(interval.low, value)), min(high, max(interval.high, value)))


def loss_of(
    best: Advice, chosen: Advice, lower_is_better: bool, paired: Paired | None = None
) -> Loss:
    """What ``chosen`` gives up against ``best`` (see :class:`Loss`)."""
    sign = -1.0 if lower_is_better else 1.0
    win = best.win - chosen.win
    score = sign * (best.score - chosen.score)
    pair = None
    if paired and best.action in paired and chosen.action in paired:
        one, two = paired[best.action], paired[chosen.action]
        if len(one[0]) == len(two[0]) >= 2:
            pair = one, two
    if best.exact and chosen.exact:
        return Loss(win, Interval(win, win), score, Interval(score, score), True)
    win_exact = _zero(best.win_interval) and _zero(chosen.win_interval)
    if pair is not None:
        (wins_b, scores_b), (wins_c, scores_c) = pair
        win_interval = _paired_interval([b - c for b, c in zip(wins_b, wins_c, strict=True)])
        score_interval = _paired_interval(
            [sign * (b - c) for b, c in zip(scores_b, scores_c, strict=True)]
        )
    else:
        win_interval = Interval(
            best.win_interval.low - chosen.win_interval.high,
            best.win_interval.high - chosen.win_interval.low,
        )
        b, c = best.score_interval, chosen.score_interval
        score_interval = (
            Interval(c.low - b.high, c.high - b.low)
            if lower_is_better
            else Interval(b.low - c.high, b.high - c.low)
        )
    if win_exact:
        win_interval = Interval(win, win)
    return Loss(
        win,
        _around(win_interval, win, -1.0, 1.0),
        score,
        _around(score_interval, score, -math.inf, math.inf),
        pair is not None,
    )


def _zero(interval: Interval) -> bool:
    return interval.low == interval.high


@dataclass(frozen=True)
class AdviceReport:
    """Every legal decision of ``seat``, best first, and how the figures were made:
    ``method`` names the engine, ``score_name`` what the score counts (points,
    "expected turns"...), ``lower_is_better`` its direction; ``units`` the units of
    work of the budget (0 for an exact engine), ``seed`` the seed the figures were
    drawn with, ``capped`` whether the safety cap cut the work short (the figures
    then depend on the machine's speed); ``paired`` the engine's paired samples,
    if any (for :meth:`loss`)."""

    seat: int
    choices: tuple[Advice, ...]
    method: str
    score_name: str
    lower_is_better: bool
    samples: int
    seconds: float
    units: int = 0
    seed: str = ""
    capped: bool = False
    paired: Paired = field(default_factory=dict, compare=False, repr=False)

    @property
    def best(self) -> Advice:
        return self.choices[0]

    def choice(self, action: int) -> Advice:
        """The advice on ``action`` (KeyError if it is not a legal decision here)."""
        for advice in self.choices:
            if advice.action == action:
                return advice
        raise KeyError(action)

    def loss(self, action: int) -> Loss:
        """What ``action`` gives up against the best choice, with its intervals."""
        return loss_of(self.best, self.choice(action), self.lower_is_better, self.paired)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "method": self.method,
            "score_name": self.score_name,
            "lower_is_better": self.lower_is_better,
            "samples": self.samples,
            "units": self.units,
            "seed": self.seed,
            "capped": self.capped,
            "seconds": round(self.seconds, 3),
            "choices": [advice.to_json() for advice in self.choices],
        }


def rank_key(advice: Advice, lower_is_better: bool) -> tuple[float, float, float, int]:
    """Best first: the higher chance to win by the low end of its 95% interval (so
    that an action a search tried a handful of times is not "best" by luck: its
    interval is wide), then by its estimate, then the better score, then the
    action.  Exact figures rank by their value."""
    score = advice.score if lower_is_better else -advice.score
    low = advice.win if advice.exact else advice.win_interval.low
    return (-low, -advice.win, score, advice.action)
