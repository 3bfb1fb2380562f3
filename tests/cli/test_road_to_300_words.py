"""Road to 300's terminal texts count steps in good English ("1 step", "4 steps").

Issue 11 ("Words"): "move exactly 1 steps" and the like.  Each test puts a sheet in
front of a movement die of 1 and reads every text the terminal shows for it.
"""

from __future__ import annotations

import re

import pytest

import roadtrip
from roadtrip.cli.choices import InputError
from roadtrip.cli.road_to_300.board import RoadTo300UI
from roadtrip.core import CHANCE, State
from roadtrip.games.road_to_300 import board

PLURAL_ERROR = re.compile(r"\b1 (?:orthogonal )?steps\b")


def roll(*dice: int) -> int:
    return board.ROLLS.index(tuple(sorted(dice)))


def cell(col: int, row: int) -> int:
    return (row - 1) * 6 + (col - 1)


def moving_one(**options: object) -> State:
    """Round 1, rolled 1-2-3, crossed 2,3: the die left to move is a 1."""
    state = roadtrip.load_game("road-to-300", **options).new_initial_state()
    state.apply_action(roll(1, 2, 3), seat=CHANCE)
    state.apply_action(cell(2, 3), seat=0)
    assert state.view(0)["sheets"][0]["move_die"] == 1
    return state


def test_the_first_move_of_one_step_says_step() -> None:
    ui = RoadTo300UI()
    for first_move in ("corner_step", "corner_free"):
        title = ui.choice_title(moving_one(first_move=first_move), 0)
        assert "1 step" in title and not PLURAL_ERROR.search(title), title


def test_a_later_move_of_one_step_says_step() -> None:
    state = moving_one()
    state.apply_action(state.legal_actions(0)[0], seat=0)  # ends on a corner
    # Round 2: roll 1-4-5 and cross 4,5 so that the 1 moves.
    state.apply_action(roll(1, 4, 5), seat=CHANCE)
    state.apply_action(cell(4, 5), seat=0)
    ui = RoadTo300UI()
    title = ui.choice_title(state, 0)
    assert "move exactly 1 step from" in title, title
    unreachable = next(
        f"{c % 6 + 1},{c // 6 + 1}"
        for c in range(board.CELLS)
        if board.CELLS + c not in state.legal_actions(0) and not state.sheets[0].blocked >> c & 1
    )
    with pytest.raises(InputError) as error:
        ui.parse(unreachable, state, 0)
    assert "exactly 1 orthogonal step from" in str(error.value)
    assert not PLURAL_ERROR.search(str(error.value))
