"""The Road to 300 expert's compiled rollouts (numba): the same rules as the engine,
the same base policy as the numpy planner, and the flat Monte Carlo search on them."""

from __future__ import annotations

import subprocess
import sys
from random import Random

import numpy as np
import pytest

import roadtrip
from roadtrip.bots import advise, observe
from roadtrip.bots.advice.games import ROLLOUTS
from roadtrip.bots.road_to_300 import montecarlo
from roadtrip.bots.road_to_300.evaluation import Positions, Rules, base_key
from roadtrip.bots.road_to_300.expert import ExpertRoadTo300Bot
from roadtrip.bots.road_to_300.planner import Settings, Sheet
from roadtrip.core import sample_chance
from roadtrip.games.road_to_300 import RoadTo300State, board
from roadtrip.games.road_to_300.sheet import CROSS, MOVE

pytest.importorskip("numba")

from roadtrip.bots.road_to_300.fast import playouts, policy
from roadtrip.bots.road_to_300.fast.crosscheck import (
    check_choices,
    check_replays,
)


def _cells(*fields: tuple[int, int]) -> int:
    return sum(1 << board.cell_of(col, row) for col, row in fields)


def test_compiled_choices_equal_the_engine_s_on_10000_random_states() -> None:
    """Issue 12: a compiled path gives the same legal choices on 10,000 random
    states (crosses, and the movement ends after each cross), and its base policy
    picks what the numpy planner picks."""
    assert check_choices(10_000, seed=12) == 10_000


def test_compiled_rollouts_replay_through_the_engine() -> None:
    """Issue 12: the compiled games replay through the engine (every action legal,
    the same end and score), under random rules options and round limits."""
    assert check_replays(2_000, seed=12) == 2_000


