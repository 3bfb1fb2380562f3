"""The verdict's graph of questions (roadtrip.sim.multiplicity): who wins with 80% of
the level, how they play with 20%, a flagged figure's level passed on within its
family first.  A fixed table of paired games with the start_fix study's counts (Road
Rally, 4 cars, 300 games, seed 1, heuristic bots) must flag the last starting place
in the report's opening lines; a change in game length alone must be flagged; two
identical runs must flag nothing; the adjusted p-values are those of Bretz et al.'s
sequential algorithm."""

from __future__ import annotations

import gc
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from statsmodels.stats.multitest import multipletests

from roadtrip.sim.columns import GameColumns
from roadtrip.sim.multiplicity import (
    PLAY,
    WINS,
    family_graph,
    graph_adjusted,
    graph_rejects,
    graphical,
)
from roadtrip.sim.report import ResultSet, report_html, result_set_of_rows
from roadtrip.sim.significance import compare_runs

SEATS = 4
# (starting place that won in the baseline, in the variant, games): the start_fix
# study's 300 paired games.  Per place, the games won only in the baseline and only
# in the variant are 15/23, 6/19, 12/11 and 32/12 (last place: 32.7% -> 26.0%,
# exact McNemar p = 0.0037, which Holm over all 17 figures put at 0.062).
TRANSITIONS = (
    (0, 0, 52), (1, 1, 54), (2, 2, 63), (3, 3, 66),
    (0, 1, 4), (0, 3, 11), (1, 0, 5), (1, 3, 1), (2, 0, 4), (2, 1, 8),
    (3, 0, 14), (3, 1, 7), (3, 2, 11),
)  # fmt: skip


def places_won() -> tuple[list[int], list[int]]:
    """The winning starting place of each game in the baseline and in the variant."""
    base: list[int] = []
    variant: list[int] = []
    for before, after, games in TRANSITIONS:
        base += [before] * games
        variant += [after] * games
    order = np.random.default_rng(26).permutation(len(base))  # spread over the games
    return [base[i] for i in order], [variant[i] for i in order]


def run_of(label: str, option: str, places: list[int], longer: int = 0) -> ResultSet:
    """A run whose game ``i`` the car in starting place ``places[i]`` won; the seats
    take the starting places in a turn that moves each game (the same in both runs,
    as the same seed draws the same starting row), so a place's change spreads over
    the seats.  ``longer``: rounds added to every other game (a variant that only
    lengthens the game)."""
    scores, returns, stats = [], [], []
    for game, place in enumerate(places):
        winner = (place + game) % SEATS
        scores.append([60.0 + 3 * (s == winner) + (game * 7 + s) % 5 for s in range(SEATS)])
        returns.append([1.0 if seat == winner else 0.0 for seat in range(SEATS)])
        stats.append({f"start.{place}.wins": 1})
    games = len(places)
    columns = GameColumns.from_parts(
        np.arange(games, dtype=np.int64),
        scores,
        returns,
        [40] * games,
        [18 + game % 3 + longer * (game % 2) for game in range(games)],
        ["finish"] * games,
        stats,
    )
    header = {
        "game": "road-rally",
        "seed": 1,
        "options": {"players": SEATS, "start_fix": option},
        "bots": ["heuristic"] * SEATS,
        "path": "engine",
    }
    return result_set_of_rows(columns.rows(header), label, Path(f"{label}.jsonl"))


@pytest.fixture(scope="module")
def study() -> tuple[ResultSet, ResultSet]:
    base, variant = places_won()
    return run_of("none", "none", base), run_of("off_start_other", "off_start_other", variant)


def test_the_start_fix_counts_flag_the_last_starting_place(
    study: tuple[ResultSet, ResultSet],
) -> None:
    comparison = compare_runs(*study)
    assert comparison.paired
    last = next(d for d in comparison.differences if d.what == "starting place 4 win rate")
    assert (last.a, last.b) == pytest.approx((98 / 300, 78 / 300))
    assert last.p_value == pytest.approx(0.003658, abs=1e-6)
    assert last.family == WINS and last.significant
    assert [d.what for d in comparison.significant] == ["starting place 4 win rate"]
    # Holm over the whole verdict, as before, would not have flagged it.
    raw = [d.p_value for d in comparison.differences]
    assert len(raw) == 17
    holm_all = multipletests(raw, method="holm")[1]
    assert holm_all[[d.what for d in comparison.differences].index(last.what)] > 0.05


def test_the_report_says_so_in_its_opening_lines(study: tuple[ResultSet, ResultSet]) -> None:
    html = report_html(list(study))
    answers = html[html.index("<h2>Answers</h2>") : html.index("</ul>", html.index("Answers"))]
    assert "1 significant change: starting place 4 win rate 32.7% to 26.0%" in answers
    # Its weight is 0.8 / 8 = 0.1 of the level: adjusted p = 0.00366 / 0.1.
    assert "McNemar exact p = 0.00366, adjusted p = 0.0366" in answers


def test_identical_runs_flag_nothing(study: tuple[ResultSet, ResultSet]) -> None:
    base, _ = study
    again = run_of("again", "off_start_other", places_won()[0])
    comparison = compare_runs(base, again)
    assert not comparison.significant
    assert all(d.p_value == 1.0 and d.p_adjusted == 1.0 for d in comparison.differences)
    assert "no figure changed significantly" in report_html([base, again])


def test_win_figures_come_first_and_the_rest_at_what_they_pass_on(
    study: tuple[ResultSet, ResultSet],
) -> None:
    families = [d.family for d in compare_runs(*study).differences]
    assert families == [WINS] * 8 + [PLAY] * 9  # 4 seats and 4 places; scores, places, length


