"""Road to 300's ``max_rounds`` option (issue 11, "Every game"): a round limit for
machines, off by default (docs/rules/road-to-300.md, "max_rounds").

A round is one common roll and every player's decisions on it (a reroll belongs to
its round).  When round N is over the match ends: ``ending()`` is "max_rounds";
solo, the score reached decides (the target or more wins); competitive, the
highest score wins and ties share.
"""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

import roadtrip
from roadtrip.core import ROUND_LIMIT_ENDING
from roadtrip.core.chance import sample_chance
from roadtrip.core.errors import InvalidOption
from roadtrip.games.road_to_300 import board
from roadtrip.games.road_to_300.rules import MOVE_BASE, RoadTo300State

Field = tuple[int, int]


def new(**options: Any) -> RoadTo300State:
    state = roadtrip.load_game("road-to-300", **options).new_initial_state()
    assert isinstance(state, RoadTo300State)
    return state


def roll(state: RoadTo300State, *dice: int) -> None:
    state.apply_action(board.ROLL_INDEX[tuple(sorted(dice))])  # type: ignore[index]


def cross(state: RoadTo300State, field: Field, seat: int = 0) -> None:
    state.apply_action(board.cell_of(*field), seat)


def move(state: RoadTo300State, field: Field, seat: int = 0) -> None:
    state.apply_action(MOVE_BASE + board.cell_of(*field), seat)


def play_randomly(state: RoadTo300State, seed: int) -> RoadTo300State:
    rng = Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            seat = state.active_seats()[0]
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    return state


def test_the_option_is_declared_with_no_limit_by_default() -> None:
    game = roadtrip.load_game("road-to-300")
    spec = {o.name: o for o in game.options_spec}
    assert spec["max_rounds"].default == 0
    assert game.options["max_rounds"] == 0
    with pytest.raises(InvalidOption):
        roadtrip.load_game("road-to-300", max_rounds=-1)


def test_a_solo_game_ends_after_the_last_round_and_is_lost_below_the_target() -> None:
    state = new(max_rounds=2)
    roll(state, 1, 2, 3)
    cross(state, (2, 3))  # moves 1: onto the corner 1,1
    move(state, (1, 1))
    assert not state.is_terminal() and state.rounds_played() == 2
    roll(state, 1, 4, 5)
    cross(state, (4, 5))  # step 3 crosses 1,1, which now scores 30; moves 1
    move(state, (1, 2))
    assert state.is_terminal()
    assert state.ending() == ROUND_LIMIT_ENDING
    assert state.rounds_played() == 2
    assert state.scores() == [30.0]  # 1,2 has a circle but no X (final_field=rulebook)
    assert state.winners() == [] and state.returns() == [0.0]
    assert state.view(0)["sheets"][0]["ended"] == "max_rounds"


def test_a_solo_game_cut_off_at_the_target_is_won() -> None:
    state = new(max_rounds=2, target=30)
    roll(state, 1, 2, 3)
    cross(state, (2, 3))
    move(state, (1, 1))
    roll(state, 1, 4, 5)
    cross(state, (4, 5))
    move(state, (1, 2))
    assert state.ending() == ROUND_LIMIT_ENDING
    assert state.winners() == [0] and state.returns() == [1.0]


def test_final_field_always_scores_the_field_of_a_cut_off_game() -> None:
    state = new(max_rounds=1, final_field="always")
    roll(state, 1, 2, 3)
    cross(state, (2, 3))
    move(state, (1, 1))
    assert state.ending() == ROUND_LIMIT_ENDING and state.scores() == [30.0]


def test_a_reroll_belongs_to_its_round() -> None:
    state = new(max_rounds=1)
    sheet = state.sheets[0]
    sheet.crossed = (1 << board.CELLS) - 1 - (1 << board.cell_of(6, 6))  # only 6,6 free
    roll(state, 1, 1, 1)  # names 1,1, crossed: roll again in the same round
    assert not state.is_terminal() and state.is_chance_node() and state.round == 1
    roll(state, 1, 6, 6)
    assert state.legal_actions(0) == [board.cell_of(6, 6)]


def test_competitive_top_score_wins_and_ties_share_at_the_limit() -> None:
    state = new(players=2, max_rounds=2)
    roll(state, 1, 2, 3)
    for seat in (0, 1):
        cross(state, (2, 3), seat)
        move(state, (1, 1), seat)
    roll(state, 1, 4, 5)
    cross(state, (4, 5), 0)
    cross(state, (4, 5), 1)
    move(state, (1, 2), 0)
    assert not state.is_terminal()  # seat 1 still decides in round 2
    move(state, (2, 1), 1)
    assert state.ending() == ROUND_LIMIT_ENDING
    assert state.scores() == [30.0, 30.0]
    assert state.winners() == [0, 1] and state.returns() == [0.5, 0.5]


def test_competitive_the_highest_score_wins_at_the_limit() -> None:
    state = new(players=2, max_rounds=2)
    roll(state, 1, 2, 3)
    cross(state, (2, 3), 0)
    move(state, (1, 1), 0)
    cross(state, (1, 3), 1)  # moves 2: onto a corner, then one step on
    assert state.sheets[1].move_die == 2
    move(state, (1, 2), 1)
    roll(state, 1, 4, 5)
    cross(state, (4, 5), 0)  # seat 0 stands on 1,1 (30), moves 1
    cross(state, (5, 4), 1)  # seat 1 stands on 1,2 (25), moves 1
    move(state, (2, 1), 0)
    move(state, (2, 2), 1)
    assert state.ending() == ROUND_LIMIT_ENDING
    assert state.scores() == [30.0, 25.0]
    assert state.winners() == [0] and state.returns() == [1.0, 0.0]


@pytest.mark.parametrize("limit", [1, 3, 10])
def test_no_match_outlives_its_limit(limit: int) -> None:
    for seed in range(20):
        state = play_randomly(new(players=1 + seed % 3, max_rounds=limit), seed)
        assert state.rounds_played() <= limit  # type: ignore[operator]
        if state.ending() == ROUND_LIMIT_ENDING:
            assert state.rounds_played() == limit


def test_without_a_limit_the_ending_is_the_game_s_own() -> None:
    endings = {play_randomly(new(), seed).ending() for seed in range(30)}
    assert endings <= {"no_cross", "no_move"} and endings
    assert play_randomly(new(players=2), 1).ending() == "every_sheet_ended"
