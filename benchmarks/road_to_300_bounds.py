"""Road to 300, solo: bounds on what optimal play wins, and the search's scaling.

    python benchmarks/road_to_300_bounds.py clairvoyant --games 1000 [--cross-standing]
    python benchmarks/road_to_300_bounds.py flat --games 300 --width 12 --rollouts 100
    python benchmarks/road_to_300_bounds.py endgame --games 1000 --low 40 --high 80
    python benchmarks/road_to_300_bounds.py exact --games 400 --low 20 --high 40

Everything runs in numba on the expert's compiled kernels
(``roadtrip.bots.road_to_300.fast``), solo, default options but ``cross_standing``:

* ``clairvoyant``: an upper bound.  A player who knows every roll in advance
  (the same SplitMix64 dice streams as ``flat``) can reach the target if some
  sequence of choices does: a depth-first search over the cross-and-move pairs of
  each known roll (favourites of the base policy first, positions that can no
  longer reach the target pruned), stopping at the first win.  No player wins more
  often than this one.  ``--nodes`` bounds the search per game; a game left
  undecided counts as won (the bound stays an upper bound).
* ``flat``: whole games in which every decision is flat Monte Carlo over the
  ``--width`` best pairs, ``--rollouts`` base-policy rollouts each (common dice),
  no time budget: how the expert's strength grows with its rollouts.
  ``--rollouts 0``: the base policy alone.
* ``endgame``: the same policies from positions the base policy reached with
  ``--low``..``--high`` points still needed (the same positions and dice for every
  policy).
* ``exact``: the win chance of optimal play (and, exactly, of the base policy)
  from the same positions as ``endgame``
  (the same ``--seed``), by an expectimax over every roll (exact odds, three
  failed rolls in a row end the game) and every cross-and-move pair, memoized on
  (crossed fields, field stood on, points needed); positions that cannot reach
  the target are cut as the base policy cuts them (an exact cut).  Affordable
  only near the end (a few seconds per position needing 60 points).
"""

from __future__ import annotations

import argparse
import math
import sys
import time

import numba
import numpy as np
from numba import types
from numba.typed import Dict

from roadtrip.bots.road_to_300.endgame import optimal
from roadtrip.bots.road_to_300.fast.playouts import base_rollout
from roadtrip.bots.road_to_300.fast.policy import (
    choose_pair,
    ended_score,
    mask_value,
    position_key,
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
    ROLL_OF,
)
from roadtrip.bots.road_to_300.fast.tables import VALUES as FIELD_VALUES

TARGET = 300
MAX_PAIRS = 256  # more than the pairs any roll offers (6 crosses x 36 ends)


@numba.njit
def _pairs(roll, crossed, circled, position, cs, cells, ends_out, keys):  # type: ignore[no-untyped-def]
    """Fill the roll's open pairs, ranked by the base policy; (count, winning cell
    of a cross that ends the game with the target, else -1, a losing ending cell)."""
    slots = cross_slots(roll, crossed, circled, cs)
    stand = 0 if position < 0 else 1 << position
    n, lost = 0, -1
    for k in range(CROSS_COUNT[roll]):
        if not slots >> k & 1:
            continue
        cell = CROSS_CELLS[roll, k]
        after = crossed | 1 << cell | stand
        ends = destination_mask(walk_row(position, CROSS_DICE[roll, k], False), after | circled)
        if ends == 0:
            if ended_score(after, circled, position, 0) >= TARGET:
                return n, cell, lost
            lost = cell
            continue
        for end in range(36):
            if ends >> end & 1:
                cells[n], ends_out[n] = cell, end
                keys[n] = position_key(after, circled | 1 << end, end, TARGET, cs, False)
                n += 1
    return n, -1, lost


