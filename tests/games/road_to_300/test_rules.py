"""Road to 300's rules, sentence by sentence (/work/shared/rules/road-to-300.txt).

Each test's docstring quotes the rulebook sentence (or the ruling in
docs/rules/road-to-300.md) that it checks.  Sheets are set up directly
(``state.sheets[0].crossed = mask``) and rolls chosen with ``board.ROLL_INDEX``,
so every scenario is exact.  Movement is checked against a brute-force
reference of self-avoiding walks written here, independent of ``board.py``.

Fields are written as the rulebook writes them: ``(col, row)``, so the die pair
2 and 4 names field ``(2, 4)`` (column 2, row 4) or ``(4, 2)``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from fractions import Fraction
from pathlib import Path
from random import Random
from typing import Any

import pytest

import roadtrip
from roadtrip.core import CHANCE, IllegalMove, NotYourTurn
from roadtrip.games.road_to_300 import board
from roadtrip.games.road_to_300.rules import MOVE_BASE, RoadTo300State
from roadtrip.games.road_to_300.sheet import CROSS, MOVE, OUTSIDE, OVER, WAITING

Field = tuple[int, int]
CORNERS: set[Field] = {(1, 1), (6, 1), (1, 6), (6, 6)}
ALL_FIELDS: set[Field] = {(c, r) for c in range(1, 7) for r in range(1, 7)}


# ------------------------------------------------------------------ helpers
def new(**options: Any) -> RoadTo300State:
    state = roadtrip.load_game("road-to-300", **options).new_initial_state()
    assert isinstance(state, RoadTo300State)
    return state


def cell(field: Field) -> int:
    return board.cell_of(*field)


def mask(fields: Iterable[Field]) -> int:
    return sum(1 << cell(f) for f in set(fields))


def fields_of(bits: int) -> set[Field]:
    return {board.coords(c) for c in board.mask_cells(bits)}


def setup(
    state: RoadTo300State,
    seat: int = 0,
    at: Field | None = None,
    crossed: Iterable[Field] = (),
    circled: Iterable[Field] = (),
) -> None:
    """Draw on a sheet: X on ``crossed``, circles on ``circled``, standing on ``at``
    (which gets its circle, as the end of the last movement)."""
    sheet = state.sheets[seat]
    sheet.crossed = mask(crossed)
    sheet.circled = mask(circled)
    if at is not None:
        sheet.position = cell(at)
        sheet.circled |= 1 << cell(at)


def roll(state: RoadTo300State, *dice: int) -> None:
    state.apply_action(board.ROLL_INDEX[tuple(sorted(dice))])  # type: ignore[index]


def cross(state: RoadTo300State, field: Field, seat: int = 0) -> None:
    state.apply_action(cell(field), seat)


def move(state: RoadTo300State, field: Field, seat: int = 0) -> None:
    state.apply_action(MOVE_BASE + cell(field), seat)


def cross_choices(state: RoadTo300State, seat: int = 0) -> dict[Field, int]:
    """The fields seat may cross now, each with the die left for movement."""
    sheet = state.sheets[seat]
    assert sheet.step == CROSS
    choices = {board.coords(c): die for c, die in sheet.cross_options}
    assert sorted(cell(f) for f in choices) == state.legal_actions(seat)
    return choices


def destinations(state: RoadTo300State, seat: int = 0) -> set[Field]:
    assert state.sheets[seat].step == MOVE
    legal = state.legal_actions(seat)
    assert all(MOVE_BASE <= a < 2 * MOVE_BASE for a in legal)
    return {board.coords(a - MOVE_BASE) for a in legal}


# Sheets for the step-2 scenarios: every field crossed but a few.
FULL = ALL_FIELDS - {(6, 6), (1, 1), (1, 2), (1, 3)}


def nearly_full(state: RoadTo300State, seat: int = 0) -> None:
    """Standing on 1,1; only 6,6, 1,2 and 1,3 are free.  A roll of 1-1-1 names only
    1,1 (circled): a failed roll.  A roll of 1-6-6 can cross 6,6 and move 1 to 1,2."""
    setup(state, seat, at=(1, 1), crossed=FULL, circled={(3, 3)})


# ------------------------------------------------ brute-force reference walks
def neighbours(field: Field) -> Iterator[Field]:
    col, row = field
    for c, r in ((col + 1, row), (col - 1, row), (col, row + 1), (col, row - 1)):
        if 1 <= c <= 6 and 1 <= r <= 6:
            yield c, r


def walks(start: Field, steps: int) -> Iterator[list[Field]]:
    """Every orthogonal walk of exactly ``steps`` steps inside the grid that never
    enters a field twice (the start included), as the list of fields entered."""
    if steps == 0:
        yield []
        return
    stack: list[tuple[Field, list[Field]]] = [(start, [])]
    while stack:
        here, path = stack.pop()
        for nxt in neighbours(here):
            if nxt == start or nxt in path:
                continue
            if len(path) + 1 == steps:
                yield [*path, nxt]
            else:
                stack.append((nxt, [*path, nxt]))


def reference_destinations(
    start: Field | None, die: int, blocked: set[Field], corner_free: bool = False
) -> set[Field]:
    """Step 4 by brute force: where a movement of ``die`` may end when ``blocked``
    fields (X and/or circle) may not be entered; ``start`` None enters on a corner."""
    if start is None:
        out: set[Field] = set()
        for corner in CORNERS - blocked:
            after = die if corner_free else die - 1
            for path in walks(corner, after):
                if not set(path) & blocked:
                    out.add(path[-1] if path else corner)
        return out
    return {path[-1] for path in walks(start, die) if not set(path) & blocked}


# ----------------------------------------------------------- the board and dice
def test_grid_values_are_the_rulebook_table() -> None:
    """Game Board: 'The game board is a 6x6 grid ... highest at the corners and lowest
    in the center' (the table row by row)."""
    table = [
        [30, 25, 20, 20, 25, 30],
        [25, 15, 10, 10, 15, 25],
        [20, 10, 5, 5, 10, 20],
        [20, 10, 5, 5, 10, 20],
        [25, 15, 10, 10, 15, 25],
        [30, 25, 20, 20, 25, 30],
    ]
    for row in range(1, 7):
        for col in range(1, 7):
            assert board.VALUES[cell((col, row))] == table[row - 1][col - 1]
    assert {f for f in ALL_FIELDS if board.VALUES[cell(f)] == 30} == CORNERS


