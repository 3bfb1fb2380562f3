"""Choosing Road to 300 pairs with the value network (:mod:`.network`), compiled.

* :func:`greedy_pair`: on a roll, the cross-and-move pair whose position the
  network values most (a cross that ends the game is valued exactly: won or lost).
* :func:`lookahead`: a position's value one roll deeper, an expectimax over the 56
  rolls with their odds: on each roll the greedy pair's value; a roll that crosses
  nothing is rolled again, and three in a row end the game.  The expert chooses
  among the pairs by this value (``bots/road_to_300/valued.py``), and looks two
  rolls deep at close ones (:mod:`.close_calls`).
* :func:`deep_pair`: the pair with the best :func:`lookahead`.

Whole games with these (and the network's learning) are :mod:`.selfplay`'s.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from roadtrip.bots.road_to_300.fast.jit import jit
from roadtrip.bots.road_to_300.fast.network import ACTIVE, value
from roadtrip.bots.road_to_300.fast.policy import FINAL_ALWAYS, ended_score, mask_value
from roadtrip.bots.road_to_300.fast.steps import (
    cross_slots,
    destination_mask,
    walk_row,
)
from roadtrip.bots.road_to_300.fast.tables import (
    CROSS_CELLS,
    CROSS_COUNT,
    CROSS_DICE,
    ROLL_PROBABILITY,
    VALUES,
)

Weights = NDArray[np.float64]
Indices = NDArray[np.int64]


MAX_PAIRS = 6 * 36  # crosses on a roll x movement ends


@jit
def roll_pairs(
    roll: int,
    crossed: int,
    circled: int,
    position: int,
    cross_standing: bool,
    corner_free: bool,
    cells: Indices,
    ends: Indices,
    afters: Indices,
) -> int:
    """The cross-and-move pairs of ``roll`` in the engine's order (the roll's fields,
    then the ends in increasing order) into ``cells``, ``ends`` (-1: the cross
    leaves no movement and ends the game) and ``afters`` (the crossed fields after
    the cross and step 3); their number."""
    slots = cross_slots(roll, crossed, circled, cross_standing)
    stand = 0 if position < 0 else 1 << position
    n = 0
    for k in range(CROSS_COUNT[roll]):
        if not slots >> k & 1:
            continue
        cell = CROSS_CELLS[roll, k]
        after = crossed | 1 << cell | stand
        reachable = destination_mask(
            walk_row(position, CROSS_DICE[roll, k], corner_free), after | circled
        )
        if reachable == 0:
            cells[n], ends[n], afters[n] = cell, -1, after
            n += 1
            continue
        for end in range(36):
            if reachable >> end & 1:
                cells[n], ends[n], afters[n] = cell, end, after
                n += 1
    return n


@jit
def greedy_pair(
    weights: Weights,
    roll: int,
    crossed: int,
    circled: int,
    position: int,
    target: int,
    cross_standing: bool,
    corner_free: bool,
    final_field: int,
    active: Indices,
    chosen: Indices,
) -> tuple[int, int, float, bool]:
    """(cell, end, value, settled) of the best pair on ``roll`` (end -1: the cross
    ends the game; cell -1: the roll crosses nothing).  ``chosen`` gets the weight
    indices of the chosen position when its value is not settled.  Ties go to the
    first pair in the engine's order."""
    cells = np.empty(MAX_PAIRS, np.int64)
    ends = np.empty(MAX_PAIRS, np.int64)
    afters = np.empty(MAX_PAIRS, np.int64)
    count = roll_pairs(
        roll, crossed, circled, position, cross_standing, corner_free, cells, ends, afters
    )
    final_on_fail = final_field == FINAL_ALWAYS
    best, best_cell, best_end, best_settled = -1.0, -1, -1, True
    for i in range(count):
        cell, end, after = cells[i], ends[i], afters[i]
        if end < 0:
            won = 1.0 if ended_score(after, circled, position, final_field) >= target else 0.0
            if won > best:
                best, best_cell, best_end, best_settled = won, cell, -1, True
            continue
        settled, chance = value(
            weights,
            after,
            circled | 1 << end,
            end,
            target,
            cross_standing,
            final_on_fail,
            active,
        )
        if chance > best:
            best, best_cell, best_end, best_settled = chance, cell, end, settled
            if not settled:
                chosen[:] = active
    return best_cell, best_end, best, best_settled


@jit
def lookahead(
    weights: Weights,
    crossed: int,
    circled: int,
    position: int,
    target: int,
    cross_standing: bool,
    final_field: int,
) -> float:
    """The expected value of the greedy pair on the next roll from a position
    between rounds (rolls that cross nothing are rolled again, three end the game)."""
    active = np.zeros(ACTIVE, np.int64)
    chosen = np.zeros(ACTIVE, np.int64)
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
    total = 0.0
    fail = 0.0
    for roll in range(len(ROLL_PROBABILITY)):
        if cross_slots(roll, crossed, circled, cross_standing) == 0:
            fail += ROLL_PROBABILITY[roll]
            continue
        total += (
            ROLL_PROBABILITY[roll]
            * greedy_pair(
                weights,
                roll,
                crossed,
                circled,
                position,
                target,
                cross_standing,
                False,
                final_field,
                active,
                chosen,
            )[2]
        )
    return with_rerolls(total, fail, crossed, circled, position, target, final_field)


@jit
def with_rerolls(
    total: float,
    fail: float,
    crossed: int,
    circled: int,
    position: int,
    target: int,
    final_field: int,
) -> float:
    """A position's value from ``total``, the sum over the rolls that cross a field
    of their odds times their value, and ``fail``, the odds of a roll that crosses
    nothing: such a roll is rolled again, and three in a row end the game."""
    locked = mask_value(crossed & circled)
    if final_field == FINAL_ALWAYS:
        locked += VALUES[position]
    three = fail * fail * fail
    three_failed = 1.0 if locked >= target else 0.0
    return total / (1.0 - fail) * (1.0 - three) + three * three_failed


@jit
def lookahead_batch(
    weights: Weights,
    crossed: Indices,
    circled: Indices,
    position: Indices,
    target: int,
    cross_standing: bool,
    final_field: int,
    out: NDArray[np.float64],
) -> None:
    """:func:`lookahead` of each position into ``out``."""
    for i in range(len(crossed)):
        out[i] = lookahead(
            weights, crossed[i], circled[i], position[i], target, cross_standing, final_field
        )


@jit
def deep_pair(
    weights: Weights,
    roll: int,
    crossed: int,
    circled: int,
    position: int,
    target: int,
    cross_standing: bool,
    final_field: int,
) -> tuple[int, int]:
    """The pair on ``roll`` with the best :func:`lookahead` (an ending cross: exact)."""
    cells = np.empty(MAX_PAIRS, np.int64)
    ends = np.empty(MAX_PAIRS, np.int64)
    afters = np.empty(MAX_PAIRS, np.int64)
    count = roll_pairs(roll, crossed, circled, position, cross_standing, False, cells, ends, afters)
    best, best_cell, best_end = -1.0, -1, -1
    for i in range(count):
        cell, end, after = cells[i], ends[i], afters[i]
        if end < 0:
            won = 1.0 if ended_score(after, circled, position, final_field) >= target else 0.0
            if won > best:
                best, best_cell, best_end = won, cell, -1
            continue
        chance = lookahead(
            weights, after, circled | 1 << end, end, target, cross_standing, final_field
        )
        if chance > best:
            best, best_cell, best_end = chance, cell, end
    return best_cell, best_end
