"""When a search may play something other than its base move: the shared switch rule.

A search that starts from a base policy (the heuristic's own choice in the race
experts' flat Monte Carlo) has a safe answer before it plays a single sample: the
base move.  Noise must never talk it out of that move.  The rule, shared by every
such search (:func:`clearly_better`):

- at least ``min_samples`` paired samples of the candidate and of the base (the
  same roots and dice for both, so their difference is measured, not their values);
- a one-sided interval test on the paired differences: the lower end of the
  ``confidence`` interval of their mean lies above 0;
- corrected for the candidates compared (Bonferroni): a search that compares ``k``
  candidates against the base and plays the best of them tests each at
  ``1 - (1 - confidence) / k``, so the chance that *any* candidate no better than
  the base is switched to stays below ``1 - confidence`` (picking the maximum of
  several noisy estimates, and pruning the rest, would otherwise inflate it).

The interval uses Student's t (SciPy's quantiles), since ``min_samples`` is small.
With all differences equal, the spread is 0: the candidate is clearly better
exactly when they are positive.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from roadtrip.bots.search.evaluation import SearchSettingError

MIN_SAMPLES = 12  # paired samples before any switch (fewer: the base stands)
CONFIDENCE = 0.95  # one-sided, for all the candidates compared together


@dataclass(frozen=True)
class SwitchRule:
    """The switch rule's settings (the defaults are the shared rule)."""

    min_samples: int = MIN_SAMPLES
    confidence: float = CONFIDENCE

    def __post_init__(self) -> None:
        if isinstance(self.min_samples, bool) or self.min_samples < 2:
            raise SearchSettingError(f"min_samples must be at least 2; got {self.min_samples!r}")
        if not 0.5 <= self.confidence < 1:
            raise SearchSettingError(f"confidence lies in [0.5, 1); got {self.confidence!r}")

    def clearly_better(
        self, candidate: Sequence[float], base: Sequence[float], comparisons: int = 1
    ) -> bool:
        """:func:`clearly_better` with these settings."""
        return clearly_better(
            candidate,
            base,
            min_samples=self.min_samples,
            confidence=self.confidence,
            comparisons=comparisons,
        )


def clearly_better(
    candidate_values: Sequence[float],
    base_values: Sequence[float],
    *,
    min_samples: int = MIN_SAMPLES,
    confidence: float = CONFIDENCE,
    comparisons: int = 1,
) -> bool:
    """Is the candidate clearly better than the base (see the module docstring)?
    ``candidate_values[i]`` and ``base_values[i]`` are sample ``i`` of each (paired);
    the samples both have count; ``comparisons``: how many candidates the search
    compares against the base (the Bonferroni correction)."""
    if comparisons < 1:
        raise SearchSettingError(f"comparisons must be at least 1; got {comparisons!r}")
    shared = min(len(candidate_values), len(base_values))
    if shared < max(2, min_samples):
        return False
    diffs = [candidate_values[i] - base_values[i] for i in range(shared)]
    mean = math.fsum(diffs) / shared
    variance = math.fsum((d - mean) ** 2 for d in diffs) / (shared - 1)
    if variance <= 0.0:
        return mean > 0
    alpha = (1.0 - confidence) / comparisons
    lower = mean - t_quantile(1.0 - alpha, shared - 1) * math.sqrt(variance / shared)
    return lower > 0


@lru_cache(maxsize=4096)
def t_quantile(p: float, freedom: int) -> float:
    """Student's t quantile ``p`` with ``freedom`` degrees of freedom (SciPy's,
    imported on first use: the command line and the server start without it)."""
    from scipy.stats import t

    return float(t.ppf(p, freedom))