def test_a_die_pair_names_column_then_row() -> None:
    """Game Board: 'a die pair gives a column/row coordinate'."""
    assert board.coords(board.cell_of(2, 4)) == (2, 4)
    assert board.cell_name(board.cell_of(2, 4)) == "2,4"
    assert board.cell_of(2, 4) == (4 - 1) * 6 + (2 - 1)


@pytest.mark.parametrize(
    ("dice", "ways"), [((1, 1, 1), 1), ((1, 2, 3), 6), ((1, 1, 2), 3), ((6, 6, 6), 1)]
)
def test_roll_probability_known_values(dice: tuple[int, int, int], ways: int) -> None:
    """Step 1: 'Roll the three dice.'  A roll is a sorted multiset of three fair dice:
    1-1-1 has 1 chance in 216, 1-2-3 has 6, 1-1-2 has 3."""
    state = new()
    exact = dict(state.chance_outcomes_exact())
    assert exact[board.ROLL_INDEX[dice]] == Fraction(ways, 216)
    assert dict(state.chance_outcomes())[board.ROLL_INDEX[dice]] == ways / 216


def test_the_56_rolls_and_their_odds_by_brute_force() -> None:
    """Chance outcomes 0..55 are the 56 sorted rolls, in sorted order, with the odds
    of counting all 216 ordered throws."""
    counts: dict[tuple[int, ...], int] = {}
    for throw in itertools.product(range(1, 7), repeat=3):
        key = tuple(sorted(throw))
        counts[key] = counts.get(key, 0) + 1
    assert list(board.ROLLS) == sorted(counts)
    assert len(board.ROLLS) == 56 == new().game.max_chance_outcomes()
    assert board.ROLLS[0] == (1, 1, 1) and board.ROLLS[55] == (6, 6, 6)
    exact = new().chance_outcomes_exact()
    assert [a for a, _ in exact] == list(range(56))
    assert [p for _, p in exact] == [Fraction(counts[r], 216) for r in board.ROLLS]


def test_precomputed_walks_equal_the_brute_force() -> None:
    """Step 4: 'field by field, orthogonally ... the full number of steps ... You may
    not enter the same field more than once ... you may not move outside the grid.'
    board.WALKS[start][steps] holds exactly the reference walks (end, fields entered),
    for every start and every length 0..6."""
    for start in ALL_FIELDS:
        for steps in range(7):
            expected = {
                (cell(path[-1]) if path else cell(start), mask(path))
                for path in walks(start, steps)
            }
            assert set(board.WALKS[cell(start)][steps]) == expected, (start, steps)


def test_precomputed_entry_walks_equal_the_brute_force() -> None:
    """Step 4: 'you start outside the grid and may only enter the grid via a 30.'
    board.ENTRY_WALKS[steps]: enter a corner, then ``steps`` more steps."""
    for steps in range(7):
        expected = {
            (cell(path[-1]) if path else cell(corner), mask([corner, *path]))
            for corner in CORNERS
            for path in walks(corner, steps)
        }
        assert set(board.ENTRY_WALKS[steps]) == expected, steps


def test_reference_walks_known_counts() -> None:
    """The reference itself: from a corner 2 one-step walks and 4 two-step walks
    (no way back) to 3 fields; a walk never ends on its start."""
    assert len(list(walks((1, 1), 1))) == 2
    assert len(list(walks((1, 1), 2))) == 4
    assert {path[-1] for path in walks((1, 1), 2)} == {(3, 1), (2, 2), (1, 3)}
    assert len(list(walks((3, 3), 1))) == 4
    assert len(list(walks((3, 3), 2))) == 12
    assert (3, 3) not in reference_destinations((3, 3), 4, set())


