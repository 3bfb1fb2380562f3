"""Rollouts of the solo game from a position between rounds, compiled with numba.

One game loop (:func:`rollout`: the dice, rounds, failed rolls, ending cross and
final scoring of the engine) for two policies:

* the expert's base policy (:func:`.policy.choose_pair`), with the weights
  ``BASE_POLICY`` (empty): the rollout search of ``montecarlo.py`` and the
  advisor wherever the value network was not learned;
* the value network's greedy policy (:func:`.afterstates.greedy_pair`: the pair
  whose position it values most), with the network's weights: the advisor's
  rollouts for the games the network was learned for.  Once the result is
  settled, the network's values no longer tell the pairs apart (1 for every pair
  once the target is locked in, 0 once it is out of reach), so from then on the
  base policy plays for points: :func:`.policy.choose_pair` with a target no
  sheet reaches, whose key is then the points reached (locked in plus the field
  stood on).  The final score is what a player who then plays for points gets,
  and the win is that of the network's play.

:func:`rollout_batch` gives common random numbers: rollout ``i`` of every
candidate position meets dice stream ``i``.  ``fast/crosscheck.py`` and
``tests/bots/test_road_to_300_value_advice.py`` replay traced rollouts of both
policies through the engine.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from roadtrip.bots.road_to_300.fast.afterstates import greedy_pair
from roadtrip.bots.road_to_300.fast.jit import jit
from roadtrip.bots.road_to_300.fast.network import ACTIVE
from roadtrip.bots.road_to_300.fast.policy import (
    FINAL_ALWAYS,
    choose_pair,
    ended_score,
    mask_value,
)
from roadtrip.bots.road_to_300.fast.steps import below, stream_start
from roadtrip.bots.road_to_300.fast.tables import ROLL_OF, VALUES

# A target above any sheet's points: the base policy's key is then the points
# reached, and it never ends the game by choice (an ending cross "loses").
POINTS_TARGET = 1 << 30

Weights = NDArray[np.float64]
Indices = NDArray[np.int64]

BASE_POLICY: Weights = np.zeros(0)  # "weights" that select the base policy


@jit
def choose(
    weights: Weights,
    roll: int,
    crossed: int,
    circled: int,
    position: int,
    target: int,
    cross_standing: bool,
    final_field: int,
    for_points: bool,
    active: Indices,
    chosen: Indices,
) -> tuple[int, int, bool]:
    """(cell, end, for_points) on ``roll``: the network's greedy pair, or (once
    ``for_points``, or when no pair can still win) the base policy's pair for
    points; ``for_points`` comes back True from the first settled result on.
    With ``BASE_POLICY`` weights: the base policy's pair (for the real target)."""
    if len(weights) == 0:
        cell, end = choose_pair(
            roll, crossed, circled, position, target, cross_standing, False, final_field
        )
        return cell, end, False
    if not for_points:
        if mask_value(crossed & circled) >= target:
            for_points = True
        else:
            cell, end, chance, settled = greedy_pair(
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
            if cell < 0 or not (settled and chance == 0.0):
                return cell, end, False
            for_points = True  # lost whatever is played
    cell, end = choose_pair(
        roll, crossed, circled, position, POINTS_TARGET, cross_standing, False, final_field
    )
    return cell, end, for_points


@jit
def rollout(
    weights: Weights,
    crossed: int,
    circled: int,
    position: int,
    rounds_left: int,
    target: int,
    cross_standing: bool,
    final_field: int,
    passing: bool,
    to_the_end: bool,
    stream: NDArray[np.uint64],
    active: Indices,
    chosen: Indices,
    trace: Indices,
) -> int:
    """Play on by :func:`choose` from a position between rounds (``position`` >= 0);
    the final score, or (unless ``to_the_end``) the points locked in once they
    reach the target.  ``active`` and ``chosen`` are the network's work arrays (``ACTIVE``
    long).  ``rounds_left``: rounds before a round limit ends the game (-1: none);
    with ``passing`` (``no_cross=pass``) a failed roll uses up a round.
    ``trace`` (empty: not traced) gets one row (roll, cell, end) per roll, cell -1
    for a roll that crosses nothing, end -1 for a cross that ends the game (the
    caller fills it with -2 first, to mark the end)."""
    failed = 0
    rows = 0
    for_points = False
    while True:
        locked = mask_value(crossed & circled)
        if locked >= target and not to_the_end:
            return locked
        if rounds_left == 0:
            return locked + (VALUES[position] if final_field == FINAL_ALWAYS else 0)
        roll = ROLL_OF[below(stream, 0, 216)]
        cell, end, for_points = choose(
            weights,
            roll,
            crossed,
            circled,
            position,
            target,
            cross_standing,
            final_field,
            for_points,
            active,
            chosen,
        )
        if len(trace):
            trace[rows] = roll
            trace[rows + 1] = cell
            trace[rows + 2] = end
            rows += 3
        if cell < 0:
            failed += 1
            if failed == 3:
                if final_field == FINAL_ALWAYS:
                    return locked + int(VALUES[position])
                return locked
            if passing and rounds_left > 0:
                rounds_left -= 1
            continue
        failed = 0
        crossed |= 1 << cell | 1 << position
        if end < 0:
            return ended_score(crossed, circled, position, final_field)
        circled |= 1 << end
        position = end
        if rounds_left > 0:
            rounds_left -= 1


@jit
def base_rollout(
    crossed: int,
    circled: int,
    position: int,
    rounds_left: int,
    target: int,
    cross_standing: bool,
    final_field: int,
    passing: bool,
    to_the_end: bool,
    stream: NDArray[np.uint64],
    trace: Indices,
) -> int:
    """:func:`rollout` by the base policy."""
    unused = np.zeros(0, dtype=np.int64)
    return rollout(
        BASE_POLICY,
        crossed,
        circled,
        position,
        rounds_left,
        target,
        cross_standing,
        final_field,
        passing,
        to_the_end,
        stream,
        unused,
        unused,
        trace,
    )


@jit
def rollout_batch(
    weights: Weights,
    crossed: Indices,
    circled: Indices,
    position: Indices,
    first: int,
    count: int,
    seed: np.uint64,
    rounds_left: int,
    target: int,
    cross_standing: bool,
    final_field: int,
    passing: bool,
    to_the_end: bool,
    scores: Indices,
) -> None:
    """Rollouts ``first .. first + count - 1`` of every candidate position ``c``
    into ``scores[c, i - first]``; rollout ``i`` uses dice stream ``i`` for every
    candidate."""
    stream = np.zeros(1, dtype=np.uint64)
    active = np.zeros(ACTIVE, dtype=np.int64)
    chosen = np.zeros(ACTIVE, dtype=np.int64)
    untraced = np.zeros(0, dtype=np.int64)
    for c in range(len(crossed)):
        for i in range(first, first + count):
            stream[0] = stream_start(seed, np.uint64(i), np.uint64(1))
            scores[c, i - first] = rollout(
                weights,
                crossed[c],
                circled[c],
                position[c],
                rounds_left,
                target,
                cross_standing,
                final_field,
                passing,
                to_the_end,
                stream,
                active,
                chosen,
                untraced,
            )
