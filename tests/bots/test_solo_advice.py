"""Solo America's Main Street advice from the solved tables (issue 12, item 3):
every legal decision's expected turns, exact in the model the expert plays, with
zero-width intervals, and the expert's own choice first.

Rules checked: Solo Play, "count the number of turns it takes you to win" (the
score is turns, fewer is better); Get Your Kicks' "the game also ends when any one
player has collected six black cubes" (``solo_six_black=loss``: concluding with a
sixth black cube loses)."""

from __future__ import annotations

from random import Random

import pytest

import roadtrip
from roadtrip.bots import advise, make_bot, observe
from roadtrip.bots.main_street.kicks_expert import solo_model, solo_values
from roadtrip.bots.main_street.kicks_solver import class_of, relabel_casino, turn_table
from roadtrip.bots.main_street.mileage_expert import mat_values
from roadtrip.bots.main_street.mileage_solver import canonical, place
from roadtrip.bots.main_street.odds import color_counts
from roadtrip.core import sample_chance
from roadtrip.core.state import State
from roadtrip.games.main_street.base import GO_ON, STOP


def decisions(game: roadtrip.Game, seed: int, count: int) -> list[State]:
    """``count`` solo states with a real choice (stop or go on), from games the
    expert plays."""
    bot = make_bot("expert", game)
    rng = Random(seed)
    out: list[State] = []
    while len(out) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(out) < count:
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            if set(state.legal_actions(0)) == {STOP, GO_ON}:
                out.append(state.clone())
            state.apply_action(bot.choose(observe(state, 0), rng), 0)
    return out


@pytest.mark.parametrize("game_id", ["get-your-kicks", "mileage-may-vary"])
def test_solo_advice_is_exact_and_puts_the_experts_choice_first(game_id: str) -> None:
    game = roadtrip.load_game(game_id, players=1)
    expert = make_bot("expert", game)
    for state in decisions(game, seed=3, count=25):
        report = advise(state, 0, seconds=None, iterations=1)
        assert report.method.startswith("exact")
        assert report.score_name == "expected turns" and report.lower_is_better
        assert {a.action for a in report.choices} == {STOP, GO_ON}
        for advice in report.choices:
            assert advice.exact and advice.samples == 0
            assert advice.score_interval.low == advice.score == advice.score_interval.high
            assert advice.win == 1.0
            assert advice.score >= state.turns[0]
        best = report.best.action
        other = report.choices[1]
        if other.score - report.best.score > 1e-9:  # not a tie
            assert best == expert.choose(observe(state, 0), Random(0))


def test_mileage_stop_figure_is_the_table_value_of_the_mat_it_makes() -> None:
    game = roadtrip.load_game("mileage-may-vary", players=1)
    values = mat_values()
    for state in decisions(game, seed=5, count=10):
        view = state.view(0)
        after = place(tuple(view["mats"][0]["cubes"]), color_counts(view["pumps"]))
        report = advise(state, 0, seconds=None, iterations=1)
        expected = view["turns"][0] + (0.0 if sum(after) == 25 else values[canonical(after)])
        assert report.choice(STOP).score == pytest.approx(expected)


def test_kicks_best_figure_is_the_solved_value_of_the_casino() -> None:
    """The better choice is worth what the solved turn says the casino is worth."""
    game = roadtrip.load_game("get-your-kicks", players=1)
    model = solo_model("loss")
    for state in decisions(game, seed=7, count=10):
        view = state.view(0)
        canon, relabel = model.canonical_map(class_of(model, view["mats"][0]["cubes"]))
        table = turn_table(model, solo_values("loss"), canon)
        casino = sum(1 << cube for cube in view["casino"])
        worth = table.worth[relabel_casino(casino, relabel)]
        report = advise(state, 0, seconds=None, iterations=1)
        assert report.best.score == pytest.approx(view["turns"][0] + worth)


def test_concluding_a_sixth_black_cube_is_a_loss() -> None:
    game = roadtrip.load_game("get-your-kicks", players=1)
    rng = Random(11)
    for _ in range(2000):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            view = state.view(0)
            if (
                view["mats"][0]["cubes"][0] == 5
                and 0 in view["casino"]
                and STOP in state.legal_actions(0)
            ):
                report = advise(state, 0, seconds=None, iterations=1)
                assert report.choice(STOP).win == 0.0
                assert report.choice(STOP).score == view["turns"][0]
                if GO_ON in state.legal_actions(0):
                    assert report.best.action == GO_ON
                return
            state.apply_action(rng.choice(state.legal_actions(0)), 0)
    pytest.fail("no sixth black cube in 2,000 random games")


def test_a_round_limit_falls_back_to_sampling() -> None:
    """With ``max_rounds`` the goal is no longer the fewest expected turns."""
    game = roadtrip.load_game("get-your-kicks", players=1, max_rounds=20)
    state = decisions(game, seed=2, count=1)[0]
    report = advise(state, 0, seconds=None, iterations=20)
    assert not report.method.startswith("exact")
    assert all(not a.exact for a in report.choices)
