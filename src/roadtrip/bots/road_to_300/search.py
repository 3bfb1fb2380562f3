"""The Road to 300 expert's search: an expectimax over the next roll.

The value of a position between rounds (see ``evaluation``) is looked up one
round deeper: for each of the 56 rolls (exact odds), the choice the base policy
makes (a field to cross together with where the movement then ends), valued by
the evaluation of the position it leaves, or with ``depth`` 2 by this look-ahead
again.  A cross after which the movement has no legal end ends the game on the
spot: it is valued as the game's result (here always a loss, since positions
that reached the target are settled before).  A roll that can cross nothing is
rolled again, and three such rolls in a row end the game (lost: the field stood
on does not score).

Everything works on 36-bit masks, all the choices of a position in one batch.
"""

from __future__ import annotations

import numpy as np

from roadtrip.bots.road_to_300.evaluation import (
    Positions,
    Rules,
    fail_chance,
    judge,
)
from roadtrip.bots.road_to_300.tables import (
    DICE,
    DIE_OFFSETS,
    DIE_WIDTHS,
    PAD_CHOICE,
    ROLL_CHOICES,
    ROLL_PROBABILITIES,
    WALK_ENDS,
    WALK_MASKS,
    Floats,
    Ints,
)
from roadtrip.games.road_to_300 import board

_SETTLED_KEY = 2000.0  # below every base key: a game that ends lost
_OPEN_BELOW = 0.98  # values from here up are (nearly) settled wins: not re-searched
_ONE_HOT_ENDS = np.eye(board.CELLS, dtype=np.int64)


def _bit(cell: int) -> int:
    return 1 << cell


def reached_points(crossed: int, circled: int, position: int) -> int:
    """Points scored so far plus the field stood on (the next cross locks it in)."""
    return board.mask_value(crossed & circled) + board.VALUES[position]


def crossable_cells(rules: Rules, crossed: int, circled: int, position: int) -> list[int]:
    """Fields a step-2 cross may pick on this sheet (before the roll)."""
    blocked = crossed if rules.cross_standing else crossed | circled
    return [cell for cell in range(board.CELLS) if not blocked >> cell & 1]


def position_value(
    rules: Rules, crossed: int, circled: int, position: int, depth: int = 1
) -> float:
    """Expected chance of winning from a position between rounds, looking ``depth``
    rolls deeper: on each roll the choice the base policy makes, valued by the
    evaluation (``depth`` 2: by this look-ahead again, where not settled)."""
    locked = board.mask_value(crossed & circled)
    if locked >= rules.target:
        return 1.0
    reached = locked + board.VALUES[position]
    cells = crossable_cells(rules, crossed, circled, position)
    crossable = np.array([sum(_bit(c) for c in cells)], dtype=np.uint64)
    if reached >= rules.target:
        if rules.final_field_on_fail:
            return 1.0
        return float(1.0 - fail_chance(crossable)[0] ** 3)
    keys = np.full(PAD_CHOICE + 1, -np.inf)
    values = np.zeros(PAD_CHOICE + 1)
    ends = np.full(PAD_CHOICE + 1, -1, dtype=np.int64)
    if cells:
        _value_choices(rules, crossed, circled, position, cells, keys, values, ends)
    choice_keys = keys[ROLL_CHOICES]
    picked = choice_keys.argmax(axis=1)
    crossing = np.isfinite(choice_keys.max(axis=1))
    chosen = ROLL_CHOICES[np.arange(len(picked)), picked]
    if depth > 1:
        _look_deeper(rules, crossed, circled, position, depth, chosen[crossing], values, ends)
    per_roll = values[chosen]
    success = float(ROLL_PROBABILITIES[crossing] @ per_roll[crossing])
    q = float(ROLL_PROBABILITIES[~crossing].sum())
    # Three failed rolls end the game with the field stood on unscored: short of
    # the target here (reached < target), so lost.
    return success * (1.0 + q + q * q)


