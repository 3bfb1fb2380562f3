"""The Road to 300 expert's base policy, compiled with numba.

:func:`position_key` is :func:`roadtrip.bots.road_to_300.evaluation.base_key` for
one position (the same measures: the points reached, the reachable region and the
best of it later rounds can still end on, dead-end die values, the chance that a
roll crosses nothing), and :func:`choose_pair` is the planner's base-policy choice
on a roll (``planner.plan`` with width 0): a cross that ends the game with the
target reached first, then the pair with the highest key, ties to the first in
the engine's order (the roll's fields in order, then the ends in increasing
order).  ``tests/bots/test_road_to_300_fast.py`` checks both against the numpy
implementation on random positions.

:mod:`.playouts` plays the solo game on from a position between rounds with this
policy (its rollouts).
"""

from __future__ import annotations

import numpy as np

from roadtrip.bots.road_to_300.fast.jit import jit
from roadtrip.bots.road_to_300.fast.steps import (
    cross_slots,
    destination_mask,
    walk_row,
)
from roadtrip.bots.road_to_300.fast.tables import (
    CLASS_MASKS,
    CLASS_VALUES,
    CROSS_CELLS,
    CROSS_COUNT,
    CROSS_DICE,
    NEIGHBOURS,
    NOT_COL1,
    NOT_COL6,
    ROLL_FIELDS,
    ROLL_PROBABILITY,
    VALUES,
    WALK_MASKS,
    WALK_OFFSETS,
)

ALL = (1 << 36) - 1
SETTLED = 1000.0  # a settled result's key offset (as in evaluation.judge)
ENDED_LOST = -2000.0  # a cross that ends the game short of the target
DEAD_DIE_WEIGHT = -0.5  # evaluation.BASE_WEIGHTS: points per dead-end die value
# Final-field rulings (the game's ``final_field`` option) as numbers.
FINAL_RULEBOOK = 0
FINAL_ALWAYS = 1
FINAL_NEVER = 2


@jit
def bit_count(mask: int) -> int:
    """The number of set bits of a mask of at most 36 bits (SWAR)."""
    x = mask - ((mask >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    x += x >> 8
    x += x >> 16
    x += x >> 32
    return int(x & 0x7F)


@jit
def mask_value(mask: int) -> int:
    """The summed values of the fields of a mask."""
    total = 0
    for k in range(len(CLASS_VALUES)):
        total += CLASS_VALUES[k] * bit_count(mask & CLASS_MASKS[k])
    return total


@jit
def top_value(region: int, count: int) -> int:
    """The summed values of the ``count`` most valuable fields of ``region``."""
    total = 0
    for k in range(len(CLASS_VALUES)):  # values in decreasing order
        if count <= 0:
            break
        take = min(bit_count(region & CLASS_MASKS[k]), count)
        total += take * CLASS_VALUES[k]
        count -= take
    return total


@jit
def component(start: int, open_fields: int) -> int:
    """The open fields connected to the (open) fields of ``start``."""
    region = start & open_fields
    while True:
        grown = region | (region << 6) | (region >> 6)
        grown |= (region << 1) & NOT_COL1
        grown |= (region >> 1) & NOT_COL6
        grown &= open_fields
        if grown == region:
            return region
        region = grown


@jit
def fail_chance(crossable: int) -> float:
    """The chance that a roll names none of the ``crossable`` fields."""
    chance = 0.0
    for roll in range(len(ROLL_FIELDS)):
        if not ROLL_FIELDS[roll] & crossable:
            chance += ROLL_PROBABILITY[roll]
    return chance


@jit
def dead_dice(position: int, blocked: int) -> int:
    """Die values 1..6 with no open walk from ``position``."""
    dead = 0
    for die in range(1, 7):
        row = position * 7 + die
        alive = False
        for k in range(WALK_OFFSETS[row], WALK_OFFSETS[row + 1]):
            if not WALK_MASKS[k] & blocked:
                alive = True
                break
        if not alive:
            dead += 1
    return dead


@jit
def position_key(
    crossed: int,
    circled: int,
    position: int,
    target: int,
    cross_standing: bool,
    final_on_fail: bool,
) -> float:
    """The base policy's preference for a position between rounds (``base_key``)."""
    locked = mask_value(crossed & circled)
    from_here = 0 if position < 0 else VALUES[position]
    reached = locked + from_here
    need = target - reached
    blocked = crossed | circled
    open_fields = ~blocked & ALL
    if need <= 0:
        if locked >= target or final_on_fail:
            return SETTLED + 1.0
        crossable = open_fields | (1 << position) if cross_standing else open_fields
        fail = fail_chance(crossable)
        return SETTLED + 1.0 - fail * fail * fail
    region = component(NEIGHBOURS[position] & open_fields, open_fields)
    size = bit_count(region)
    landings = size if cross_standing else min(size, bit_count(open_fields) // 2)
    if top_value(region, landings) < need:
        return -SETTLED + reached
    return reached + DEAD_DIE_WEIGHT * dead_dice(position, blocked)


@jit
def ended_score(crossed: int, circled: int, position: int, final_field: int) -> int:
    """The score when the game ends in step 4 (``crossed`` has steps 2 and 3)."""
    scored = crossed & circled
    if position >= 0 and final_field == FINAL_NEVER:
        scored &= ~(1 << position)
    return mask_value(scored)


@jit
def choose_pair(
    roll: int,
    crossed: int,
    circled: int,
    position: int,
    target: int,
    cross_standing: bool,
    corner_free: bool,
    final_field: int,
) -> tuple[int, int]:
    """The base policy's (cell, end) on ``roll``; end -1: the cross ends the game
    (lost unless it locks in the target); cell -1: the roll crosses nothing."""
    slots = cross_slots(roll, crossed, circled, cross_standing)
    if slots == 0:
        return -1, -1
    final_on_fail = final_field == FINAL_ALWAYS
    stand = 0 if position < 0 else 1 << position
    best_key = -np.inf
    best_cell, best_end = -1, -1
    for k in range(CROSS_COUNT[roll]):
        if not slots >> k & 1:
            continue
        cell = CROSS_CELLS[roll, k]
        after = crossed | 1 << cell | stand
        ends = destination_mask(
            walk_row(position, CROSS_DICE[roll, k], corner_free), after | circled
        )
        if ends == 0:
            if ended_score(after, circled, position, final_field) >= target:
                return cell, -1
            if best_key < ENDED_LOST:
                best_key, best_cell, best_end = ENDED_LOST, cell, -1
            continue
        for end in range(36):
            if ends >> end & 1:
                key = position_key(
                    after, circled | 1 << end, end, target, cross_standing, final_on_fail
                )
                if key > best_key:
                    best_key, best_cell, best_end = key, cell, end
    return best_cell, best_end
