"""Numpy tables for the Road to 300 expert: walks, rolls and bit counting on masks.

The expert evaluates hundreds of sheets at once, so the engine's precomputed walks
(``board.WALKS``) are laid out here as arrays: for every start field, the walks of
each die length in one row, padded to the same width with a mask that no sheet can
satisfy.  Sheets are 36-bit masks held in ``uint64`` arrays (see ``board``).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from roadtrip.games.road_to_300 import board

Masks = npt.NDArray[np.uint64]
Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]

DICE = (1, 2, 3, 4, 5, 6)
ALL = np.uint64(board.ALL_CELLS)
# A padding walk: it enters every field, so it is never open.
_NEVER = board.ALL_CELLS


def _die_widths() -> tuple[int, ...]:
    return tuple(max(len(board.WALKS[s][d]) for s in range(board.CELLS)) for d in DICE)


DIE_WIDTHS = _die_widths()
# Column where each die's walks start in a row of WALK_MASKS (for np.maximum.reduceat).
DIE_OFFSETS: Ints = np.cumsum((0, *DIE_WIDTHS[:-1])).astype(np.int64)
WALK_WIDTH = sum(DIE_WIDTHS)


def _walk_arrays() -> tuple[Masks, Ints, Ints]:
    """(masks, end values, ends): row = start field, columns = the walks of dice
    1..6 (each die padded to DIE_WIDTHS).  Masks include the end field."""
    masks = np.full((board.CELLS, WALK_WIDTH), _NEVER, dtype=np.uint64)
    values = np.zeros((board.CELLS, WALK_WIDTH), dtype=np.int64)
    ends = np.zeros((board.CELLS, WALK_WIDTH), dtype=np.int64)
    for start in range(board.CELLS):
        column = 0
        for die, width in zip(DICE, DIE_WIDTHS, strict=True):
            for k, (end, mask) in enumerate(board.WALKS[start][die]):
                masks[start, column + k] = mask
                values[start, column + k] = board.VALUES[end]
                ends[start, column + k] = end
            column += width
    return masks, values, ends


WALK_MASKS, WALK_VALUES, WALK_ENDS = _walk_arrays()
VALUES: Ints = np.array(board.VALUES, dtype=np.int64)
ROLL_PROBABILITIES: Floats = np.array([p for _, p in board.ROLL_OUTCOMES], dtype=np.float64)
# Fields a roll can cross (before marks): a roll fails when all of them are marked.
ROLL_FIELDS: Masks = np.array(
    [sum(1 << cell for cell, _ in options) for options in board.CROSS_OPTIONS], dtype=np.uint64
)
# ROLL_CHOICES[r, k] = cell * 7 + die of the roll's k-th choice; padding points at
# slot 36 * 7 (a field that does not exist, valued "cannot cross").
PAD_CHOICE = board.CELLS * 7


def _roll_choices() -> Ints:
    table = np.full((len(board.ROLLS), 6), PAD_CHOICE, dtype=np.int64)
    for r, options in enumerate(board.CROSS_OPTIONS):
        for k, (cell, die) in enumerate(options):
            table[r, k] = cell * 7 + die
    return table


ROLL_CHOICES = _roll_choices()

# -------------------------------------------------------------- bit counting
_BYTE = np.arange(256, dtype=np.int64)
_BYTE_COUNTS: Ints = np.array([bin(b).count("1") for b in range(256)], dtype=np.int64)


def _byte_values(shift: int) -> Ints:
    out = np.zeros(256, dtype=np.int64)
    for b in range(256):
        out[b] = sum(board.VALUES[shift + i] for i in range(8) if b >> i & 1 and shift + i < 36)
    return out


_VALUE_TABLES = tuple(_byte_values(8 * k) for k in range(5))
_SHIFTS = tuple(np.uint64(8 * k) for k in range(5))
_LOW_BYTE = np.uint64(255)


def mask_values(masks: Masks) -> Ints:
    """The summed field values of each mask."""
    total = np.zeros(masks.shape, dtype=np.int64)
    for table, shift in zip(_VALUE_TABLES, _SHIFTS, strict=True):
        total += table[((masks >> shift) & _LOW_BYTE).astype(np.int64)]
    return total


def mask_counts(masks: Masks) -> Ints:
    """The number of fields in each mask."""
    total = np.zeros(masks.shape, dtype=np.int64)
    for shift in _SHIFTS:
        total += _BYTE_COUNTS[((masks >> shift) & _LOW_BYTE).astype(np.int64)]
    return total


# ------------------------------------------------------------- flood filling
_NOT_COL1 = np.uint64(sum(1 << c for c in range(board.CELLS) if c % 6 != 0))
_NOT_COL6 = np.uint64(sum(1 << c for c in range(board.CELLS) if c % 6 != 5))
_ONE = np.uint64(1)
_ROW = np.uint64(6)
NEIGHBOUR_MASKS: Masks = np.array(
    [sum(1 << n for n in board.NEIGHBOURS[c]) for c in range(board.CELLS)], dtype=np.uint64
)


def spread(masks: Masks) -> Masks:
    """Each mask grown by one orthogonal step (inside the grid)."""
    out = masks | (masks << _ROW) | (masks >> _ROW)
    out |= (masks << _ONE) & _NOT_COL1  # one column right, not wrapping to column 1
    out |= (masks >> _ONE) & _NOT_COL6
    grown: Masks = out & ALL
    return grown


def components(starts: Masks, open_fields: Masks) -> Masks:
    """The open fields connected to ``starts`` (which must be open) through open fields."""
    region = starts & open_fields
    while True:
        grown = spread(region) & open_fields
        if np.array_equal(grown | region, region):
            return region
        region = grown | region
