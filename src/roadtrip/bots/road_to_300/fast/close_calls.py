"""Close decisions looked at two rolls deep: the Road to 300 expert's use of its time, compiled.

The expert values each pair of a roll one roll deep (:func:`.afterstates.lookahead`).
When the best pairs lie within ``CLOSE_MARGIN`` of each other that value cannot
tell them apart reliably (the network's error is larger), so up to
``CLOSE_PAIRS`` of them are valued a roll further (:func:`lookahead_two`): an
expectimax over the next 56 rolls of the best of each roll's ``NEXT_WIDTH``
favourite pairs (the network's favourites), each valued one roll deep.  The
Python side (``bots/road_to_300/valued.py``) makes the same choice within the
expert's time budget; :func:`close_pair` is the compiled choice, for measuring.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from roadtrip.bots.road_to_300.fast.afterstates import (
    MAX_PAIRS,
    Indices,
    Weights,
    lookahead,
    roll_pairs,
    with_rerolls,
)
from roadtrip.bots.road_to_300.fast.jit import jit
from roadtrip.bots.road_to_300.fast.network import ACTIVE, value
from roadtrip.bots.road_to_300.fast.policy import FINAL_ALWAYS, ended_score
from roadtrip.bots.road_to_300.fast.tables import ROLL_PROBABILITY

CLOSE_MARGIN = 0.02  # pairs within this of the best (one roll deep) are close
CLOSE_PAIRS = 3  # at most this many close pairs (the best included) look further
NEXT_WIDTH = 3  # on each next roll, the network's best pairs valued one roll deep


@jit
def _largest(
    primary: NDArray[np.float64], secondary: NDArray[np.float64], count: int, order: Indices
) -> int:
    """The indices of the ``len(order)`` best of the first ``count`` pairs into
    ``order``, best first: the larger ``primary``, then the larger ``secondary``,
    then the lower index; how many there are."""
    size = len(order)
    kept = 0
    for i in range(count):
        place = kept
        if kept < size:
            kept += 1
        elif not _ranks_before(primary, secondary, i, order[size - 1]):
            continue
        else:
            place = size - 1
        while place > 0 and _ranks_before(primary, secondary, i, order[place - 1]):
            order[place] = order[place - 1]
            place -= 1
        order[place] = i
    return kept


@jit
def _ranks_before(
    primary: NDArray[np.float64], secondary: NDArray[np.float64], i: int, j: int
) -> bool:
    """Does pair ``i`` (a later pair than ``j``) rank before pair ``j``?"""
    if primary[i] != primary[j]:
        return bool(primary[i] > primary[j])
    return bool(secondary[i] > secondary[j])


@jit
def lookahead_two(
    weights: Weights,
    crossed: int,
    circled: int,
    position: int,
    target: int,
    cross_standing: bool,
    final_field: int,
) -> float:
    """A position's value two rolls deep: the expectation over the 56 next rolls of
    the best of that roll's ``NEXT_WIDTH`` pairs (the best by the network), each
    valued by :func:`lookahead` (a cross that ends the game: exactly)."""
    active = np.zeros(ACTIVE, np.int64)
    settled, chance = value(
        weights,
        crossed,
        circled,
        position,
        target,
        cross_standing,
        final_field == FINAL_ALWAYS,
        active,
    )
    if settled:
        return chance
    cells = np.empty(MAX_PAIRS, np.int64)
    ends = np.empty(MAX_PAIRS, np.int64)
    afters = np.empty(MAX_PAIRS, np.int64)
    values = np.empty(MAX_PAIRS, np.float64)
    order = np.empty(NEXT_WIDTH, np.int64)
    seen_afters = np.empty(len(ROLL_PROBABILITY) * NEXT_WIDTH, np.int64)
    seen_ends = np.empty(len(ROLL_PROBABILITY) * NEXT_WIDTH, np.int64)
    seen_values = np.empty(len(ROLL_PROBABILITY) * NEXT_WIDTH, np.float64)
    seen = 0
    total = 0.0
    fail = 0.0
    for roll in range(len(ROLL_PROBABILITY)):
        count = roll_pairs(
            roll, crossed, circled, position, cross_standing, False, cells, ends, afters
        )
        if count == 0:
            fail += ROLL_PROBABILITY[roll]
            continue
        for i in range(count):
            values[i] = _pair_value(
                weights,
                circled,
                position,
                target,
                cross_standing,
                final_field,
                ends[i],
                afters[i],
                active,
            )
        best = -1.0
        for j in range(_largest(values, values, count, order)):
            i = order[j]
            deeper = values[i]
            if ends[i] >= 0:
                # Several rolls offer the same pair (the same field crossed, the
                # same end reached with another die): value it once.
                known = 0
                while known < seen and (seen_afters[known], seen_ends[known]) != (
                    afters[i],
                    ends[i],
                ):
                    known += 1
                if known == seen:
                    seen_afters[seen], seen_ends[seen] = afters[i], ends[i]
                    seen_values[seen] = lookahead(
                        weights,
                        afters[i],
                        circled | 1 << ends[i],
                        ends[i],
                        target,
                        cross_standing,
                        final_field,
                    )
                    seen += 1
                deeper = seen_values[known]
            best = max(best, deeper)
        total += ROLL_PROBABILITY[roll] * best
    return with_rerolls(total, fail, crossed, circled, position, target, final_field)


@jit
def _pair_value(
    weights: Weights,
    circled: int,
    position: int,
    target: int,
    cross_standing: bool,
    final_field: int,
    end: int,
    after: int,
    active: Indices,
) -> float:
    """The network's value of a pair's position (a cross that ends the game: won or
    lost, exactly)."""
    if end < 0:
        return 1.0 if ended_score(after, circled, position, final_field) >= target else 0.0
    return value(
        weights,
        after,
        circled | 1 << end,
        end,
        target,
        cross_standing,
        final_field == FINAL_ALWAYS,
        active,
    )[1]


@jit
def close_pair(
    weights: Weights,
    roll: int,
    crossed: int,
    circled: int,
    position: int,
    target: int,
    cross_standing: bool,
    final_field: int,
) -> tuple[int, int]:
    """The expert's pair on ``roll``: a cross that ends the game won, or else the
    pair with the best :func:`lookahead`, unless up to ``CLOSE_PAIRS`` of the best
    lie within ``CLOSE_MARGIN`` of it: then the best of those by
    :func:`lookahead_two`.  Pairs rank by the value one roll deep, then by the
    network's value, then in the engine's order (as ``valued.value_pairs``)."""
    cells = np.empty(MAX_PAIRS, np.int64)
    ends = np.empty(MAX_PAIRS, np.int64)
    afters = np.empty(MAX_PAIRS, np.int64)
    count = roll_pairs(roll, crossed, circled, position, cross_standing, False, cells, ends, afters)
    active = np.zeros(ACTIVE, np.int64)
    first_ender = -1
    network_values = np.full(MAX_PAIRS, -1.0)
    deeper = np.full(MAX_PAIRS, -1.0)  # -1: a cross that ends the game, lost
    for i in range(count):
        network_values[i] = _pair_value(
            weights,
            circled,
            position,
            target,
            cross_standing,
            final_field,
            ends[i],
            afters[i],
            active,
        )
        if ends[i] < 0:
            if network_values[i] >= 1.0:
                return cells[i], -1
            if first_ender < 0:
                first_ender = i
            continue
        deeper[i] = lookahead(
            weights,
            afters[i],
            circled | 1 << ends[i],
            ends[i],
            target,
            cross_standing,
            final_field,
        )
    order = np.empty(CLOSE_PAIRS, np.int64)
    kept = _largest(deeper, network_values, count, order)
    if deeper[order[0]] < 0.0:
        return cells[first_ender], -1
    best = order[0]
    close = 1
    while close < kept and deeper[order[close]] >= 0.0:
        if deeper[best] - deeper[order[close]] >= CLOSE_MARGIN:
            break
        close += 1
    if close > 1:
        best_value = -1.0
        for j in range(close):
            i = order[j]
            two = lookahead_two(
                weights,
                afters[i],
                circled | 1 << ends[i],
                ends[i],
                target,
                cross_standing,
                final_field,
            )
            if two > best_value:
                best, best_value = i, two
    return cells[best], ends[best]