# ------------------------------------------------------- step 2: cross out
def test_roll_2_4_5_offers_six_fields_and_the_third_die_moves() -> None:
    """Step 2: 'For example: you rolled 2, 4, and 5, and you now choose the 2 and the
    4. This gives you the two possible fields "2,4" or "4,2".'  Step 4: 'The die that
    is now left over is used for movement.'"""
    state = new()
    roll(state, 2, 4, 5)
    assert cross_choices(state) == {
        (2, 4): 5,
        (4, 2): 5,
        (2, 5): 4,
        (5, 2): 4,
        (4, 5): 2,
        (5, 4): 2,
    }
    view = state.view(0)["sheets"][0]
    assert {(o["col"], o["row"]): o["move_die"] for o in view["cross_options"]} == (
        cross_choices(state)
    )
    cross(state, (2, 4))
    assert state.sheets[0].move_die == 5
    assert destinations(state) == reference_destinations(None, 5, {(2, 4)})


@pytest.mark.parametrize("dice", board.ROLLS)
def test_cross_choices_are_the_fields_two_dice_name(dice: tuple[int, int, int]) -> None:
    """Step 2: 'Set aside two of the rolled dice and work out the possible coordinates
    that these two die values give.'  Every ordered pair of two dice names a field;
    the third die moves; a field named twice is one choice."""
    expected: dict[Field, int] = {}
    for i, j in itertools.permutations(range(3), 2):
        expected[(dice[i], dice[j])] = dice[3 - i - j]
    state = new()
    roll(state, *dice)
    assert cross_choices(state) == expected
    assert len(expected) == {3: 6, 2: 3, 1: 1}[len(set(dice))]


def test_doubles_give_one_coordinate() -> None:
    """Step 2: 'If you choose two identical numbers in this step, there is only one
    coordinate.'"""
    state = new()
    roll(state, 3, 3, 5)
    assert cross_choices(state) == {(3, 3): 5, (3, 5): 3, (5, 3): 3}
    state = new()
    roll(state, 3, 3, 3)
    assert cross_choices(state) == {(3, 3): 3}


def test_crossed_fields_cannot_be_crossed_again() -> None:
    """Step 2: 'one of which you must now permanently cross out.'  A field with an X
    is no longer a choice."""
    state = new()
    setup(state, crossed={(2, 4), (5, 2)})
    roll(state, 2, 4, 5)
    assert set(cross_choices(state)) == {(4, 2), (2, 5), (4, 5), (5, 4)}
    with pytest.raises(IllegalMove):
        cross(state, (2, 4))


def test_the_circled_standing_field_cannot_be_crossed_by_default() -> None:
    """Ruling cross_standing=False (FACTS: 'a field that is already crossed or
    circled cannot be chosen in step 2')."""
    state = new()
    setup(state, at=(2, 4), crossed={(1, 1)}, circled={(1, 1)})
    roll(state, 2, 4, 5)
    assert set(cross_choices(state)) == {(4, 2), (2, 5), (5, 2), (4, 5), (5, 4)}


def test_cross_standing_allows_the_standing_field() -> None:
    """Variant cross_standing=True: the circled field you stand on may be crossed in
    step 2 (crossed fields still may not).  Step 3 then crosses it anyway."""
    state = new(cross_standing=True)
    setup(state, at=(2, 4), crossed={(4, 2), (1, 1)}, circled={(1, 1)})
    roll(state, 2, 4, 5)
    assert set(cross_choices(state)) == {(2, 4), (2, 5), (5, 2), (4, 5), (5, 4)}
    cross(state, (2, 4))
    sheet = state.sheets[0]
    assert fields_of(sheet.crossed) == {(2, 4), (4, 2), (1, 1)}
    assert destinations(state) == reference_destinations((2, 4), 5, {(4, 2), (1, 1)})


def test_a_choice_that_leaves_no_movement_is_still_allowed() -> None:
    """Ruling: step 2 offers every free field the dice name, even one after which the
    movement is impossible: 'If, after a die roll, you can no longer move legally,
    the game is over.'"""
    state = new()
    setup(state, at=(1, 1), crossed={(2, 1)})
    roll(state, 1, 2, 2)
    assert cross_choices(state) == {(1, 2): 2, (2, 2): 1}
    after = state.clone()
    cross(after, (2, 2))
    assert destinations(after) == {(1, 2)}
    cross(state, (1, 2))  # encloses 1,1: the game ends
    assert state.is_terminal() and state.sheets[0].ended == "no_move"


# ------------------------------------------------------- failed rolls
def test_no_usable_field_means_roll_again() -> None:
    """Step 2: 'If, after rolling, you find that there is no coordinate left among the
    three rolled numbers that you can cross out, you must roll again!'"""
    state = new()
    nearly_full(state)
    roll(state, 1, 1, 1)
    assert state.is_chance_node() and state.rolling_seats() == (0,)
    assert state.sheets[0].failed == 1
    view = state.view(0)
    assert view["sheets"][0]["failed_rolls"] == 1
    assert view["sheets"][0]["dice"] == [1, 1, 1]
    assert view["round"] == 1, "a reroll is part of the same round"


