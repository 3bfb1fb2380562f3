"""The advisor's contract (issue 12, item 3): every legal decision of the seat,
with a chance to win and an expected score inside their 95% intervals, best
first; only what the seat may see; within the time given; pluggable per game."""

from __future__ import annotations

import math
from random import Random

import pytest
from decisions import decision

import roadtrip
from roadtrip.bots import advise
from roadtrip.bots.advice import EngineResult, Estimate, advisor, mcts_engine
from roadtrip.bots.advice.figures import (
    Advice,
    loss_of,
    mean_interval,
    rank_key,
    wilson_interval,
)
from roadtrip.bots.search import Evaluation
from roadtrip.bots.search.mcts import Budget
from roadtrip.core.errors import IllegalMove
from roadtrip.core.state import State

SETUPS = [
    ("road-to-300", {}),
    ("get-your-kicks", {"players": 1}),
    ("get-your-kicks", {"players": 3}),
    ("mileage-may-vary", {"players": 1}),
    ("road-rally", {"players": 2}),
    ("open-road", {"players": 2}),
]


@pytest.mark.parametrize(("game_id", "options"), SETUPS)
def test_every_legal_decision_has_figures_inside_their_intervals_best_first(
    game_id: str, options: dict[str, int]
) -> None:
    game = roadtrip.load_game(game_id, **options)
    state = decision(game, seed=4, moves=3)
    report = advise(state, 0, seconds=None, iterations=120, seed=1)
    assert sorted(a.action for a in report.choices) == sorted(state.legal_actions(0))
    for advice in report.choices:
        assert advice.label == state.describe_action(advice.action, 0, 0)
        assert 0.0 <= advice.win_interval.low <= advice.win <= advice.win_interval.high <= 1.0
        assert advice.score in advice.score_interval
    keys = [rank_key(a, report.lower_is_better) for a in report.choices]
    assert keys == sorted(keys)
    assert report.best == report.choices[0]
    exact = all(a.exact for a in report.choices)  # a solver's figures: no samples
    assert exact or sum(a.samples for a in report.choices) >= 100


def test_solo_main_street_counts_expected_turns_fewer_is_better() -> None:
    game = roadtrip.load_game("get-your-kicks", players=1)
    report = advise(decision(game, seed=2, moves=5), 0, seconds=None, iterations=200)
    assert report.score_name == "expected turns"
    assert report.lower_is_better
    for advice in report.choices:
        assert advice.win == 1.0  # a solo game always ends complete, by default
        assert 5 <= advice.score < 40  # turns, not points
        assert advice.exact  # the solved tables advise
    assert report.choices[0].score <= report.choices[-1].score


def test_several_mats_steer_by_points_not_turns() -> None:
    game = roadtrip.load_game("get-your-kicks", players=2)
    report = advise(decision(game, seed=2, moves=5), 0, seconds=None, iterations=60)
    assert report.score_name == "points" and not report.lower_is_better


@pytest.mark.parametrize(("players", "seed", "moves"), [(2, 1, 10), (3, 3, 40)])
def test_advice_is_identical_on_states_differing_only_in_hidden_information(
    players: int, seed: int, moves: int
) -> None:
    game = roadtrip.load_game("road-rally", players=players)
    state = decision(game, seed=seed, moves=moves)
    reference = advise(state, 0, seconds=None, iterations=60, seed=9)
    others_differ = False
    for draw in range(3):
        twin = state.resample_hidden(0, Random(200 + draw))
        assert twin.view(0) == state.view(0)
        others_differ |= any(twin.view(s) != state.view(s) for s in range(1, players))
        again = advise(twin, 0, seconds=None, iterations=60, seed=9)
        assert again.choices == reference.choices
    assert others_differ


def test_the_same_seed_and_iterations_give_the_same_advice() -> None:
    state = decision(roadtrip.load_game("road-to-300"), seed=6, moves=4)
    one = advise(state, 0, seconds=None, iterations=80, seed=3)
    two = advise(state.clone(), 0, seconds=None, iterations=80, seed=3)
    assert one.choices == two.choices


@pytest.mark.parametrize(("game_id", "options"), [("road-to-300", {}), ("road-rally", {})])
def test_seconds_buy_the_units_of_the_engines_calibration(
    game_id: str, options: dict[str, int]
) -> None:
    """A time budget is turned into units of work once, by the engine's
    calibration: the advice is that of the same units, whatever the clock says."""
    state = decision(roadtrip.load_game(game_id, **options), seed=1, moves=2)
    seat = state.active_seats()[0]
    calibration = advisor.advisor_for(state.game).calibration(state.game)
    assert calibration is not None
    report = advise(state, seat, seconds=0.05)
    assert report.units == calibration.units(0.05) and not report.capped
    again = advise(state, seat, seconds=None, iterations=report.units, seed=report.seed)
    assert again.choices == report.choices


def test_the_canonical_seed_is_the_default_and_reads_only_the_seats_view() -> None:
    state = decision(roadtrip.load_game("road-rally", players=3), seed=3, moves=40)
    seed = advisor.canonical_seed(state, 0)
    twin = state.resample_hidden(0, Random(5))
    assert advisor.canonical_seed(twin, 0) == seed != advisor.canonical_seed(state, 1)
    report = advise(state, 0, seconds=None, iterations=60)
    assert report.seed == seed
    assert advise(twin, 0, seconds=None, iterations=60).choices == report.choices
    assert advise(state, 0, seconds=None, iterations=60, seed=seed).choices == report.choices


