"""Comparisons that fit the design: runs on the same seeds compared game by game
(McNemar, Wilcoxon signed-rank, paired intervals), other runs unpaired and said
so, Holm's correction over a comparison's figures, and a family-wise error of at
most 5%: two identical variants are flagged in at most 10 of 100 repetitions."""

from __future__ import annotations

import gc
from dataclasses import replace

import numpy as np
import pytest
from scipy import stats as sps
from statsmodels.stats.multitest import multipletests

from roadtrip.sim.game_table import TableBuilder
from roadtrip.sim.report import ResultSet
from roadtrip.sim.runner import simulate_run
from roadtrip.sim.significance import (
    compare_runs,
    format_p,
    holm,
    paired_mean,
    paired_rate,
    unpaired_rate,
)


def run_set(label: str, game: str, options: dict[str, object], bots: str, games: int, seed: int):  # type: ignore[no-untyped-def]
    """A run with its per-game table, as a study keeps it."""
    builder = TableBuilder()
    summary, tally = simulate_run(
        game,
        dict(options),
        bots,
        games,
        seed,
        engine=True,
        record=lambda chunk: builder.add_all(chunk.start, chunk.results),
    )
    return ResultSet(label, summary, tally, builder.build())


def test_paired_rate_is_mcnemar_exact_on_the_discordant_games() -> None:
    a = np.array([1.0] * 12 + [0.0] * 3 + [1.0] * 40 + [0.0] * 45)
    b = np.array([0.0] * 12 + [1.0] * 3 + [1.0] * 40 + [0.0] * 45)
    diff = paired_rate("x", a, b)
    assert diff.test == "McNemar exact"
    assert diff.p_value == pytest.approx(sps.binomtest(3, 15, 0.5).pvalue)
    assert diff.b - diff.a == pytest.approx(-0.09)
    assert diff.low < -0.09 < diff.high < 0


def test_paired_mean_is_wilcoxon_with_a_paired_interval() -> None:
    rng = np.random.default_rng(1)
    a = rng.normal(10, 3, 200)
    b = a + rng.normal(0.5, 1, 200)
    diff = paired_mean("x", a, b)
    assert diff.p_value == pytest.approx(sps.wilcoxon(b - a).pvalue)
    interval = sps.ttest_rel(b, a).confidence_interval()
    assert (diff.low, diff.high) == pytest.approx((interval.low, interval.high))
    same = paired_mean("same", a, a.copy())
    assert same.p_value == 1.0 and same.low == same.high == 0.0


def test_holm_adjusts_like_statsmodels_and_never_lowers_p() -> None:
    found = [unpaired_rate(f"f{n}", np.array([1.0] * n + [0.0] * 50), np.ones(20)) for n in (5, 25)]
    adjusted = holm(found)
    expected = multipletests([d.p_value for d in found], method="holm")[1]
    assert [d.p_adjusted for d in adjusted] == pytest.approx(list(expected))
    assert all(d.p_adjusted >= d.p_value for d in adjusted)


def test_same_seeds_are_paired_other_seeds_unpaired_and_said_so() -> None:
    base = run_set("300", "road-to-300", {"target": 300}, "greedy", 60, 1)
    lower = run_set("200", "road-to-300", {"target": 200}, "greedy", 60, 1)
    paired = compare_runs(base, lower)
    assert paired.paired and paired.design.startswith("paired") and paired.games == 60
    win = next(d for d in paired.differences if d.what == "seat 1 win rate")
    assert win.test.startswith("McNemar") and win.significant  # a lower target: more wins
    other = run_set("200, seed 2", "road-to-300", {"target": 200}, "greedy", 60, 2)
    unpaired = compare_runs(base, other)
    assert not unpaired.paired and "different seeds (1 and 2)" in unpaired.design
    assert {d.test for d in unpaired.differences} <= {"score test", "Mann-Whitney"}


def test_every_seat_figure_gets_a_test() -> None:
    a = run_set("a", "road-to-300", {"players": 3}, "random", 20, 1)
    b = run_set("b", "road-to-300", {"players": 3, "cross_standing": True}, "random", 20, 1)
    names = {d.what for d in compare_runs(a, b).differences}
    for seat in (1, 2, 3):
        assert {f"seat {seat} win rate", f"seat {seat} score"} <= names
        assert f"seat {seat} finishing position" in names


def test_two_identical_variants_are_flagged_at_most_10_times_in_100() -> None:
    """The null holds: the same variant twice.  On the same seeds every game is the
    same (nothing can be flagged).  On independent games, each run 30 games drawn
    from one pool of the variant's games, compared paired (game i against game i,
    as a study pairs them) and unpaired, Holm keeps the family-wise error at 5%: at
    most 10 of 100 repetitions may flag any figure."""
    options = {"players": 2}
    same = compare_runs(
        run_set("a", "road-to-300", options, "random", 30, 7),
        run_set("b", "road-to-300", options, "random", 30, 7),
    )
    assert not same.significant
    pool = run_set("pool", "road-to-300", options, "random", 1500, 1)
    assert pool.games is not None
    rng = np.random.default_rng(26)
    gc.freeze()  # statsmodels' multipletests runs gc.collect(): keep it from rescanning the heap
    flagged_paired = flagged_unpaired = 0
    for _ in range(100):
        a, b = (
            replace(pool, games=replace(pool.games.take(rows), index=np.arange(30)))
            for rows in rng.choice(pool.games.games, size=(2, 30), replace=False)
        )
        comparison = compare_runs(a, b)
        assert comparison.paired
        flagged_paired += bool(comparison.significant)
        other_seed = replace(b, summary=replace(b.summary, seed=2))
        unpaired = compare_runs(a, other_seed)
        assert not unpaired.paired
        flagged_unpaired += bool(unpaired.significant)
    gc.unfreeze()
    assert flagged_paired <= 10 and flagged_unpaired <= 10, (flagged_paired, flagged_unpaired)


def test_p_values_read_well() -> None:
    assert format_p(0.04321) == "0.0432" and format_p(1e-9) == "< 0.0001"
