"""Road to 300 solo: the expert's search depths compared game by game, compiled.

Game ``i`` of ``--seed`` (the SplitMix64 dice of ``fast.selfplay``: the same rolls
under every policy) is played by the network one roll deep (``ONE_ROLL``) and by
the expert's close calls two rolls deep (``CLOSE_TWO_ROLLS``), the shipped
weights.  Decisions that differ send the games down different dice, so only the
games whose results differ carry the comparison: the difference of the two win
rates with a 95% interval from those discordant games (a paired comparison,
McNemar's).  Prints a line per game (``--every``) and the totals; the games of a
run depend only on (seed, index), so runs over disjoint ``--first`` ranges pool.

    python benchmarks/road_to_300_depths.py --seed 2027 --first 0 --games 3000
    python benchmarks/road_to_300_depths.py --seed 2027 --games 1000 --cross-standing
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from roadtrip.bots.road_to_300 import valued
from roadtrip.bots.road_to_300.fast import selfplay
from roadtrip.sim.stats import wilson_interval

TARGET = 300
FINAL_RULEBOOK = 0


def rate(wins: int, games: int) -> str:
    low, high = wilson_interval(wins, games)
    return f"{wins} ({100 * wins / games:.2f}%, {100 * low:.1f}-{100 * high:.1f}%)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2027)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--cross-standing", action="store_true")
    parser.add_argument("--every", type=int, default=1, help="print every Nth game (0: none)")
    args = parser.parse_args()
    weights = valued.shipped_weights(args.cross_standing)
    two_wins = one_wins = two_only = one_only = 0
    started = time.perf_counter()
    for n, index in enumerate(range(args.first, args.first + args.games), start=1):
        results = [
            selfplay.play(
                weights.copy(),
                np.uint64(args.seed),
                index,
                TARGET,
                args.cross_standing,
                FINAL_RULEBOOK,
                depth,
                0.0,
            )
            for depth in (selfplay.CLOSE_TWO_ROLLS, selfplay.ONE_ROLL)
        ]
        two, one = results
        two_wins, one_wins = two_wins + two, one_wins + one
        two_only, one_only = two_only + (two > one), one_only + (one > two)
        if args.every and n % args.every == 0:
            elapsed = time.perf_counter() - started
            print(f"G {index} {two} {one} {elapsed:.0f}", flush=True)
    games = args.games
    spread = 1.959963984540054 * math.sqrt(two_only + one_only) / games
    print(
        f"{games} games of seed {args.seed} from {args.first}"
        f"{' (cross_standing)' if args.cross_standing else ''}:\n"
        f"  close calls two rolls deep: {rate(two_wins, games)}\n"
        f"  one roll deep:              {rate(one_wins, games)}\n"
        f"  won by one only: two rolls {two_only}, one roll {one_only}; difference "
        f"{100 * (two_only - one_only) / games:+.2f} points (+- {100 * spread:.2f})\n"
        f"  {time.perf_counter() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
