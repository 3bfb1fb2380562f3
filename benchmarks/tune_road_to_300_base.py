"""Road to 300: the expert's base policy with its weights as parameters, alone.

    python benchmarks/tune_road_to_300_base.py --games 20000 [--cross-standing] [--seed 7]

Whole solo games (default options but ``cross_standing``) in numba on the expert's
compiled kernels (``roadtrip.bots.road_to_300.fast``): every setting plays the same
dice (SplitMix64 stream ``i`` for game ``i``, common random numbers), so their win
rates compare in pairs.  A setting is (dead-end die weight, slack margin, finishing
need, finishing weight, next-round mobility weight, reachable slack weight); the
key of a position is the points reached plus the weights of its measures, with
positions whose reachable value (``policy.position_key``) is short of the points
needed plus the margin ranked last.  The shipped base policy is ``(-0.5, 0, 0, 0,
0, 0)``.  The settings below are the ones session 5 screened: ``(-5, 20, 30, 200,
0, 0)`` wins about 1.8 points more games alone, but as the expert's rollout policy
it lost games (docs/history.md), so it was not shipped.
"""

from __future__ import annotations

import argparse
import math
import sys
import time

import numba
import numpy as np

from roadtrip.bots.road_to_300.fast.policy import (
    ALL,
    bit_count,
    component,
    dead_dice,
    ended_score,
    fail_chance,
    mask_value,
    top_value,
)
from roadtrip.bots.road_to_300.fast.steps import (
    below,
    cross_slots,
    destination_mask,
    stream_start,
    walk_row,
)
from roadtrip.bots.road_to_300.fast.tables import (
    CROSS_CELLS,
    CROSS_COUNT,
    CROSS_DICE,
    NEIGHBOURS,
    ROLL_OF,
    ROLL_PROBABILITY,
    VALUES,
    WALK_ENDS,
    WALK_MASKS,
    WALK_OFFSETS,
)

TARGET = 300
ROLL_WEIGHT = np.round(ROLL_PROBABILITY * 216).astype(np.int64)  # throws of 216 per roll
SETTINGS = (
    (-0.5, 0, 0, 0, 0, 0),  # shipped (session 4)
    (-5, 0, 0, 0, 0, 0),
    (-5, 20, 0, 0, 0, 0),
    (-5, 20, 30, 200, 0, 0),  # the best alone
    (-8, 20, 30, 200, 0, 0),
    (-5, 40, 30, 200, 0, 0),
    (-5, 20, 60, 200, 0, 0),
    (-5, 20, 30, 200, 0.5, 0),
    (-5, 20, 30, 200, 0, 1),
)


@numba.njit
def finish_throws(crossed, circled, position, need, cs):  # type: ignore[no-untyped-def]
    """How many of the 216 throws let the next round cross a field (step 2 first:
    the cross may block the walk) and then end the movement from ``position`` on a
    field worth at least ``need``."""
    blocked = crossed | circled
    crossable = ~crossed if cs else ~blocked
    possible = 0  # die values with a winning walk
    on_every = np.zeros(7, dtype=np.int64)  # fields every open winning walk enters
    for die in range(1, 7):
        row = position * 7 + die
        common = ALL
        for k in range(WALK_OFFSETS[row], WALK_OFFSETS[row + 1]):
            if not WALK_MASKS[k] & blocked and VALUES[WALK_ENDS[k]] >= need:
                common &= WALK_MASKS[k]
                possible |= 1 << die
        on_every[die] = common
    throws = 0
    for roll in range(len(ROLL_WEIGHT)):
        for k in range(CROSS_COUNT[roll]):
            cell = CROSS_CELLS[roll, k]
            die = CROSS_DICE[roll, k]
            if crossable >> cell & 1 and possible >> die & 1 and not on_every[die] >> cell & 1:
                throws += ROLL_WEIGHT[roll]
                break
    return throws


