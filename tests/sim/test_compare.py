"""Significance tests of ``roadtrip report``'s comparisons: the same p-values as
the textbook formulas (and SciPy where it is installed), and the words a report
uses for a clearly significant and a clearly insignificant difference."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from roadtrip.sim.compare import (
    format_p,
    mann_whitney_test,
    mann_whitney_u,
    run_differences,
    two_proportion_test,
)
from roadtrip.sim.runner import simulate_run


def test_two_proportion_z_test_matches_the_formula() -> None:
    # 30/100 against 45/110: pooled p = 75/210, z = -1.6482, two-sided p = 0.0993995.
    diff = two_proportion_test("x", 30, 100, 45, 110)
    assert diff.p_value == pytest.approx(0.0993995, abs=1e-6)
    assert (diff.a, diff.b) == (0.3, pytest.approx(45 / 110))
    assert diff.low < diff.b - diff.a < diff.high
    assert not diff.significant
    assert two_proportion_test("x", 0, 50, 0, 50).p_value == 1.0  # nothing varies
    assert two_proportion_test("x", 10, 100, 40, 100).significant


def test_mann_whitney_matches_the_formula_and_scipy() -> None:
    # a = [1, 2, 3], b = [4, 5, 6]: U_a = 0, z = (4.5 - 0.5) / sqrt(5.25), p = 0.0808556.
    u, p_value = mann_whitney_u(Counter([1, 2, 3]), Counter([4, 5, 6]))
    assert u == 0.0 and p_value == pytest.approx(0.0808556, abs=1e-6)
    # All tied: U = 5 * 9 / 2 and nothing to tell apart.
    assert mann_whitney_u(Counter({7: 5}), Counter({7: 9})) == (22.5, 1.0)
    rng = random.Random(1)
    a = [rng.randint(0, 10) for _ in range(300)]
    b = [rng.randint(1, 11) for _ in range(250)]
    stats = pytest.importorskip("scipy.stats")
    expected = stats.mannwhitneyu(a, b, method="asymptotic")
    u, p_value = mann_whitney_u(Counter(a), Counter(b))
    assert u == expected.statistic and p_value == pytest.approx(expected.pvalue, rel=1e-9)
    table = [[30, 70], [45, 65]]
    chi = stats.chi2_contingency(table, correction=False)
    assert two_proportion_test("x", 30, 100, 45, 110).p_value == pytest.approx(chi.pvalue)


def test_mean_interval_is_welch() -> None:
    diff = mann_whitney_test("score", Counter({0.0: 50, 10.0: 50}), Counter({5.0: 100}))
    assert diff.a == diff.b == 5.0
    # var_a = 2500/99 over 100 games; var_b = 0: half width 1.96 * sqrt(25.2525/100)
    assert diff.high == pytest.approx(1.959964 * (2500 / 99 / 100) ** 0.5, rel=1e-6)


def test_p_values_read_well() -> None:
    assert format_p(0.04567) == "0.0457" and format_p(3e-9) == "< 0.0001"


def test_words_for_a_clearly_significant_difference() -> None:
    """Greedy against random at Road to 300 (solo): 24% of wins against none, 262
    points against 150: both differences are significant, and the report says so."""
    greedy = simulate_run("road-to-300", {}, "greedy", 150, seed=1)
    random_bot = simulate_run("road-to-300", {}, "random", 150, seed=1)
    differences = {d.what: d for d in run_differences(*greedy, *random_bot)}
    score = differences["seat 1 score"]
    assert score.significant and score.p_value < 1e-6
    assert score.sentence("greedy", "random").endswith(": significant")
    assert "(greedy) against" in score.sentence("greedy", "random")
    assert differences["seat 1 win rate"].significant


def test_words_for_a_clearly_insignificant_difference() -> None:
    """The same bots on two seeds: any difference is luck, and the report says it
    is not significant."""
    one = simulate_run("road-to-300", {}, "greedy", 150, seed=1)
    two = simulate_run("road-to-300", {}, "greedy", 150, seed=2)
    differences = {d.what: d for d in run_differences(*one, *two)}
    score = differences["seat 1 score"]
    assert not score.significant and score.p_value > 0.2
    sentence = score.sentence("seed 1", "seed 2")
    assert sentence.endswith("not significant (no evidence of a difference at the 5% level)")
    assert score.low < 0 < score.high  # the interval of the difference contains 0