def test_position_key_equals_the_numpy_base_key_on_random_sheets() -> None:
    rng = Random(5)
    for cross_standing in (False, True):
        rules = Rules(cross_standing=cross_standing)
        crossed, circled, position = [], [], []
        for _ in range(400):
            marks = rng.sample(range(36), rng.randint(1, 30))
            stand = marks[0]
            circle = {stand} | set(rng.sample(marks, len(marks) // 2))
            crossed.append(sum(1 << c for c in marks if c not in (stand,)))
            circled.append(sum(1 << c for c in circle))
            position.append(stand)
        expected = base_key(
            rules,
            Positions(
                crossed=np.array(crossed, dtype=np.uint64),
                circled=np.array(circled, dtype=np.uint64),
                position=np.array(position, dtype=np.int64),
            ),
        )
        for i in range(len(crossed)):
            got = policy.position_key(
                crossed[i], circled[i], position[i], 300, cross_standing, False
            )
            assert got == pytest.approx(expected[i], abs=1e-9)


def test_bit_counts_and_values_of_masks() -> None:
    rng = Random(2)
    for _ in range(500):
        mask = rng.getrandbits(36)
        assert policy.bit_count(mask) == mask.bit_count()
        assert policy.mask_value(mask) == board.mask_value(mask)


def test_the_search_takes_a_cross_that_ends_the_game_with_a_win() -> None:
    """Standing on 1,1 with 280 scored, crossing 2,1 leaves die 1 no movement: the
    game ends and the 30 stood on scores (310).  The search takes it at once."""
    stand = board.cell_of(1, 1)
    scored = _cells((6, 1), (1, 6), (6, 6), (5, 1), (6, 2), (1, 5), (2, 6), (5, 6), (6, 5))
    scored |= _cells((3, 1), (4, 1))
    sheet = Sheet(scored | _cells((1, 2)), scored | 1 << stand, stand)
    options = ((board.cell_of(2, 1), 1), (board.cell_of(4, 4), 1))
    top = montecarlo.estimate_pairs(Settings(rules=Rules()), sheet, options, 12, 2000, seed=1)
    assert (top[0].cell, top[0].end, top[0].wins) == (board.cell_of(2, 1), None, 1.0)


def test_the_search_ranks_every_candidate_and_is_deterministic_with_a_budget() -> None:
    game = roadtrip.load_game("road-to-300")
    state = game.new_initial_state()
    state.apply_action(board.ROLL_INDEX[(2, 4, 5)])
    sheet = state.sheets[0]  # type: ignore[attr-defined]
    args = (Settings(rules=Rules()), Sheet(0, 0, -1), sheet.cross_options, 8)
    first = montecarlo.estimate_pairs(*args, rollouts=800, seed=3)
    again = montecarlo.estimate_pairs(*args, rollouts=800, seed=3)
    assert first == again
    assert len(first) == 8 and sum(e.rollouts for e in first) <= 800
    assert first[0].rollouts == max(e.rollouts for e in first)
    assert all(0.0 <= e.wins <= 1.0 for e in first)


def test_rollouts_from_a_won_position_win_and_from_a_lost_one_lose() -> None:
    stand = board.cell_of(1, 1)
    scored = _cells((6, 1), (1, 6), (6, 6), (5, 1), (6, 2), (1, 5), (2, 6), (5, 6), (6, 5))
    scored |= _cells((3, 1), (4, 1), (1, 3), (1, 4))  # 320 locked in
    one = np.zeros(1, dtype=np.int64)
    scores = np.zeros((1, 50), dtype=np.int64)
    won = one + scored
    playouts.rollout_batch(
        playouts.BASE_POLICY,
        won,
        won | 1 << stand,
        one + stand,
        0,
        50,
        np.uint64(1),
        -1,
        300,
        False,
        0,
        False,
        False,
        scores,
    )
    assert (scores >= 300).all()
    walled = one + _cells((2, 1), (1, 2))  # the corner's neighbours are crossed
    playouts.rollout_batch(
        playouts.BASE_POLICY,
        walled,
        one + (1 << stand),
        one + stand,
        0,
        50,
        np.uint64(1),
        -1,
        300,
        False,
        0,
        False,
        False,
        scores,
    )
    assert (scores == 30).all()  # the next cross ends the game on the corner


def test_expert_with_a_rollout_budget_plays_legal_deterministic_games() -> None:
    game = roadtrip.load_game("road-to-300", cross_standing=True)
    games = []
    for _ in range(2):
        bot = ExpertRoadTo300Bot(game, rollout_budget=300)
        rng = Random(8)
        state = game.new_initial_state()
        actions = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            action = bot.choose(observe(state, 0), rng)
            assert action in state.legal_actions(0)
            actions.append(action)
            state.apply_action(action, 0)
        games.append(actions)
    assert games[0] == games[1]


def test_importing_the_bots_loads_neither_numpy_nor_numba() -> None:
    code = "import sys, roadtrip.bots; print(sorted({'numpy', 'numba'} & set(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def _solo_decision(seed: int, step: int) -> RoadTo300State:
    """A solo state at step 2 (``step`` CROSS) or step 4 after a few rounds."""
    game = roadtrip.load_game("road-to-300")
    rng = Random(seed)
    state = game.new_initial_state()
    rounds = 0
    while True:
        if state.is_terminal():
            state, rounds = game.new_initial_state(), 0
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        road = state
        assert isinstance(road, RoadTo300State)
        if rounds >= 3 and road.sheets[0].step == step:
            return road
        if road.sheets[0].step == MOVE:
            rounds += 1
        state.apply_action(rng.choice(state.legal_actions(0)), 0)


@pytest.mark.parametrize("step", [CROSS, MOVE], ids=["cross", "move"])
def test_the_advisor_values_solo_decisions_by_the_expert_s_rollouts(step: int) -> None:
    state = _solo_decision(4, step)
    report = advise(state, 0, seconds=0.3, seed=2)
    assert "rollouts" in report.method
    assert report.units == ROLLOUTS.units(0.3)  # units of work, not the clock
    assert sorted(a.action for a in report.choices) == sorted(state.legal_actions(0))
    for advice in report.choices:
        assert advice.samples >= 1 or advice.exact
        assert 0.0 <= advice.win_interval.low <= advice.win <= advice.win_interval.high <= 1.0
    again = advise(state, 0, seconds=None, iterations=600, seed=2)
    assert [a.samples for a in again.choices if not a.exact] == [
        max(1, -(-600 // len(state.legal_actions(0))))
    ] * len([a for a in again.choices if not a.exact])


def test_the_advisor_values_a_winning_game_ending_cross_exactly() -> None:
    """Standing on 1,1 with 280 scored and 2,1 / 1,2 the only ways out: a cross of
    2,1 with 1,2 crossed ends the game with the 30 stood on: 310, a sure win."""
    game = roadtrip.load_game("road-to-300")
    state = game.new_initial_state()
    assert isinstance(state, RoadTo300State)
    stand = board.cell_of(1, 1)
    scored = _cells((6, 1), (1, 6), (6, 6), (5, 1), (6, 2), (1, 5), (2, 6), (5, 6), (6, 5))
    scored |= _cells((3, 1), (4, 1))
    sheet = state.sheets[0]
    sheet.crossed = scored | _cells((1, 2))
    sheet.circled = scored | 1 << stand
    sheet.position = stand
    state.apply_action(board.ROLL_INDEX[(1, 2, 4)])  # 2,1 moves 4: no way out
    report = advise(state, 0, seconds=None, iterations=200, seed=1)
    ending = next(a for a in report.choices if a.action == board.cell_of(2, 1))
    assert ending.exact and (ending.win, ending.score) == (1.0, 310.0)
    assert report.best.win == 1.0  # it, or a move that reaches 300 and plays on