def test_a_change_in_game_length_alone_is_flagged(study: tuple[ResultSet, ResultSet]) -> None:
    """A variant that only lengthens the game (a max_rounds option): no win rate
    moves, the length's paired p is tiny, and the play family's 20% of the level
    (0.2 / 9 each) flags it.  Parallel gatekeeping gave play nothing here."""
    base, _ = study
    longer = run_of("longer", "none", places_won()[0], longer=2)
    comparison = compare_runs(base, longer)
    length = next(d for d in comparison.differences if d.what == "game length (rounds)")
    assert length.family == PLAY and length.b - length.a == pytest.approx(1.0)
    assert length.p_value < 1e-10
    assert all(d.p_value == 1.0 for d in comparison.differences if d.family == WINS)
    assert [d.what for d in comparison.significant] == ["game length (rounds)"]
    # The first step: its p over its weight, 0.2 / 9 (no other figure moved).
    assert length.p_adjusted == pytest.approx(length.p_value * 9 / 0.2)


def test_adjusted_p_values_match_a_hand_worked_example() -> None:
    """Two win figures (weight 0.4 each), two play figures (0.1 each), p = 0.01,
    0.012 | 0.003, 0.5.  Step 1: ratios 0.025, 0.03 | 0.03, 5: reject W1 at 0.025,
    its 0.4 to W2 (0.8).  Step 2: W2 0.012 / 0.8 = 0.015, below the 0.025 already
    reached: adjusted max(0.015, 0.025) = 0.025; wins exhausted, their 0.8 split
    over play (0.5 each).  Step 3: P1 0.003 / 0.5 = 0.006: 0.025 again; its 0.5 to
    P2 (weight 1).  Step 4: P2 0.5 / 1 = 0.5."""
    wins, play = graphical([0.01, 0.012], [0.003, 0.5])
    assert wins == pytest.approx([0.025, 0.025], rel=1e-6)
    assert play == pytest.approx([0.025, 0.5], rel=1e-6)
    # The same with W2 at 0.04: W2 waits for P1 (0.03), then 0.04 / 0.8 = 0.05.
    wins, play = graphical([0.01, 0.04], [0.003, 0.5])
    assert wins == pytest.approx([0.025, 0.05], rel=1e-6)
    assert play == pytest.approx([0.03, 0.5], rel=1e-6)
    # One family alone is Holm within it; no figure at all, nothing.
    assert graphical([], [0.01, 0.04])[1] == pytest.approx([0.02, 0.04])
    assert graphical([0.01, 0.04], [])[0] == pytest.approx([0.02, 0.04])
    assert graphical([], []) == ([], [])


def test_the_graph_starts_80_20_and_passes_within_the_family_first() -> None:
    weights, transitions = family_graph(2, 3)
    assert weights == pytest.approx([0.4, 0.4, 0.2 / 3, 0.2 / 3, 0.2 / 3])
    assert transitions[0, 1] == pytest.approx(1.0) and transitions[0, 2] < 1e-8
    assert transitions[2, 3] == pytest.approx(0.5) and transitions[2, 0] < 1e-8
    assert transitions.sum(axis=1) == pytest.approx([1.0] * 5)
    # A family's only figure passes everything to the other family.
    assert family_graph(1, 2)[1][0].tolist() == pytest.approx([0.0, 0.5, 0.5])


def test_an_adjusted_p_is_the_least_level_at_which_the_algorithm_rejects() -> None:
    rng = np.random.default_rng(9)
    for _ in range(50):
        wins, play = int(rng.integers(0, 5)), int(rng.integers(0, 6))
        p = (rng.uniform(0, 0.03, wins + play) ** rng.uniform(1, 3)).tolist()
        weights, transitions = family_graph(wins, play)
        adjusted = graph_adjusted(p, weights, transitions)
        for alpha in (0.001, 0.005, 0.01, 0.02, 0.05, 0.1):
            rejected = graph_rejects(p, weights, transitions, alpha)
            assert [q <= alpha * (1 + 1e-9) for q in adjusted] == rejected, (p, alpha)
        # Whatever the epsilon edges' weight, the same result to its order.
        rough = graph_adjusted(p, *family_graph(wins, play, epsilon=1e-6))
        assert rough == pytest.approx(adjusted, rel=1e-4, abs=1e-12)
    # No win figure changed: the play figures still get their 20% (1% here).
    assert graphical([0.5, 0.9], [0.004])[1] == pytest.approx([0.02])


def test_two_identical_variants_of_the_study_shape_are_flagged_at_most_10_times_in_100() -> None:
    """The null with the study's 17 figures (8 of them on who wins): two disjoint sets
    of 60 games drawn from one pool of a variant's games (the last starting place
    wins 30%), compared game by game as a study compares them."""
    rng = np.random.default_rng(2026)
    places = rng.choice(SEATS, size=1200, p=[0.22, 0.24, 0.24, 0.30]).tolist()
    pool = run_of("pool", "none", places)
    assert pool.games is not None
    gc.freeze()  # multipletests runs gc.collect(): keep it from rescanning the heap
    flagged = 0
    for _ in range(100):
        a, b = (
            replace(pool, games=replace(pool.games.take(rows), index=np.arange(60)))
            for rows in rng.choice(pool.games.games, size=(2, 60), replace=False)
        )
        comparison = compare_runs(a, b)
        assert comparison.paired and len(comparison.differences) == 17
        flagged += bool(comparison.significant)
    gc.unfreeze()
    assert flagged <= 10, flagged