def test_three_failed_rolls_in_a_row_end_the_game() -> None:
    """Step 2: 'If this happens three times in a row, the game is over!'"""
    state = new()
    nearly_full(state)
    roll(state, 1, 1, 1)
    roll(state, 1, 1, 1)
    assert not state.is_terminal()
    roll(state, 1, 1, 1)
    assert state.is_terminal()
    assert state.sheets[0].ended == "no_cross"
    assert state.view(None)["sheets"][0]["over"] is True


def test_a_usable_roll_resets_the_failed_count() -> None:
    """Step 2: 'three times in a row': a usable roll in between starts the count over."""
    state = new()
    nearly_full(state)
    roll(state, 1, 1, 1)
    roll(state, 1, 1, 1)
    roll(state, 1, 6, 6)
    assert state.sheets[0].failed == 0
    assert cross_choices(state) == {(6, 6): 1}
    cross(state, (6, 6))
    move(state, (1, 2))
    roll(state, 1, 1, 1)  # 1,1 is crossed now (step 3): a failure, the first in a row
    roll(state, 1, 1, 1)
    assert not state.is_terminal() and state.sheets[0].failed == 2


def test_no_cross_pass_sits_out_the_round() -> None:
    """Variant no_cross=pass: a failed roll passes the round (the next roll is the next
    round's); still 'three times in a row' ends the game."""
    state = new(no_cross="pass")
    nearly_full(state)
    roll(state, 1, 1, 1)
    assert state.is_chance_node() and state.round == 2
    assert state.sheets[0].failed == 1
    roll(state, 1, 1, 1)
    roll(state, 1, 1, 1)
    assert state.is_terminal() and state.sheets[0].ended == "no_cross"


# --------------------------------------------- step 3: cross the start field
def test_step_3_crosses_the_start_field_and_is_skipped_in_round_1() -> None:
    """Step 3: 'The field where you start is now crossed out ... This field now has
    both an X and a circle around the number. This step is skipped in the very first
    round of the game, since you effectively start outside the grid.'"""
    state = new()
    roll(state, 1, 1, 1)
    cross(state, (1, 1))
    sheet = state.sheets[0]
    assert fields_of(sheet.crossed) == {(1, 1)}, "round 1: only the step-2 field"
    move(state, (6, 6))
    assert fields_of(sheet.circled) == {(6, 6)} and sheet.position == cell((6, 6))
    roll(state, 2, 3, 4)
    cross(state, (2, 3))
    assert fields_of(sheet.crossed) == {(1, 1), (2, 3), (6, 6)}
    cells = state.view(None)["sheets"][0]["cells"]
    corner = next(c for c in cells if (c["col"], c["row"]) == (6, 6))
    assert corner == {"col": 6, "row": 6, "value": 30, "crossed": True, "circled": True}


# ---------------------------------------------------------- step 4: move
@pytest.mark.parametrize("die", range(1, 7))
def test_first_move_enters_on_a_corner_corner_step(die: int) -> None:
    """Step 4: 'The first step in the game must land on a 30.'  Ruling
    first_move=corner_step: entering the corner is the first step, so a die of 1
    ends on a corner and a die of d walks d-1 more steps from it."""
    state = new()
    roll(state, 3, 4, die)
    cross(state, (3, 4))
    assert state.sheets[0].move_die == die
    assert destinations(state) == reference_destinations(None, die, {(3, 4)})
    if die == 1:
        assert destinations(state) == CORNERS
    if die == 2:
        assert destinations(state) == {
            (2, 1), (1, 2), (5, 1), (6, 2), (1, 5), (2, 6), (6, 5), (5, 6)
        }  # fmt: skip


@pytest.mark.parametrize("die", range(1, 7))
def test_first_move_corner_free(die: int) -> None:
    """Variant first_move=corner_free: entering the corner costs no step; the whole
    die is then walked from it."""
    state = new(first_move="corner_free")
    roll(state, 3, 4, die)
    cross(state, (3, 4))
    assert destinations(state) == reference_destinations(None, die, {(3, 4)}, corner_free=True)
    if die == 1:
        assert destinations(state) == {
            (2, 1), (1, 2), (5, 1), (6, 2), (1, 5), (2, 6), (6, 5), (5, 6)
        }  # fmt: skip


def test_a_corner_crossed_in_round_1_cannot_be_entered() -> None:
    """Important Note: 'a field is crossed out first, and only then does the movement
    happen' (and step 4: fields with an X may not be entered)."""
    state = new()
    roll(state, 1, 1, 1)
    assert cross_choices(state) == {(1, 1): 1}
    cross(state, (1, 1))
    assert destinations(state) == {(6, 1), (1, 6), (6, 6)}