def test_win_figures_stay_inside_what_is_possible() -> None:
    """An engine's arithmetic outside 0..1 is clamped, intervals with it."""
    wild = Advice.of(Estimate(3, 5, 1.4, 2.0, 0.1, 1.0), "x")
    assert wild.win == 1.0 and wild.win_interval.high == 1.0 and wild.win_interval.low <= 1.0
    low = Advice.of(Estimate(3, 5, -0.2, 2.0, 0.1, 1.0), "y")
    assert low.win == 0.0 and low.win_interval.low == 0.0
    unseen = Advice.of(Estimate(4, 0, 0.0, 0.0), "z")
    assert (unseen.win_interval.low, unseen.win_interval.high) == (0.0, 1.0)


def test_a_loss_interval_is_paired_on_common_random_numbers() -> None:
    """The flat engine plays every action on the same dice: best minus chosen is
    judged sample by sample, and the loss stays within -1..1."""
    game = roadtrip.load_game("get-your-kicks", players=1, max_rounds=20)
    state = decision(game, seed=2, moves=5)
    report = advise(state, 0, seconds=None, iterations=200, seed=1)
    assert report.paired
    worst = report.choices[-1]
    loss = report.loss(worst.action)
    assert loss.paired and -1.0 <= loss.win_interval.low <= loss.win <= loss.win_interval.high
    assert loss.score_interval.low <= loss.score <= loss.score_interval.high
    unpaired = loss_of(report.best, worst, report.lower_is_better)
    assert not unpaired.paired
    assert unpaired.score_interval.low <= loss.score <= unpaired.score_interval.high


def test_a_registered_engine_takes_over_where_it_applies(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's solver (exact figures) replaces the default search."""
    calls: list[int] = []

    def exact(observation: roadtrip.bots.Observation, budget: Budget, rng: Random) -> EngineResult:
        calls.append(observation.seat)
        estimates = tuple(
            Estimate(action, 0, 0.5, float(action), exact=True)
            for action in observation.legal_actions
        )
        return EngineResult(estimates, 0, "exact test solver", "expected turns", True)

    monkeypatch.setattr(advisor, "_HOOKS", {k: list(v) for k, v in advisor._HOOKS.items()})
    advisor.register_advisor(
        ("get-your-kicks",), exact, name="test", applies=lambda g: g.num_players() == 1
    )
    solo = decision(roadtrip.load_game("get-your-kicks", players=1), seed=3, moves=3)
    report = advise(solo, 0, seconds=None, iterations=10)
    assert report.method == "exact test solver" and calls == [0]
    assert [a.action for a in report.choices] == sorted(solo.legal_actions(0))  # fewest first
    assert all(a.exact and a.win_interval.low == a.win_interval.high == 0.5 for a in report.choices)
    duo = decision(roadtrip.load_game("get-your-kicks", players=2), seed=3, moves=3)
    assert advise(duo, 0, seconds=None, iterations=10).method != "exact test solver"


def test_no_advice_without_a_decision() -> None:
    game = roadtrip.load_game("road-rally", players=2)
    state = decision(game, seed=1, moves=3)
    idle = next(s for s in range(2) if s not in state.active_seats())
    with pytest.raises(IllegalMove, match="no decision"):
        advise(state, idle, seconds=None, iterations=5)
    with pytest.raises(Exception, match="seat"):
        advise(state, 7, seconds=None, iterations=5)


def test_intervals() -> None:
    assert wilson_interval(0.0, 10).low == 0.0 and 0.2 < wilson_interval(0.0, 10).high < 0.35
    assert wilson_interval(1.0, 10).high == 1.0
    wide, narrow = wilson_interval(0.5, 10), wilson_interval(0.5, 1000)
    assert wide.low < narrow.low < 0.5 < narrow.high < wide.high
    assert math.isinf(mean_interval(3.0, 1.0, 1).high)
    interval = mean_interval(10.0, 4.0, 16)
    assert interval.low == pytest.approx(10 - 1.96 * 0.5, abs=1e-3)


def test_a_games_own_leaf_evaluation_replaces_the_playouts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An expert's position evaluation plugs into the search as its leaf values."""
    seen: list[int] = []

    def evaluation(state: State, rng: Random) -> Evaluation:
        seen.append(state.move_number())
        return Evaluation([0.75] * state.num_players(), [42.0] * state.num_players())

    monkeypatch.setattr(advisor, "_HOOKS", {})
    advisor.register_advisor(
        ("road-to-300",), mcts_engine(evaluator=evaluation, method="evaluated"), name="test"
    )
    state = decision(roadtrip.load_game("road-to-300"), seed=2, moves=3)
    report = advise(state, 0, seconds=None, iterations=40)
    assert report.method == "evaluated" and len(seen) >= 30
    for advice in report.choices:
        assert advice.win == pytest.approx(0.75) and advice.score == pytest.approx(42.0)
        assert advice.win_interval.low < 0.75 < advice.win_interval.high


def test_an_action_tried_once_is_not_best_by_luck() -> None:
    """Issue 23 item 3: a search tries weak actions a handful of times; one lucky
    playout (1 of 1 won) must not outrank an action won 70% of 400 times: actions
    rank by the low end of their win interval."""
    from roadtrip.bots.advice.figures import Advice, Estimate, rank_key

    lucky = Advice.of(Estimate(action=1, samples=1, win=1.0, score=10.0), "lucky")
    solid = Advice.of(Estimate(action=2, samples=400, win=0.7, score=9.0), "solid")
    exact = Advice.of(Estimate(action=3, samples=0, win=0.65, score=9.0, exact=True), "exact")
    ranked = sorted([lucky, solid, exact], key=lambda a: rank_key(a, False))
    assert [a.label for a in ranked] == ["solid", "exact", "lucky"]