@numba.njit
def _mean_best(position, blocked):  # type: ignore[no-untyped-def]
    """The mean over die values 1..6 of the best field a movement can end on."""
    total = 0
    for die in range(1, 7):
        row = position * 7 + die
        best = 0
        for k in range(WALK_OFFSETS[row], WALK_OFFSETS[row + 1]):
            if not WALK_MASKS[k] & blocked and VALUES[WALK_ENDS[k]] > best:
                best = VALUES[WALK_ENDS[k]]
        total += best
    return total / 6.0


@numba.njit
def _key(crossed, circled, position, cs, w):  # type: ignore[no-untyped-def]
    reached = mask_value(crossed & circled) + VALUES[position]
    need = TARGET - reached
    blocked = crossed | circled
    open_fields = ~blocked & ALL
    if need <= 0:
        fail = fail_chance(open_fields | (1 << position) if cs else open_fields)
        return 1001.0 - fail * fail * fail
    region = component(NEIGHBOURS[position] & open_fields, open_fields)
    size = bit_count(region)
    landings = size if cs else min(size, bit_count(open_fields) // 2)
    top = top_value(region, landings)
    if top < need + w[1]:
        return -1000.0 + reached
    key = reached + w[0] * dead_dice(position, blocked)
    if need <= w[2]:
        key += w[3] * finish_throws(crossed, circled, position, need, cs) / 216.0
    if w[4] != 0.0:
        key += w[4] * _mean_best(position, blocked)
    return key + w[5] * min(top - need, 100) / 10.0


@numba.njit
def _choose(roll, crossed, circled, position, cs, w):  # type: ignore[no-untyped-def]
    slots = cross_slots(roll, crossed, circled, cs)
    if slots == 0:
        return -1, -1
    stand = 0 if position < 0 else 1 << position
    best_key, best_cell, best_end = -np.inf, -1, -1
    for k in range(CROSS_COUNT[roll]):
        if not slots >> k & 1:
            continue
        cell = CROSS_CELLS[roll, k]
        after = crossed | 1 << cell | stand
        ends = destination_mask(walk_row(position, CROSS_DICE[roll, k], False), after | circled)
        if ends == 0:
            if ended_score(after, circled, position, 0) >= TARGET:
                return cell, -1
            if best_key < -2000.0:
                best_key, best_cell, best_end = -2000.0, cell, -1
            continue
        for end in range(36):
            if ends >> end & 1:
                key = _key(after, circled | 1 << end, end, cs, w)
                if key > best_key:
                    best_key, best_cell, best_end = key, cell, end
    return best_cell, best_end


@numba.njit
def wins(seed, games, cs, w):  # type: ignore[no-untyped-def]
    """Games won of ``games`` by the base policy with weights ``w``."""
    won = 0
    dice = np.zeros(1, np.uint64)
    for g in range(games):
        dice[0] = stream_start(np.uint64(seed), np.uint64(g), np.uint64(1))
        crossed, circled, position, failed = 0, 0, -1, 0
        while mask_value(crossed & circled) < TARGET:
            cell, end = _choose(ROLL_OF[below(dice, 0, 216)], crossed, circled, position, cs, w)
            if cell < 0:
                failed += 1
                if failed == 3:
                    break
                continue
            failed = 0
            crossed |= 1 << cell
            if position >= 0:
                crossed |= 1 << position
            if end < 0:
                won += ended_score(crossed, circled, position, 0) >= TARGET
                break
            circled |= 1 << end
            position = end
        else:
            won += 1
    return won


def wilson(won: int, n: int) -> str:
    z = 1.959963984540054
    p = won / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{100 * p:.1f}% ({100 * (centre - half):.1f}-{100 * (centre + half):.1f}%)"


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--cross-standing", action="store_true")
    args = parser.parse_args(argv)
    for setting in SETTINGS:
        started = time.perf_counter()
        won = wins(args.seed, args.games, args.cross_standing, np.array(setting, np.float64))
        print(f"{setting}: {wilson(int(won), args.games)}  {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
