"""Whole solo games of Road to 300 by the value network, compiled: the measurements
of the expert's search and the network's learning.

:func:`play` plays game ``i`` of a seed (the SplitMix64 streams of :mod:`.steps`:
the same rolls under every policy, so runs are exact for a seed) at one of three
depths: greedy (:func:`.afterstates.greedy_pair`; with a learning rate the game is
also a lesson: temporal-difference learning on afterstates, TD(0), Sutton and
Barto 6.8: after each move the logit of the previous position's value moves
towards the value of the position chosen next, or the game's result, so the
network learns the value of its own greedy play, which improves as it learns),
one roll deep (:func:`.afterstates.deep_pair`), or the expert's play, one roll
deep with close decisions two rolls deep (:func:`.close_calls.close_pair`).
"""

from __future__ import annotations

import numpy as np

from roadtrip.bots.road_to_300.fast.afterstates import Weights, deep_pair, greedy_pair
from roadtrip.bots.road_to_300.fast.close_calls import close_pair
from roadtrip.bots.road_to_300.fast.jit import jit
from roadtrip.bots.road_to_300.fast.network import ACTIVE
from roadtrip.bots.road_to_300.fast.policy import FINAL_ALWAYS, ended_score, mask_value
from roadtrip.bots.road_to_300.fast.steps import below, cross_slots, stream_start
from roadtrip.bots.road_to_300.fast.tables import ROLL_OF, VALUES

GREEDY = 0  # the network's best pair
ONE_ROLL = 1  # the best pair one roll deep
CLOSE_TWO_ROLLS = 2  # the expert's play: close pairs two rolls deep


@jit
def play(
    weights: Weights,
    seed: np.uint64,
    index: int,
    target: int,
    cross_standing: bool,
    final_field: int,
    depth: int,
    rate: float,
) -> int:
    """Game ``index`` of ``seed`` (solo, no round limit) played ``depth`` rolls deep
    (:data:`GREEDY`, :data:`ONE_ROLL` or :data:`CLOSE_TWO_ROLLS`); with ``rate`` > 0
    (greedy only) each weight of the previous position moves by ``rate`` x (the
    chosen value - its value).  1: won."""
    stream = np.zeros(1, dtype=np.uint64)
    stream[0] = stream_start(seed, np.uint64(index), np.uint64(1))
    active = np.zeros(ACTIVE, np.int64)
    chosen = np.zeros(ACTIVE, np.int64)
    previous = np.zeros(ACTIVE, np.int64)
    previous_value = -1.0  # < 0: no position to learn on
    crossed, circled, position = 0, 0, -1
    while True:
        failed = 0
        roll = ROLL_OF[below(stream, 0, 216)]
        while not cross_slots(roll, crossed, circled, cross_standing) and failed < 2:
            failed += 1
            roll = ROLL_OF[below(stream, 0, 216)]
        if not cross_slots(roll, crossed, circled, cross_standing):
            locked = mask_value(crossed & circled)
            if final_field == FINAL_ALWAYS and position >= 0:
                locked += VALUES[position]
            result = 1.0 if locked >= target else 0.0
            cell, end, settled = -1, -1, True
        elif depth != GREEDY:
            if depth == ONE_ROLL:
                cell, end = deep_pair(
                    weights, roll, crossed, circled, position, target, cross_standing, final_field
                )
            else:
                cell, end = close_pair(
                    weights, roll, crossed, circled, position, target, cross_standing, final_field
                )
            stand = 0 if position < 0 else 1 << position
            settled, result = True, 0.0
            if (
                end < 0
                and ended_score(crossed | 1 << cell | stand, circled, position, final_field)
                >= target
            ):
                result = 1.0
        else:
            cell, end, result, settled = greedy_pair(
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
            )
        if rate > 0.0 and previous_value >= 0.0:
            step = rate * (result - previous_value)
            for i in range(ACTIVE):
                weights[previous[i]] += step
        if cell < 0 or end < 0:
            return int(result >= 1.0)
        crossed |= 1 << cell | (0 if position < 0 else 1 << position)
        circled |= 1 << end
        position = end
        if mask_value(crossed & circled) >= target:
            return 1
        previous_value = -1.0
        if depth == GREEDY:
            if settled and result == 0.0:
                return 0
            if not settled:
                previous_value = result
                previous[:] = chosen


@jit
def play_many(
    weights: Weights,
    seed: np.uint64,
    first: int,
    count: int,
    target: int,
    cross_standing: bool,
    final_field: int,
    depth: int,
    rate: float,
) -> int:
    """Games ``first .. first + count - 1`` of ``seed`` by :func:`play`; the wins."""
    wins = 0
    for index in range(first, first + count):
        wins += play(weights, seed, index, target, cross_standing, final_field, depth, rate)
    return wins
