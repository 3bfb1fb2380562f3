"""Compiled (numba) steps of Road to 300: the random stream, the legal choices, and
the random and greedy bots' decisions.

Each function mirrors one piece of the engine and says which:

* :func:`cross_slots` is ``RoadTo300State._roll``'s filter of the fields a roll
  names (``board.CROSS_OPTIONS``) by the crossed (and circled) fields;
* :func:`walk_row` and :func:`destination_mask` are ``_cross``'s choice of walks
  and ``board.destinations``: the ends of the open walks, as a 36-bit mask whose
  bits in increasing order are the engine's sorted destinations;
* :func:`greedy_cross` and :func:`greedy_move` are
  :class:`~roadtrip.bots.road_to_300.greedy.GreedyRoadTo300Bot`'s rankings.  They
  return the set of best actions as a mask; ties are broken by the caller.

The random stream is SplitMix64 (Steele, Lea and Flood 2014): one ``uint64`` of
state per stream, and :func:`below` draws a whole number below ``n`` without bias by
rejection.  The C reference uses the same generator, so both play the same games.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from roadtrip.bots.road_to_300.fast.jit import jit
from roadtrip.bots.road_to_300.fast.tables import (
    CROSS_CELLS,
    CROSS_COUNT,
    CROSS_DICE,
    DICE,
    ENTRY,
    REACH_ENDS,
    REACH_MASKS,
    REACH_OFFSETS,
    VALUES,
    WALK_ENDS,
    WALK_MASKS,
    WALK_OFFSETS,
)

GAMMA = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_MAX = np.uint64(0xFFFFFFFFFFFFFFFF)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)

NO_MOVE = -1  # the greedy bot's value of a crossing that leaves no movement


@jit
def mix64(z: np.uint64) -> np.uint64:
    """SplitMix64's output function."""
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


@jit
def stream_start(seed: np.uint64, index: np.uint64, salt: np.uint64) -> np.uint64:
    """The first state of game ``index``'s stream ``salt`` (1 chance, 2 bots)."""
    return mix64(mix64(mix64(seed) ^ index) ^ salt)


@jit
def below(state: NDArray[np.uint64], which: int, n: int) -> int:
    """A uniform whole number in ``0..n-1`` from stream ``state[which]``."""
    bound = np.uint64(n)
    limit = (_MAX // bound) * bound
    while True:
        state[which] += GAMMA
        draw = mix64(state[which])
        if draw < limit:
            return int(draw % bound)


@jit
def popcount(mask: int) -> int:
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


@jit
def nth_bit(mask: int, n: int) -> int:
    """The position of the ``n``-th set bit (0 = lowest) of ``mask``."""
    cell = 0
    while True:
        if mask >> cell & 1:
            if n == 0:
                return cell
            n -= 1
        cell += 1


@jit
def cross_slots(roll: int, crossed: int, circled: int, cross_standing: bool) -> int:
    """Mask of the slots ``k`` of ``CROSS_CELLS[roll]`` that may be crossed."""
    blocked = crossed if cross_standing else crossed | circled
    slots = 0
    for k in range(CROSS_COUNT[roll]):
        if not blocked >> CROSS_CELLS[roll, k] & 1:
            slots |= 1 << k
    return slots


@jit
def walk_row(position: int, die: int, corner_free: bool) -> int:
    """The row of the walk tables a movement of ``die`` from ``position`` uses."""
    if position < 0:
        return ENTRY * DICE + (die if corner_free else die - 1)
    return position * DICE + die


@jit
def destination_mask(row: int, blocked: int) -> int:
    """Ends of the walks of ``row`` that enter no blocked field."""
    ends = 0
    for k in range(WALK_OFFSETS[row], WALK_OFFSETS[row + 1]):
        if not WALK_MASKS[k] & blocked:
            ends |= 1 << WALK_ENDS[k]
    return ends


@jit
def mobility(position: int, blocked: int) -> int:
    """How many fields the next movement (any die) from ``position`` could end on."""
    blocked |= 1 << position
    ends = 0
    for k in range(REACH_OFFSETS[position], REACH_OFFSETS[position + 1]):
        if not REACH_MASKS[k] & blocked:
            ends |= 1 << REACH_ENDS[k]
    return popcount(ends)


@jit
def best_value(ends: int) -> int:
    best = NO_MOVE
    for cell in range(36):
        if ends >> cell & 1 and VALUES[cell] > best:
            best = VALUES[cell]
    return best


@jit
def greedy_cross(
    roll: int, slots: int, crossed: int, circled: int, position: int, corner_free: bool
) -> int:
    """The greedy bot's best crossings, as a mask of slots of ``CROSS_CELLS[roll]``.

    Rank: the best destination value (none: below all), then the cheapest field to
    cross (a circled field costs nothing), then the mobility of the best destination.
    """
    top_value, top_cost = -2, 0
    leaders = 0
    leader_ends = np.zeros(6, dtype=np.int64)
    for k in range(CROSS_COUNT[roll]):
        if not slots >> k & 1:
            continue
        cell = CROSS_CELLS[roll, k]
        after = crossed | 1 << cell
        if position >= 0:
            after |= 1 << position
        ends = destination_mask(
            walk_row(position, CROSS_DICE[roll, k], corner_free), after | circled
        )
        leader_ends[k] = ends
        value = best_value(ends)
        cost = 0 if circled >> cell & 1 else VALUES[cell]
        if value > top_value or (value == top_value and cost < top_cost):
            top_value, top_cost, leaders = value, cost, 1 << k
        elif value == top_value and cost == top_cost:
            leaders |= 1 << k
    if popcount(leaders) == 1 or top_value == NO_MOVE:
        return leaders
    most, best = -1, 0
    for k in range(6):
        if not leaders >> k & 1:
            continue
        blocked = crossed | 1 << CROSS_CELLS[roll, k] | circled
        if position >= 0:
            blocked |= 1 << position
        score = -1
        for cell in range(36):
            if leader_ends[k] >> cell & 1 and VALUES[cell] == top_value:
                score = max(score, mobility(cell, blocked))
        if score > most:
            most, best = score, 1 << k
        elif score == most:
            best |= 1 << k
    return best


@jit
def greedy_move(ends: int, crossed: int, circled: int) -> int:
    """The greedy bot's best destinations among ``ends``: the highest value, then the
    most mobility from there (as a mask of cells)."""
    top = best_value(ends)
    leaders = 0
    for cell in range(36):
        if ends >> cell & 1 and VALUES[cell] == top:
            leaders |= 1 << cell
    if popcount(leaders) == 1:
        return leaders
    most, best = -1, 0
    for cell in range(36):
        if leaders >> cell & 1:
            score = mobility(cell, crossed | circled | 1 << cell)
            if score > most:
                most, best = score, 1 << cell
            elif score == most:
                best |= 1 << cell
    return best
