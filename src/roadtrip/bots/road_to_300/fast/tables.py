"""Road to 300's fixed data as flat numpy arrays, built from the engine's own tables.

Everything here comes from :mod:`roadtrip.games.road_to_300.board` (the value grid,
the 56 rolls and the fields they name, the precomputed walks), so the fast path and
the engine share one source of the rules' data.  Masks are ``int64`` (36 bits).

Walks are pruned: for one start, length and end, a walk whose mask contains another
walk's mask can never be the only open walk to that end (whenever it avoids the
blocked fields, the smaller one does too), so it is dropped.  The set of reachable
ends, which is all the rules ask of the walks, is unchanged; the C reference
(``benchmarks/c/road_to_300.c``) prunes its walks the same way.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import product

import numpy as np
from numpy.typing import NDArray

from roadtrip.games.road_to_300 import board

Int64Array = NDArray[np.int64]

CELLS = board.CELLS
ENTRY = CELLS  # the pseudo-start "outside the grid": WALK_OFFSETS row of ENTRY_WALKS
DICE = 7  # walk lengths 0..6


def minimal_walks(pairs: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """The (end, mask) pairs whose mask contains no other pair's mask for that end,
    sorted."""
    unique = sorted(set(pairs), key=lambda pair: (pair[0], pair[1].bit_count(), pair[1]))
    kept: list[tuple[int, int]] = []
    for end, mask in unique:
        if not any(e == end and m & mask == m for e, m in kept):
            kept.append((end, mask))
    return sorted(kept)


def _flatten(rows: list[list[tuple[int, int]]]) -> tuple[Int64Array, Int64Array, Int64Array]:
    """Offsets (len(rows) + 1), ends and masks of a list of walk lists."""
    offsets = np.zeros(len(rows) + 1, dtype=np.int64)
    ends: list[int] = []
    masks: list[int] = []
    for number, row in enumerate(rows):
        for end, mask in row:
            ends.append(end)
            masks.append(mask)
        offsets[number + 1] = len(ends)
    return offsets, np.array(ends, dtype=np.int64), np.array(masks, dtype=np.int64)


def _walk_rows() -> list[list[tuple[int, int]]]:
    """Row ``start * DICE + steps`` (start ``ENTRY``: entering on a corner first)."""
    rows = [
        minimal_walks(board.WALKS[start][steps]) for start in range(CELLS) for steps in range(DICE)
    ]
    rows += [minimal_walks(board.ENTRY_WALKS[steps]) for steps in range(DICE)]
    return rows


def _reach_rows() -> list[list[tuple[int, int]]]:
    """Row ``position``: every walk of any die 1..6 from it (the greedy bot's mobility)."""
    return [
        minimal_walks(pair for steps in range(1, DICE) for pair in board.WALKS[position][steps])
        for position in range(CELLS)
    ]


VALUES: Int64Array = np.array(board.VALUES, dtype=np.int64)

WALK_OFFSETS, WALK_ENDS, WALK_MASKS = _flatten(_walk_rows())
REACH_OFFSETS, REACH_ENDS, REACH_MASKS = _flatten(_reach_rows())

# CROSS_CELLS[roll, k], CROSS_DICE[roll, k]: the k-th field the roll names (sorted)
# and the die left to move; CROSS_COUNT[roll] of them (6, 3 or 1).
CROSS_COUNT: Int64Array = np.array([len(opts) for opts in board.CROSS_OPTIONS], dtype=np.int64)
CROSS_CELLS: Int64Array = np.full((len(board.ROLLS), 6), -1, dtype=np.int64)
CROSS_DICE: Int64Array = np.zeros((len(board.ROLLS), 6), dtype=np.int64)
for _roll, _options in enumerate(board.CROSS_OPTIONS):
    for _k, (_cell, _die) in enumerate(_options):
        CROSS_CELLS[_roll, _k] = _cell
        CROSS_DICE[_roll, _k] = _die

# ROLL_OF[(a - 1) * 36 + (b - 1) * 6 + (c - 1)]: the roll index of dice a, b, c.
ROLL_OF: Int64Array = np.array(
    [board.ROLL_INDEX[tuple(sorted(dice))] for dice in product(range(1, 7), repeat=3)],  # type: ignore[index]
    dtype=np.int64,
)

# For the expert's compiled policy (:mod:`.policy`): the fields of each value, most
# valuable first; each field's orthogonal neighbours; the columns a shift by one
# may not wrap into; the fields each roll names and its probability.
CLASS_VALUES: Int64Array = np.array(sorted(set(board.VALUES), reverse=True), dtype=np.int64)
CLASS_MASKS: Int64Array = np.array(
    [sum(1 << c for c in range(CELLS) if board.VALUES[c] == v) for v in CLASS_VALUES],
    dtype=np.int64,
)
NEIGHBOURS: Int64Array = np.array(
    [sum(1 << n for n in board.NEIGHBOURS[c]) for c in range(CELLS)], dtype=np.int64
)
NOT_COL1 = sum(1 << c for c in range(CELLS) if c % 6 != 0)
NOT_COL6 = sum(1 << c for c in range(CELLS) if c % 6 != 5)
ROLL_FIELDS: Int64Array = np.array(
    [sum(1 << cell for cell, _ in options) for options in board.CROSS_OPTIONS], dtype=np.int64
)
ROLL_PROBABILITY: NDArray[np.float64] = np.array(
    [float(p) for _, p in board.ROLL_OUTCOMES], dtype=np.float64
)
