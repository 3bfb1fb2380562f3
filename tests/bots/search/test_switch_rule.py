"""The shared switch rule: the base move stands unless another is clearly better."""

from __future__ import annotations

from random import Random

import pytest

from roadtrip.bots.search.evaluation import SearchSettingError
from roadtrip.bots.search.switch import (
    CONFIDENCE,
    MIN_SAMPLES,
    SwitchRule,
    clearly_better,
    t_quantile,
)


def _noisy(rng: Random, mean: float, n: int) -> list[float]:
    return [mean + rng.gauss(0.0, 1.0) for _ in range(n)]


def test_a_candidate_equal_to_the_base_in_distribution_is_rarely_switched_to() -> None:
    """Paired samples of two moves worth the same: at most about 1 - confidence of
    the tests switch (one-sided 95%: some 5%)."""
    rng = Random(7)
    trials = 2000
    switched = sum(
        clearly_better(_noisy(rng, 0.5, 40), _noisy(rng, 0.5, 40)) for _ in range(trials)
    )
    assert switched / trials < 0.08


def test_the_best_of_several_equal_candidates_is_rarely_switched_to_when_corrected() -> None:
    """Three candidates no better than the base, the best of them tested with the
    Bonferroni correction: any switch stays rare (uncorrected it would be ~3x)."""
    rng = Random(11)
    trials = 1500
    corrected = uncorrected = 0
    for _ in range(trials):
        base = _noisy(rng, 0.0, 30)
        others = [_noisy(rng, 0.0, 30) for _ in range(3)]
        corrected += any(clearly_better(o, base, comparisons=3) for o in others)
        uncorrected += any(clearly_better(o, base) for o in others)
    assert corrected / trials < 0.07
    assert uncorrected > corrected


def test_a_clearly_better_candidate_is_switched_to() -> None:
    rng = Random(3)
    switched = sum(
        clearly_better(_noisy(rng, 1.5, 30), _noisy(rng, 0.0, 30), comparisons=2)
        for _ in range(200)
    )
    assert switched >= 195


def test_too_few_samples_never_switch() -> None:
    """Below the minimum of paired samples the base stands, however large the lead."""
    few = MIN_SAMPLES - 1
    assert not clearly_better([1.0] * few, [0.0] * few)
    assert clearly_better([1.0] * MIN_SAMPLES, [0.0] * MIN_SAMPLES)  # no spread: exact
    assert not clearly_better([0.0] * MIN_SAMPLES, [0.0] * MIN_SAMPLES)  # a tie stays


def test_only_the_paired_samples_both_have_count() -> None:
    base = [0.0] * 5
    assert not clearly_better([1.0] * 50, base)  # 5 shared samples only


def test_a_worse_candidate_is_never_switched_to() -> None:
    rng = Random(5)
    assert not any(clearly_better(_noisy(rng, -0.5, 30), _noisy(rng, 0.0, 30)) for _ in range(100))


def test_the_t_quantile_is_close_to_the_tables() -> None:
    """One-sided 95%: 1.833 at 9 degrees of freedom, 1.699 at 29, 1.645 at infinity."""
    assert t_quantile(0.95, 9) == pytest.approx(1.833, abs=0.01)
    assert t_quantile(0.95, 29) == pytest.approx(1.699, abs=0.005)
    assert t_quantile(0.95, 10**6) == pytest.approx(1.645, abs=0.001)


def test_bad_settings_are_rejected() -> None:
    with pytest.raises(SearchSettingError):
        SwitchRule(min_samples=1)
    with pytest.raises(SearchSettingError):
        SwitchRule(confidence=1.0)
    with pytest.raises(SearchSettingError):
        clearly_better([1.0], [0.0], comparisons=0)
    assert SwitchRule().confidence == CONFIDENCE
