"""A learned value of Road to 300 positions: an n-tuple network, compiled with numba.

A position is a sheet between rounds (an *afterstate*: the movement is made, the
next roll is not): crossed fields, circled fields, the field stood on.  Its value is
the chance of winning the solo game from there with good play.

Exact where the result is known (as ``evaluation.settled``): the target locked in
(1), the target reached counting the field stood on (won unless three rolls in a row
fail: ``1 - q**3``), or the best fields still reachable short of the points needed
(0).  Otherwise ``sigmoid(sum of weights)``, one weight looked up in each of these
tables (``LAYOUT``), by the points still needed (``need``, in buckets) and:

* ``pos_need``: the field stood on (up to symmetry) and the need in 5-point steps;
* ``patch``: which of the 12 fields within two steps of the field stood on are
  blocked (off the grid counts as blocked);
* ``tuples``: each of seven lines and 2x3 blocks of fields, each field blocked,
  open but cut off from the player, or open and reachable;
* ``block``: the same for a 3x3 corner block;
* ``need_slack``, ``dead``, ``fail``, ``die_best``, ``size``, ``open``, ``good``:
  the measures of ``evaluation.measure`` (the value of the best reachable fields
  later rounds can still end on, less the need; dead-end die values; the chance that
  a roll crosses nothing; for each die value the best field it can end on; the size
  of the reachable region; the open fields; die values that alone make the need).

The patch and the tuples are read in all eight symmetries of the board (its values
are symmetric), with shared weights, so the value is the same for mirror images.
This is the n-tuple network of Szubert and Jaśkowski's 2048 player (2014); the
weights are learned by temporal-difference self-play (:mod:`.afterstates`,
``benchmarks/train_road_to_300_value.py``).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from roadtrip.bots.road_to_300.fast.jit import jit
from roadtrip.bots.road_to_300.fast.policy import (
    bit_count,
    component,
    fail_chance,
    mask_value,
    top_value,
)
from roadtrip.bots.road_to_300.fast.tables import (
    NEIGHBOURS,
    VALUES,
    WALK_ENDS,
    WALK_MASKS,
    WALK_OFFSETS,
)

ALL = (1 << 36) - 1
Table = NDArray[np.int64]


def _symmetries() -> Table:
    """SYMMETRY[g, cell]: the image of ``cell`` under the board's symmetry ``g``
    (four rotations, each with and without a mirror)."""
    table = np.zeros((8, 36), np.int64)
    for g in range(8):
        for cell in range(36):
            row, col = divmod(cell, 6)
            for _ in range(g % 4):
                row, col = col, 5 - row
            if g >= 4:
                col = 5 - col
            table[g, cell] = row * 6 + col
    return table


SYMMETRY = _symmetries()
INVERSE = np.zeros_like(SYMMETRY)
for _g in range(8):
    INVERSE[_g, SYMMETRY[_g]] = np.arange(36)
# Each field's class under the symmetries: its smallest image.
FIELD_CLASS: Table = SYMMETRY.min(axis=0)

# The 12 fields within two orthogonal steps, read around the field stood on in each
# symmetric image: PATCH[g, position, j] is a field, or -1 off the grid.
_OFFSETS = [(dr, dc) for dr in range(-2, 3) for dc in range(-2, 3) if 1 <= abs(dr) + abs(dc) <= 2]
PATCH: Table = np.full((8, 36, len(_OFFSETS)), -1, np.int64)
for _g in range(8):
    for _p in range(36):
        _r, _c = divmod(int(SYMMETRY[_g, _p]), 6)
        for _j, (_dr, _dc) in enumerate(_OFFSETS):
            if 0 <= _r + _dr < 6 and 0 <= _c + _dc < 6:
                PATCH[_g, _p, _j] = INVERSE[_g, (_r + _dr) * 6 + _c + _dc]


def _rectangle(row: int, col: int, height: int, width: int) -> list[int]:
    return [(row + i) * 6 + col + j for i in range(height) for j in range(width)]


_LINES = [
    _rectangle(0, 0, 1, 6),
    _rectangle(1, 0, 1, 6),
    _rectangle(2, 0, 1, 6),
    _rectangle(0, 0, 2, 3),
    _rectangle(0, 1, 2, 3),
    _rectangle(1, 0, 2, 3),
    _rectangle(1, 1, 2, 3),
]
# TUPLES[t, g, j]: field j of tuple t in symmetry g; BLOCK[g, j] the 3x3 corner.
TUPLES: Table = np.array([[INVERSE[g, cells] for g in range(8)] for cells in _LINES])
BLOCK: Table = np.array([INVERSE[g, _rectangle(0, 0, 3, 3)] for g in range(8)])
POWERS_OF_3: Table = 3 ** np.arange(9, dtype=np.int64)

# (table, size); the weights are one flat array in this order.
LAYOUT: tuple[tuple[str, int], ...] = (
    ("pos_need", 36 * 65),
    ("patch", 4096 * 16),
    ("tuples", len(_LINES) * 729 * 16),
    ("block", 19683 * 8),
    ("need_slack", 32 * 41),
    ("dead", 16 * 7),
    ("fail", 16 * 11),
    ("die_best", 6 * 16 * 7),
    ("size", 16 * 37),
    ("open", 16 * 37),
    ("good", 16 * 7),
)
_STARTS = np.cumsum([0] + [size for _, size in LAYOUT])
WEIGHT_COUNT = int(_STARTS[-1])
(
    POS_NEED,
    PATCHES,
    LINES,
    CORNER,
    NEED_SLACK,
    DEAD,
    FAIL,
    DIE_BEST,
    SIZE,
    OPEN,
    GOOD,
) = (int(start) for start in _STARTS[:-1])
# Weights looked up per position: pos_need 1, patch 8, tuples 7 x 8, block 8, the
# measures 12 (die_best once per die value).
ACTIVE = 1 + 8 + len(_LINES) * 8 + 8 + 6 + 6


@jit
def _field_state(cell: int, region: int, open_fields: int) -> int:
    """0 blocked, 1 open but cut off, 2 open and reachable."""
    if region >> cell & 1:
        return 2
    return 1 if open_fields >> cell & 1 else 0


@jit
def features(
    crossed: int,
    circled: int,
    position: int,
    target: int,
    cross_standing: bool,
    final_on_fail: bool,
    active: NDArray[np.int64],
) -> tuple[bool, float]:
    """(settled, exact value) of a position; when not settled, ``active`` gets the
    ``ACTIVE`` weight indices whose sum is the value's logit."""
    locked = mask_value(crossed & circled)
    if locked >= target:
        return True, 1.0
    need = target - locked - VALUES[position]
    blocked = crossed | circled
    open_fields = ~blocked & ALL
    crossable = open_fields | (1 << position) if cross_standing else open_fields
    if need <= 0:
        if final_on_fail:
            return True, 1.0
        fail = fail_chance(crossable)
        return True, 1.0 - fail * fail * fail
    region = component(NEIGHBOURS[position] & open_fields, open_fields)
    size = bit_count(region)
    spare = bit_count(open_fields)
    landings = size if cross_standing else min(size, spare // 2)
    bound = top_value(region, landings)
    if bound < need:
        return True, 0.0
    by5 = min(need, 320) // 5
    by10 = min(need, 310) // 10
    by20 = min(need, 319) // 20
    by40 = min(need, 319) // 40
    k = 0
    active[k] = POS_NEED + FIELD_CLASS[position] * 65 + by5
    k += 1
    for g in range(8):
        pattern = 0
        for j in range(PATCH.shape[2]):
            cell = PATCH[g, position, j]
            if cell < 0 or blocked >> cell & 1:
                pattern |= 1 << j
        active[k] = PATCHES + pattern * 16 + by20
        k += 1
        for t in range(TUPLES.shape[0]):
            pattern = 0
            for j in range(6):
                pattern += _field_state(TUPLES[t, g, j], region, open_fields) * POWERS_OF_3[j]
            active[k] = LINES + (t * 729 + pattern) * 16 + by20
            k += 1
        pattern = 0
        for j in range(9):
            pattern += _field_state(BLOCK[g, j], region, open_fields) * POWERS_OF_3[j]
        active[k] = CORNER + pattern * 8 + by40
        k += 1
    active[k] = NEED_SLACK + by10 * 41 + min((bound - need) // 10, 40)
    k += 1
    dead = 0
    good = 0
    for die in range(1, 7):
        row = position * 7 + die
        best = 0
        for w in range(WALK_OFFSETS[row], WALK_OFFSETS[row + 1]):
            if not WALK_MASKS[w] & blocked and VALUES[WALK_ENDS[w]] > best:
                best = VALUES[WALK_ENDS[w]]
        dead += best == 0
        good += best >= need
        active[k] = DIE_BEST + ((die - 1) * 16 + by20) * 7 + best // 5
        k += 1
    active[k] = DEAD + by20 * 7 + dead
    active[k + 1] = FAIL + by20 * 11 + min(int(fail_chance(crossable) * 10.0), 10)
    active[k + 2] = SIZE + by20 * 37 + size
    active[k + 3] = OPEN + by20 * 37 + spare
    active[k + 4] = GOOD + by20 * 7 + good
    return False, 0.0


@jit
def squash(weights: NDArray[np.float64], active: NDArray[np.int64]) -> float:
    """The win chance of the looked-up weights: the sigmoid of their sum."""
    total = 0.0
    for i in range(len(active)):
        total += weights[active[i]]
    total = min(max(total, -30.0), 30.0)
    return float(1.0 / (1.0 + np.exp(-total)))


@jit
def value(
    weights: NDArray[np.float64],
    crossed: int,
    circled: int,
    position: int,
    target: int,
    cross_standing: bool,
    final_on_fail: bool,
    active: NDArray[np.int64],
) -> tuple[bool, float]:
    """(settled, win chance) of a position; ``active`` as in :func:`features`."""
    settled, exact = features(
        crossed, circled, position, target, cross_standing, final_on_fail, active
    )
    if settled:
        return True, exact
    return False, squash(weights, active)