@numba.njit
def _solve(rolls, t, crossed, circled, position, failed, cs, budget):  # type: ignore[no-untyped-def]
    """1: some choices reach the target with these rolls; 0: none; -1: undecided."""
    budget[0] -= 1
    if budget[0] < 0 or t >= len(rolls):
        return -1
    if mask_value(crossed & circled) >= TARGET:
        return 1
    roll = rolls[t]
    if cross_slots(roll, crossed, circled, cs) == 0:
        if failed == 2:
            return 0
        return _solve(rolls, t + 1, crossed, circled, position, failed + 1, cs, budget)
    cells = np.zeros(MAX_PAIRS, np.int64)
    ends = np.zeros(MAX_PAIRS, np.int64)
    keys = np.zeros(MAX_PAIRS)
    n, won, _lost = _pairs(roll, crossed, circled, position, cs, cells, ends, keys)
    if won >= 0:
        return 1
    stand = 0 if position < 0 else 1 << position
    undecided = False
    for i in np.argsort(-keys[:n]):
        if keys[i] < -500.0:
            continue  # settled: the target is out of reach from there
        result = _solve(
            rolls,
            t + 1,
            crossed | 1 << cells[i] | stand,
            circled | 1 << ends[i],
            ends[i],
            0,
            cs,
            budget,
        )
        if result == 1:
            return 1
        if result < 0:
            undecided = True
            if budget[0] < 0:
                return -1
    return -1 if undecided else 0


@numba.njit
def clairvoyant(seed, games, cs, nodes):  # type: ignore[no-untyped-def]
    out = np.zeros(games, np.int64)
    dice = np.zeros(1, np.uint64)
    rolls = np.zeros(200, np.int64)
    budget = np.zeros(1, np.int64)
    for g in range(games):
        dice[0] = stream_start(np.uint64(seed), np.uint64(g), np.uint64(7))
        for t in range(len(rolls)):
            rolls[t] = ROLL_OF[below(dice, 0, 216)]
        budget[0] = nodes
        out[g] = _solve(rolls, 0, 0, 0, -1, 0, cs, budget)
    return out


@numba.njit
def flat_choice(roll, crossed, circled, position, cs, width, rollouts, seed):  # type: ignore[no-untyped-def]
    """Flat Monte Carlo over the ``width`` best pairs (``rollouts`` each)."""
    cells = np.zeros(MAX_PAIRS, np.int64)
    ends = np.zeros(MAX_PAIRS, np.int64)
    keys = np.zeros(MAX_PAIRS)
    n, won, lost = _pairs(roll, crossed, circled, position, cs, cells, ends, keys)
    if won >= 0:
        return won, -1
    if n == 0:
        return lost, -1
    order = np.argsort(-keys[:n], kind="mergesort")
    if rollouts == 0 or width == 1 or n == 1:
        return cells[order[0]], ends[order[0]]
    stand = 0 if position < 0 else 1 << position
    stream = np.zeros(1, np.uint64)
    untraced = np.zeros(0, np.int64)
    best, best_cell, best_end = -1.0, -1, -1
    for j in range(min(width, n)):
        i = order[j]
        total = 0.0
        for r in range(rollouts):
            stream[0] = stream_start(seed, np.uint64(r), np.uint64(1))
            score = base_rollout(
                crossed | 1 << cells[i] | stand,
                circled | 1 << ends[i],
                ends[i],
                -1,
                TARGET,
                cs,
                0,
                False,
                False,
                stream,
                untraced,
            )
            total += (1.0 if score >= TARGET else 0.0) + score * 1e-6
        if total > best:
            best, best_cell, best_end = total, cells[i], ends[i]
    return best_cell, best_end


@numba.njit
def play_on(starts, seed, cs, width, rollouts):  # type: ignore[no-untyped-def]
    """Wins of the flat policy from each start (crossed, circled, position)."""
    wins = 0
    dice = np.zeros(1, np.uint64)
    for g in range(len(starts)):
        dice[0] = stream_start(np.uint64(seed), np.uint64(g), np.uint64(7))
        crossed, circled, position = starts[g, 0], starts[g, 1], starts[g, 2]
        failed, decision = 0, 0
        while True:
            locked = mask_value(crossed & circled)
            if locked >= TARGET:
                wins += 1
                break
            roll = ROLL_OF[below(dice, 0, 216)]
            decision += 1
            search_seed = stream_start(
                np.uint64(seed + 1), np.uint64(g * 1000 + decision), np.uint64(3)
            )
            cell, end = flat_choice(
                roll, crossed, circled, position, cs, width, rollouts, search_seed
            )
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
                wins += ended_score(crossed, circled, position, 0) >= TARGET
                break
            circled |= 1 << end
            position = end
    return wins