def test_movement_stays_inside_the_grid() -> None:
    """Step 4: 'while moving you may not move outside the grid.'"""
    state = new()
    setup(state, at=(1, 1))
    roll(state, 1, 5, 6)
    cross(state, (5, 6))  # leaves the 1 to move
    assert destinations(state) == {(2, 1), (1, 2)}


def test_movement_uses_every_step_and_never_revisits() -> None:
    """Step 4: 'You may not let movement points go to waste. You may not enter the same
    field more than once within a round.'  From 3,3 with 2 steps, on an empty sheet:
    the 8 fields at distance 2, never 3,3 itself or a neighbour."""
    state = new()
    setup(state, at=(3, 3))
    roll(state, 2, 6, 6)
    cross(state, (6, 6))  # leaves the 2 to move
    assert destinations(state) == {
        (1, 3), (5, 3), (3, 1), (3, 5), (2, 2), (4, 4), (2, 4), (4, 2)
    }  # fmt: skip


def test_direction_may_change_and_a_walk_may_turn_back_near_its_start() -> None:
    """Step 4: 'you are allowed to change direction during the movement'.  With 3
    steps from 1,1 the neighbour 2,1 is reached around a square (1,2 - 2,2 - 2,1)."""
    state = new()
    setup(state, at=(1, 1))
    roll(state, 3, 6, 6)
    cross(state, (6, 6))
    assert destinations(state) == {(2, 1), (1, 2), (4, 1), (3, 2), (2, 3), (1, 4)}


def test_crossed_or_circled_fields_cannot_be_entered() -> None:
    """Step 4: 'Fields with an X and/or a circle around the number may no longer be
    entered during movement!'"""
    state = new()
    setup(state, at=(3, 3), crossed={(3, 4)}, circled={(2, 3)})
    roll(state, 1, 5, 6)
    cross(state, (5, 6))
    assert destinations(state) == {(4, 3), (3, 2)}


def test_cross_first_then_move() -> None:
    """Important Note: 'It is important that a field is crossed out first, and only then
    does the movement happen ... then cross out a field that was used along the way.
    This is not allowed!'  The field crossed this round blocks this round's move."""
    for crossed, expected in (((1, 2), {(3, 1), (2, 2)}), ((2, 1), {(1, 3), (2, 2)})):
        state = new()
        setup(state, at=(1, 1))
        roll(state, 1, 2, 2)
        cross(state, crossed)
        assert destinations(state) == expected


def test_movement_matches_the_reference_on_random_sheets() -> None:
    """Step 4 as a whole, against the brute-force reference: 300 random sheets (random
    X and circles, standing on a random field or outside), random rolls and choices;
    the legal destinations are exactly the reference's, and an empty set ends the game
    ('If, in this step, you find that you can no longer move legally, the game ends!')."""
    rng = Random(300)
    checked = ended = 0
    for _ in range(300):
        options: dict[str, Any] = {
            "first_move": rng.choice(["corner_step", "corner_free"]),
            "cross_standing": rng.random() < 0.3,
        }
        state = new(**options)
        density = rng.random() * 0.7
        crossed = {f for f in ALL_FIELDS if rng.random() < density}
        at = None if rng.random() < 0.2 else rng.choice(sorted(ALL_FIELDS - crossed))
        circled = {f for f in crossed if rng.random() < 0.5}
        setup(state, at=at, crossed=crossed, circled=circled)
        blocked_by_x = crossed | ({at} if at and not options["cross_standing"] else set())
        dice = rng.choice(board.ROLLS)
        roll(state, *dice)
        named = {(dice[i], dice[j]) for i, j in itertools.permutations(range(3), 2)}
        if not named - blocked_by_x - circled:
            assert state.is_chance_node() and state.sheets[0].failed == 1
            continue
        choices = cross_choices(state)
        assert set(choices) == named - blocked_by_x - circled
        choice = rng.choice(sorted(choices))
        cross(state, choice)
        blocked = crossed | circled | {choice} | ({at} if at else set())
        expected = reference_destinations(
            at, choices[choice], blocked, corner_free=options["first_move"] == "corner_free"
        )
        checked += 1
        if expected:
            assert destinations(state) == expected
        else:
            ended += 1
            assert state.is_terminal() and state.sheets[0].ended == "no_move"
    assert checked > 150 and 0 < ended < checked


# ------------------------------------------------- the end and the score
def enclosed(state: RoadTo300State, seat: int = 0) -> None:
    """Standing on 1,1 next to a crossed 2,1; 6,6 crossed and circled.  A roll of 1-1-2
    offers only 1,2 (1,1 is circled, 2,1 crossed); crossing it encloses 1,1."""
    setup(state, seat, at=(1, 1), crossed={(2, 1), (6, 6)}, circled={(6, 6)})


def test_no_legal_movement_ends_the_game_and_the_start_field_scores() -> None:
    """Step 4: 'If, in this step, you find that you can no longer move legally, the
    game ends!'  End of the Game: 'add up the values of all fields that have both an X
    and a circle'; step 3 has crossed the circled 1,1, so it scores."""
    state = new()
    enclosed(state)
    roll(state, 1, 1, 2)
    assert cross_choices(state) == {(1, 2): 1}
    cross(state, (1, 2))
    assert state.is_terminal()
    assert state.sheets[0].ended == "no_move"
    assert state.scores() == [30 + 30]
    assert state.returns() == [0.0]


