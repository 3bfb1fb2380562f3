"""Road to 300, solo: the exact chance that optimal play wins near the end.

An expectimax over every roll (exact odds; three failed rolls in a row end the
game) and every cross-and-move pair, memoized on (crossed fields, field stood
on, points needed); positions that can no longer reach the target are cut as the
base policy cuts them (an exact cut).  It models the rulebook's solo game (target
300, the final field scored as the rulebook says, no passing, no round limit),
with or without ``cross_standing``.  Affordable only near the end: a few
milliseconds for 20 points needed, a few seconds for 60.

The advisor uses it for its win figures near the end of a solo game
(:mod:`.advising`), and ``benchmarks/road_to_300_bounds.py exact`` for bounds on
what optimal play wins; ``tests/bots/test_road_to_300_exact.py`` checks it against
the compiled rollouts.
"""

from __future__ import annotations

from collections.abc import Sequence

import numba
from numba import types
from numba.typed import Dict

from roadtrip.bots.road_to_300.fast.policy import (
    ALL,
    bit_count,
    choose_pair,
    component,
    fail_chance,
    mask_value,
    top_value,
)
from roadtrip.bots.road_to_300.fast.steps import cross_slots, destination_mask, walk_row
from roadtrip.bots.road_to_300.fast.tables import (
    CROSS_CELLS,
    CROSS_COUNT,
    CROSS_DICE,
    NEIGHBOURS,
    ROLL_PROBABILITY,
)
from roadtrip.bots.road_to_300.fast.tables import VALUES as FIELD_VALUES


@numba.njit
def optimal(crossed, position, need, cs, memo, base):  # type: ignore[no-untyped-def]
    """The win chance of optimal play between rounds (``crossed``: every X,
    ``position``: the circled field stood on, ``need``: points needed beyond it);
    with ``base``, of the base policy instead (its pair on every roll)."""
    open_fields = ~(crossed | 1 << position) & ALL
    if need <= 0:  # won unless three rolls in a row cross nothing
        q = fail_chance(crossed ^ ALL if cs else open_fields)
        return 1.0 - q * q * q
    region = component(NEIGHBOURS[position] & open_fields, open_fields)
    size = bit_count(region)
    if top_value(region, size if cs else min(size, bit_count(open_fields) // 2)) < need:
        return 0.0
    key = crossed | position << 36 | need << 42
    if key in memo:
        return memo[key]
    total, failing = 0.0, 0.0
    for roll in range(len(ROLL_PROBABILITY)):
        slots = cross_slots(roll, crossed, 1 << position, cs)
        if slots == 0:
            failing += ROLL_PROBABILITY[roll]
            continue
        best = 0.0  # a cross that leaves no movement ends the game short of the target
        if base:
            # The key ranks pairs alike with or without the points locked in before.
            cell, end = choose_pair(
                roll, crossed, 1 << position, position, need + FIELD_VALUES[position], cs, False, 0
            )
            if end >= 0:
                after = crossed | 1 << cell | 1 << position
                best = optimal(after, end, need - FIELD_VALUES[end], cs, memo, base)
            total += ROLL_PROBABILITY[roll] * best
            continue
        for k in range(CROSS_COUNT[roll]):
            if slots >> k & 1:
                after = crossed | 1 << CROSS_CELLS[roll, k] | 1 << position
                ends = destination_mask(walk_row(position, CROSS_DICE[roll, k], False), after)
                for end in range(36):
                    if ends >> end & 1:
                        best = max(
                            best, optimal(after, end, need - FIELD_VALUES[end], cs, memo, base)
                        )
        total += ROLL_PROBABILITY[roll] * best
    value = total * (1.0 + failing + failing * failing)  # up to two failed rolls first
    memo[key] = value
    return value


def new_memo() -> Dict:
    """An empty memo for :func:`optimal` (one per ruling and target)."""
    return Dict.empty(key_type=types.int64, value_type=types.float64)


def win_chances(
    positions: Sequence[tuple[int, int, int]], target: int, cross_standing: bool
) -> list[float]:
    """Optimal play's chance to win from each position between rounds, given as
    the rollouts take them: (crossed, circled, field stood on), no failed roll."""
    memo = new_memo()
    out = []
    for crossed, circled, position in positions:
        need = target - int(mask_value(crossed & circled)) - int(FIELD_VALUES[position])
        out.append(float(optimal(int(crossed), int(position), need, cross_standing, memo, False)))
    return out
