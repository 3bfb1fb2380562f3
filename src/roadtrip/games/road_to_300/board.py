"""Road to 300's fixed data: the 6x6 value grid, the rolls, and precomputed walks.

Cells are numbered ``(row - 1) * 6 + (col - 1)``; a die pair (a, b) names column a,
row b, as the rulebook's "2,4" names column 2, row 4.  Sets of cells are 36-bit
masks.  Movement walks (self-avoiding, orthogonal, exact length) are enumerated
once at import, so finding the legal destinations is a scan of masks.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations, product

SIZE = 6
CELLS = SIZE * SIZE
ALL_CELLS = (1 << CELLS) - 1

# The rulebook's grid, row by row (row 1 first), column 1 to 6.
VALUES: tuple[int, ...] = (
    30, 25, 20, 20, 25, 30,
    25, 15, 10, 10, 15, 25,
    20, 10, 5, 5, 10, 20,
    20, 10, 5, 5, 10, 20,
    25, 15, 10, 10, 15, 25,
    30, 25, 20, 20, 25, 30,
)  # fmt: skip

CORNERS: tuple[int, ...] = (0, 5, 30, 35)


def cell_of(col: int, row: int) -> int:
    return (row - 1) * SIZE + (col - 1)


def coords(cell: int) -> tuple[int, int]:
    """(column, row), 1-based, as the rulebook writes a field."""
    return cell % SIZE + 1, cell // SIZE + 1


def cell_name(cell: int) -> str:
    col, row = coords(cell)
    return f"{col},{row}"


def _neighbours(cell: int) -> tuple[int, ...]:
    col, row = cell % SIZE, cell // SIZE
    out = []
    for dc, dr in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        c, r = col + dc, row + dr
        if 0 <= c < SIZE and 0 <= r < SIZE:
            out.append(r * SIZE + c)
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(c) for c in range(CELLS))


def mask_cells(mask: int) -> list[int]:
    """The cells in a mask, in increasing order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_value(mask: int) -> int:
    return sum(VALUES[c] for c in mask_cells(mask))


# ------------------------------------------------------------------- the dice
# A roll is the sorted multiset of three dice; there are 56, with exact odds.
ROLLS: tuple[tuple[int, int, int], ...] = tuple(
    sorted({tuple(sorted(t)) for t in product(range(1, 7), repeat=3)})  # type: ignore[misc]
)
ROLL_INDEX: dict[tuple[int, int, int], int] = {r: i for i, r in enumerate(ROLLS)}
ROLL_PROBABILITY_EXACT: tuple[Fraction, ...] = tuple(
    Fraction(len(set(permutations(r))), 216) for r in ROLLS
)
ROLL_OUTCOMES: tuple[tuple[int, float], ...] = tuple(
    (i, float(p)) for i, p in enumerate(ROLL_PROBABILITY_EXACT)
)


def _cross_options(roll: tuple[int, int, int]) -> tuple[tuple[int, int], ...]:
    """(cell, movement die) for every field two of the dice name; the third moves."""
    found: dict[int, int] = {}
    for i, j in permutations(range(3), 2):
        k = 3 - i - j
        found.setdefault(cell_of(roll[i], roll[j]), roll[k])
    return tuple(sorted(found.items()))


CROSS_OPTIONS: tuple[tuple[tuple[int, int], ...], ...] = tuple(_cross_options(r) for r in ROLLS)


# ------------------------------------------------------------------ the walks
def _walks(start: int, length: int) -> list[tuple[int, int]]:
    """(end, mask of entered cells) for every self-avoiding walk from ``start``."""
    out: list[tuple[int, int]] = []

    def extend(cell: int, mask: int, left: int) -> None:
        if left == 0:
            out.append((cell, mask))
            return
        for nxt in NEIGHBOURS[cell]:
            bit = 1 << nxt
            if not mask & bit and nxt != start:
                extend(nxt, mask | bit, left - 1)

    extend(start, 0, length)
    return out


def _dedupe(pairs: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(set(pairs)))


# WALKS[start][steps]: (end, path mask); the start is not in the mask (step 3 has
# already crossed it).
WALKS: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = tuple(
    tuple(_dedupe(_walks(start, steps)) for steps in range(7)) for start in range(CELLS)
)


def _entry_walks(steps_after_corner: int) -> tuple[tuple[int, int], ...]:
    """Walks that enter the grid on a corner (the corner is in the mask)."""
    pairs = []
    for corner in CORNERS:
        for end, mask in _walks(corner, steps_after_corner):
            pairs.append((end, mask | (1 << corner)))
    return _dedupe(pairs)


# ENTRY_WALKS[steps]: entering a corner, then ``steps`` more steps.
ENTRY_WALKS: tuple[tuple[tuple[int, int], ...], ...] = tuple(_entry_walks(s) for s in range(7))


def destinations(walks: tuple[tuple[int, int], ...], blocked: int) -> tuple[int, ...]:
    """The ends of the walks that touch no blocked cell, sorted."""
    return tuple(sorted({end for end, mask in walks if not mask & blocked}))