@pytest.mark.parametrize(
    ("final_field", "score"), [("rulebook", 60), ("always", 60), ("never", 30)]
)
def test_final_field_when_the_game_ends_in_step_4(final_field: str, score: int) -> None:
    """Ruling final_field: rulebook (X and circle: the start field, crossed in step 3,
    counts), always, never."""
    state = new(final_field=final_field)
    enclosed(state)
    roll(state, 1, 1, 2)
    cross(state, (1, 2))
    assert state.scores() == [score]
    assert state.view(None)["sheets"][0]["score"] == score


@pytest.mark.parametrize(("final_field", "score"), [("rulebook", 0), ("always", 30), ("never", 0)])
def test_final_field_when_the_game_ends_in_step_2(final_field: str, score: int) -> None:
    """Ruling final_field: when three failed rolls end the game, step 3 never crossed
    the circled field you stand on, so by the rulebook it does not score."""
    state = new(final_field=final_field)
    nearly_full(state)  # 3,3 is circled and crossed: 5 points
    roll(state, 1, 1, 1)
    roll(state, 1, 1, 1)
    roll(state, 1, 1, 1)
    assert state.is_terminal()
    assert state.scores() == [5 + score]


def test_only_fields_with_x_and_circle_score() -> None:
    """End of the Game: 'add up the values of all fields that have both an X and a
    circle around the number.'"""
    state = new()
    setup(state, crossed={(1, 1), (2, 2), (3, 3)}, circled={(2, 2), (4, 4), (6, 6)})
    assert state.scores() == [15]
    assert state.view(None)["sheets"][0]["score"] == 15


@pytest.mark.parametrize(("target", "returns"), [(59, [1.0]), (60, [1.0]), (61, [0.0])])
def test_reaching_the_target_wins_solo(target: int, returns: list[float]) -> None:
    """End of the Game: 'If you have now reached 300 or more points, you win Road to
    300!'  Option target (default 300); reaching it exactly wins; returns are [1.0]
    for a win and [0.0] otherwise."""
    state = new(target=target)
    enclosed(state)
    roll(state, 1, 1, 2)
    assert state.returns() == [0.0]  # zeros before the end
    cross(state, (1, 2))
    assert state.scores() == [60]
    assert state.returns() == returns
    assert state.view(None)["sheets"][0]["reached_target"] is (returns == [1.0])
    assert state.winners() == ([0] if returns == [1.0] else [])


TWENTY_FIVES = {(5, 1), (6, 2), (1, 5), (6, 5), (2, 6), (5, 6)}


@pytest.mark.parametrize(
    ("extra", "score", "returns"),
    [
        ({(3, 3), (4, 4)}, 300, [1.0]),
        ({(3, 3)}, 295, [0.0]),
        ({(3, 3), (4, 4), (3, 4)}, 305, [1.0]),
    ],
)
def test_300_points_win_the_default_game(
    extra: set[Field], score: int, returns: list[float]
) -> None:
    """End of the Game: 'If you have now reached 300 or more points, you win Road to
    300!'  (1,1 and 6,6 from the enclosed sheet, 1,6 and 6,1, six 25s and 3,1 make
    290; the 5-point centre fields make the difference.)"""
    state = new()
    enclosed(state)
    scored = {(1, 6), (6, 1), (3, 1)} | TWENTY_FIVES | extra
    state.sheets[0].crossed |= mask(scored)
    state.sheets[0].circled |= mask(scored)
    roll(state, 1, 1, 2)
    cross(state, (1, 2))
    assert state.is_terminal()
    assert state.scores() == [score]
    assert state.returns() == returns


# ------------------------------------------------------- competitive mode
def test_competitive_players_share_the_roll_and_decide_together() -> None:
    """Ruling players=2..6 (FACTS: 'all use the same roll each round'): one roll for
    every playing sheet; every seat that can act is active at once; current_player()
    is the lowest of them."""
    state = new(players=3)
    assert state.current_player() == CHANCE
    assert state.rolling_seats() == (0, 1, 2)
    roll(state, 2, 4, 5)
    assert all(s.roll == board.ROLL_INDEX[(2, 4, 5)] for s in state.sheets)
    assert state.active_seats() == (0, 1, 2) and state.current_player() == 0
    cross(state, (4, 5), seat=2)  # seat 2 may go first
    assert state.active_seats() == (0, 1, 2)
    assert state.sheets[2].step == MOVE and state.sheets[0].step == CROSS
    assert state.view(None)["active_seats"] == [0, 1, 2]