@numba.njit
def endgame_starts(seed, count, low, high, cs):  # type: ignore[no-untyped-def]
    """Positions of base-policy games with ``low``..``high`` points still needed."""
    out = np.zeros((count, 3), np.int64)
    dice = np.zeros(1, np.uint64)
    found, game = 0, 0
    while found < count:
        dice[0] = stream_start(np.uint64(seed), np.uint64(game), np.uint64(9))
        game += 1
        crossed, circled, position, failed = 0, 0, -1, 0
        while True:
            if position >= 0:
                need = TARGET - mask_value(crossed & circled) - FIELD_VALUES[position]
                if low <= need <= high:
                    out[found, 0], out[found, 1], out[found, 2] = crossed, circled, position
                    found += 1
                    break
                if need < low:
                    break
            roll = ROLL_OF[below(dice, 0, 216)]
            cell, end = choose_pair(roll, crossed, circled, position, TARGET, cs, False, 0)
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
                break
            circled |= 1 << end
            position = end
    return out


def exact_mean(starts: np.ndarray, cs: bool, base: bool) -> float:
    """The mean win chance of optimal play (``base``: of the base policy) from the
    positions."""
    total = 0.0
    for crossed, circled, position in starts:
        need = TARGET - int(mask_value(crossed & circled)) - int(FIELD_VALUES[position])
        memo = Dict.empty(key_type=types.int64, value_type=types.float64)
        total += optimal(int(crossed), int(position), need, cs, memo, base)
    return total / len(starts)


def wilson(wins: int, n: int) -> str:
    z = 1.959963984540054
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{100 * p:.1f}% ({100 * (centre - half):.1f}-{100 * (centre + half):.1f}%)"


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("clairvoyant", "flat", "endgame", "exact"))
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    # The positions of endgame/exact (default: --seed + 5); --seed then only sets the
    # dice, so one set of positions can be played on many dice.
    parser.add_argument("--positions-seed", type=int, default=None)
    parser.add_argument("--cross-standing", action="store_true")
    parser.add_argument("--nodes", type=int, default=2_000_000)
    parser.add_argument("--width", type=int, default=12)
    parser.add_argument("--rollouts", type=int, default=100)
    parser.add_argument("--low", type=int, default=40)
    parser.add_argument("--high", type=int, default=80)
    args = parser.parse_args(argv)
    cs = bool(args.cross_standing)
    positions_seed = args.seed + 5 if args.positions_seed is None else args.positions_seed
    started = time.perf_counter()
    if args.what == "clairvoyant":
        out = clairvoyant(args.seed, args.games, cs, args.nodes)
        won, lost, open_ = int((out == 1).sum()), int((out == 0).sum()), int((out < 0).sum())
        print(
            f"clairvoyant, cross_standing={cs}: {won} reachable, {lost} not, {open_} undecided "
            f"of {args.games}; upper bound {wilson(won + open_, args.games)}"
        )
    elif args.what == "exact":
        starts = endgame_starts(positions_seed, args.games, args.low, args.high, cs)
        for base in (True, False):
            mean = exact_mean(starts, cs, base)
            print(
                f"exact, cross_standing={cs}: {'the base policy' if base else 'optimal play'} "
                f"wins {100 * mean:.1f}% on average from {args.games} positions needing "
                f"{args.low}-{args.high}"
            )
    else:
        if args.what == "flat":
            starts = np.zeros((args.games, 3), np.int64)
            starts[:, 2] = -1
        else:
            starts = endgame_starts(positions_seed, args.games, args.low, args.high, cs)
        wins = play_on(starts, args.seed, cs, args.width, args.rollouts)
        print(
            f"{args.what}, cross_standing={cs}, width {args.width}, {args.rollouts} rollouts: "
            f"{wins} of {args.games} won, {wilson(int(wins), args.games)}"
        )
    print(f"{time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
