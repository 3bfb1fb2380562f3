"""Road to 300 solo near the end (issue 23, item 4): the advisor's win figures are
exact, optimal play's chance from each choice (End of the Game: "If you have now
reached 300 or more points, you win"), so a review there needs no interval."""

from __future__ import annotations

from random import Random

import pytest

import roadtrip
from roadtrip.bots import advise, make_bot, observe
from roadtrip.bots.road_to_300 import advising
from roadtrip.bots.road_to_300.expert import settings_for
from roadtrip.core import sample_chance

pytest.importorskip("numba")


def near_the_end(seed: int) -> roadtrip.State:
    """A decision of a greedy solo game with at most ENDGAME_NEED points needed."""
    game = roadtrip.load_game("road-to-300")
    bot = make_bot("greedy", game)
    rng = Random(seed)
    for _ in range(200):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            settings = settings_for(game, state, 0)
            if len(state.legal_actions(0)) > 1 and advising.endgame_applies(settings, state, 0):
                return state
            state.apply_action(bot.choose(observe(state, 0), rng), 0)
    pytest.fail("no endgame decision in 200 games")


@pytest.mark.parametrize("seed", [1, 2])
def test_near_the_end_the_win_figures_are_exact(seed: int) -> None:
    state = near_the_end(seed)
    report = advise(state, 0, seconds=None, iterations=64 * len(state.legal_actions(0)))
    assert "exact" in report.method
    for advice in report.choices:
        assert advice.win_interval.low == advice.win == advice.win_interval.high
        assert 0.0 <= advice.win <= 1.0
    loss = report.loss(report.choices[-1].action)
    assert loss.win_interval.low == loss.win == loss.win_interval.high >= 0.0