def test_competitive_order_of_acting_does_not_matter() -> None:
    """Ruling: decisions on a shared roll are simultaneous: all 90 orders in which
    three seats may cross and move give the same sheets."""
    crosses = {0: (2, 4), 1: (5, 2), 2: (4, 5)}
    reference = new(players=3)
    roll(reference, 2, 4, 5)
    plan: dict[int, list[int]] = {}
    for seat, field in crosses.items():
        cross(reference, field, seat)
        plan[seat] = [cell(field), reference.legal_actions(seat)[-1]]
        reference.apply_action(plan[seat][1], seat)
    expected = reference.view(None)
    orders = set(itertools.permutations([0, 0, 1, 1, 2, 2]))
    assert len(orders) == 90
    for order in orders:
        state = new(players=3)
        roll(state, 2, 4, 5)
        done = dict.fromkeys(plan, 0)
        for seat in order:
            state.apply_action(plan[seat][done[seat]], seat)
            done[seat] += 1
        assert state.view(None) == expected, order
        assert sorted(state.history()) == sorted(reference.history())
        assert state.is_chance_node() and state.rolling_seats() == (0, 1, 2)


def test_competitive_seats_that_are_not_active_cannot_act() -> None:
    """A seat that has finished its round may not act again until the next roll."""
    state = new(players=2)
    roll(state, 2, 4, 5)
    cross(state, (2, 4), seat=1)
    move(state, sorted(destinations(state, 1))[0], seat=1)
    assert state.active_seats() == (0,)
    assert state.legal_actions(1) == []
    with pytest.raises(NotYourTurn):
        state.apply_action(cell((4, 2)), 1)


@pytest.mark.parametrize(
    ("ends", "returns"),
    [
        ((0, 1), [0.5, 0.5]),
        ((0, 1, 2), [1 / 3, 1 / 3, 1 / 3]),
    ],
)
def test_competitive_ties_share_the_victory(ends: tuple[int, ...], returns: list[float]) -> None:
    """Ruling: the highest score wins (FACTS); k tied top scorers each get 1/k."""
    state = new(players=len(ends))
    for seat in ends:
        enclosed(state, seat)
    roll(state, 1, 1, 2)
    for seat in ends:
        cross(state, (1, 2), seat)
    assert state.is_terminal()
    assert state.scores() == [60] * len(ends)
    assert state.returns() == pytest.approx(returns)
    assert state.winners() == list(ends)


def test_competitive_top_score_wins_without_reaching_the_target() -> None:
    """Ruling: in the competitive mode the highest score wins (the target is the solo
    goal); a lower score gets 0."""
    state = new(players=3)
    for seat in range(3):
        enclosed(state, seat)
    state.sheets[2].crossed &= ~mask({(6, 6)})  # seat 2: 6,6 only circled, 30 fewer
    roll(state, 1, 1, 2)
    for seat in range(3):
        cross(state, (1, 2), seat)
    assert state.scores() == [60, 60, 30]
    assert state.returns() == [0.5, 0.5, 0.0]


def test_competitive_a_finished_player_waits_for_the_others() -> None:
    """Ruling: a player whose game has ended keeps their score and waits; the others
    go on rolling; the match ends when every sheet has ended."""
    state = new(players=2)
    enclosed(state, 0)
    roll(state, 1, 1, 2)
    cross(state, (1, 2), seat=0)  # seat 0's game ends
    assert state.sheets[0].step == OVER and not state.is_terminal()
    assert state.active_seats() == (1,)
    cross(state, (2, 1), seat=1)  # 1 to move: enter on a corner
    move(state, (6, 6), seat=1)
    assert state.is_chance_node() and state.rolling_seats() == (1,)
    roll(state, 3, 4, 5)
    assert state.active_seats() == (1,)
    assert state.sheets[0].roll == board.ROLL_INDEX[(1, 1, 2)], "seat 0 no longer rolls"
    assert state.returns() == [0.0, 0.0]
    assert state.view(None)["sheets"][0]["over"] is True


def test_competitive_reroll_is_shared_by_the_failing_players() -> None:
    """Step 2 'you must roll again!' in the competitive mode (no_cross=reroll): the
    players who failed share one reroll; the others keep their roll and their pending
    choice, and decide once the reroll is on the table."""
    state = new(players=3)
    nearly_full(state, 0)
    nearly_full(state, 1)
    roll(state, 1, 1, 1)
    assert state.is_chance_node() and state.rolling_seats() == (0, 1)
    assert state.view(None)["rolling_seats"] == [0, 1]
    assert state.sheets[2].step == CROSS
    assert state.active_seats() == ()  # the reroll is rolled before anyone decides
    with pytest.raises(NotYourTurn):
        cross(state, (1, 1), seat=2)
    assert [s.failed for s in state.sheets] == [1, 1, 0]
    roll(state, 1, 6, 6)
    assert state.active_seats() == (0, 1, 2)
    assert [s.roll for s in state.sheets] == [board.ROLL_INDEX[(1, 6, 6)]] * 2 + [
        board.ROLL_INDEX[(1, 1, 1)]
    ]
    assert cross_choices(state, 2) == {(1, 1): 1}
    assert cross_choices(state, 0) == cross_choices(state, 1) == {(6, 6): 1}
    assert [s.failed for s in state.sheets] == [0, 0, 0]
    assert state.round == 1