def _look_deeper(
    rules: Rules,
    crossed: int,
    circled: int,
    position: int,
    depth: int,
    chosen: Ints,
    values: Floats,
    ends: Ints,
) -> None:
    """Value the chosen choices whose result is open by the look-ahead itself."""
    stand = _bit(position)
    for choice in {int(c) for c in chosen}:
        end = int(ends[choice])
        if end < 0 or not 0.0 < values[choice] < _OPEN_BELOW:
            continue
        cell = choice // 7
        values[choice] = position_value(
            rules, crossed | _bit(cell) | stand, circled | _bit(end), end, depth - 1
        )


def _value_choices(
    rules: Rules,
    crossed: int,
    circled: int,
    position: int,
    cells: list[int],
    out_keys: Floats,
    out_values: Floats,
    out_ends: Ints,
) -> None:
    """Fill ``out_*[cell * 7 + die]`` with the preference and the value of the
    choice made on crossing ``cell`` and moving ``die`` steps from ``position``."""
    blocked = crossed | circled
    cell_array = np.array(cells, dtype=np.uint64)
    blocked_u = np.uint64(blocked)
    reach_by_die = []
    for die, offset, width in zip(DICE, DIE_OFFSETS, DIE_WIDTHS, strict=True):
        masks = WALK_MASKS[position, offset : offset + width]
        open_walks = (masks & blocked_u) == 0
        masks = masks[open_walks]
        ends = WALK_ENDS[position, offset : offset + width][open_walks]
        if len(masks) == 0:
            reach_by_die.append((die, None))
            continue
        # allowed[i, k]: walk k does not enter the field cells[i] crossed in step 2.
        allowed = ((masks[None, :] >> cell_array[:, None]) & np.uint64(1)) == 0
        reach = (allowed.astype(np.int64) @ _ONE_HOT_ENDS[ends]) > 0
        reach_by_die.append((die, reach))
    reach_any = np.zeros((len(cells), board.CELLS), dtype=bool)
    for _, reach in reach_by_die:
        if reach is not None:
            reach_any |= reach
    rows, ends = np.nonzero(reach_any)
    keys = np.full((len(cells), board.CELLS), -np.inf)
    values = np.zeros((len(cells), board.CELLS))
    if len(rows):
        stand = np.uint64(_bit(position))
        positions = Positions(
            crossed=(np.uint64(crossed) | (np.uint64(1) << cell_array[rows]) | stand),
            circled=np.uint64(circled) | (np.uint64(1) << ends.astype(np.uint64)),
            position=ends.astype(np.int64),
        )
        leaf_keys, leaf_values = judge(rules, positions)
        keys[rows, ends] = leaf_keys
        values[rows, ends] = leaf_values
    # No legal movement: the game ends now, short of the target (checked above).
    ended_key = -_SETTLED_KEY
    ended_value = 0.0
    indices = np.array(cells, dtype=np.int64) * 7
    row_index = np.arange(len(cells))
    for die, reach in reach_by_die:
        if reach is None:
            out_keys[indices + die] = ended_key
            out_values[indices + die] = ended_value
            continue
        masked = np.where(reach, keys, -np.inf)
        best = masked.argmax(axis=1)
        best_key = masked[row_index, best]
        movable = np.isfinite(best_key)
        out_keys[indices + die] = np.where(movable, best_key, ended_key)
        out_ends[indices + die] = np.where(movable, best, -1)
        out_values[indices + die] = np.where(movable, values[row_index, best], ended_value)


def static_values(
    rules: Rules, crossed: list[int], circled: list[int], position: list[int]
) -> tuple[Floats, Floats]:
    """(the base policy's preference, the evaluation) of several positions."""
    positions = Positions(
        crossed=np.array(crossed, dtype=np.uint64),
        circled=np.array(circled, dtype=np.uint64),
        position=np.array(position, dtype=np.int64),
    )
    return judge(rules, positions)