def test_competitive_pass_sits_out_while_the_others_play() -> None:
    """Variant no_cross=pass in the competitive mode: a player without a usable field
    sits the round out; the others decide; the next roll is for everyone."""
    state = new(players=3, no_cross="pass")
    nearly_full(state, 0)
    nearly_full(state, 1)
    roll(state, 1, 1, 1)
    assert not state.is_chance_node()
    assert state.active_seats() == (2,)
    assert state.sheets[0].step == WAITING and state.sheets[0].failed == 1
    cross(state, (1, 1), seat=2)
    move(state, (6, 6), seat=2)
    assert state.is_chance_node() and state.rolling_seats() == (0, 1, 2)
    assert state.round == 2


def test_competitive_three_failures_end_only_that_players_game() -> None:
    """Step 2 'three times in a row, the game is over!' ends that player's game only."""
    state = new(players=2)
    nearly_full(state, 0)
    for _ in range(3):
        roll(state, 1, 1, 1)
        if state.is_chance_node():
            assert state.rolling_seats() == (0,)
    assert state.sheets[0].ended == "no_cross"
    assert state.active_seats() == (1,)
    assert not state.is_terminal()


# ------------------------------------------------------------ view, actions
def test_the_view_shows_the_sheets() -> None:
    """The view shows every sheet: cells (value, X, circle), position, dice, failed
    rolls, score and whether the target is reached."""
    state = new()
    roll(state, 1, 1, 1)
    cross(state, (1, 1))
    move(state, (6, 6))
    roll(state, 2, 3, 4)
    view = state.view(0)
    assert view["game"] == "road-to-300" and view["you"] == 0 and view["players"] == 1
    assert view["phase"] == "decide" and view["round"] == 2 and view["target"] == 300
    sheet = view["sheets"][0]
    assert len(sheet["cells"]) == 36
    for c in sheet["cells"]:
        field = (c["col"], c["row"])
        assert c["value"] == board.VALUES[cell(field)]
        assert c["crossed"] is (field == (1, 1))
        assert c["circled"] is (field == (6, 6))
    assert sheet["position"] == {"col": 6, "row": 6}
    assert sheet["dice"] == [2, 3, 4]
    assert sheet["failed_rolls"] == 0
    assert sheet["step"] == "cross"
    assert sheet["score"] == 0 and sheet["reached_target"] is False
    assert sheet["over"] is False and sheet["ended"] is None
    assert {(o["col"], o["row"]) for o in sheet["cross_options"]} == set(cross_choices(state))
    assert view["winners"] is None
    assert state.view(None)["sheets"] == view["sheets"], "perfect information"


def test_the_view_before_the_first_roll() -> None:
    sheet = new().view(None)["sheets"][0]
    assert sheet["position"] is None and sheet["dice"] is None and sheet["step"] == "roll"


def test_action_encoding_and_texts() -> None:
    """Ruling (encoding): 0..35 cross the field (row - 1) * 6 + (col - 1); 36..71 end
    the movement on field a - 36; chance 0..55 index the sorted rolls."""
    state = new()
    game = state.game
    assert game.num_distinct_actions() == 72 and game.max_chance_outcomes() == 56
    index = board.ROLL_INDEX[(2, 4, 5)]
    assert state.action_to_string(index) == "roll 2-4-5"
    roll(state, 2, 4, 5)
    assert state.legal_actions() == sorted(cell(f) for f in cross_choices(state))
    assert cell((2, 4)) == 19
    assert state.action_to_string(19) == "cross 2,4 (move 5)"
    cross(state, (2, 4))
    assert all(36 <= a < 72 for a in state.legal_actions())
    assert state.action_to_string(36 + cell((1, 1))) == "end on 1,1 (30 points)"


def test_sheet_positions_start_outside() -> None:
    state = new(players=2)
    assert all(s.position == OUTSIDE for s in state.sheets)


# ------------------------------------------------------- the rulings document
ROOT = Path(__file__).resolve().parents[3]
RULINGS = ROOT / "docs" / "rules" / "road-to-300.md"


def test_rulings_document_covers_every_option() -> None:
    """docs/rules/road-to-300.md names every option with its default and alternatives."""
    text = RULINGS.read_text()
    for option in new().game.options_spec:
        assert f"`{option.name}`" in text
        default = str(option.default).lower()
        assert f"`{default}`" in text, (option.name, default)
        for choice in option.choices:
            assert f"`{choice}`" in text, (option.name, choice)


def test_rulings_document_links_only_existing_tests() -> None:
    """Every test the rulings document names exists (renaming a test breaks the link)."""
    text = RULINGS.read_text()
    named = set(re.findall(r"`(test_[a-z0-9_]+)`", text))
    assert len(named) > 30
    defined = {
        name
        for path in (ROOT / "tests").rglob("test_*.py")
        for name in re.findall(r"^def (test_[a-z0-9_]+)", path.read_text(), re.MULTILINE)
    }
    assert named - defined == set()
