"""Tune the Road to 300 expert's evaluation weights by direct policy search.

The base policy takes the most points now, then weighs a few measures (in
points).  Coordinate search: each weight in turn is moved up and down by its step, and a
move is kept when the policy (the evaluation alone, ``--width 0``, or with the
look-ahead) wins more of the same games (common random numbers: the same seeds
for every candidate).  Fitting the weights to self-play outcomes instead made a
policy that exploits the fit's errors; searching the win rate itself does not.

    python benchmarks/tune_road_to_300.py --games 800 --sweeps 3
    python benchmarks/tune_road_to_300.py --games 800 --sweeps 3 --cross-standing
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).parent))

from fit_road_to_300 import play
from roadtrip.bots.road_to_300.evaluation import (
    BASE_FEATURE_NAMES,
    BASE_WEIGHTS,
    BASE_WEIGHTS_CROSS_STANDING,
    Rules,
)
from roadtrip.bots.road_to_300.planner import Settings

# Steps in points: tie-breakers up to a few points.
STEPS = (1.0, 3.0, 6.0, 6.0, 6.0, 6.0)


def win_rate(weights: tuple[float, ...], args: argparse.Namespace) -> float:
    settings = Settings(rules=Rules(cross_standing=args.cross_standing, base_weights=weights))
    wins = 0
    for game in range(args.games):
        won, _score, _seen = play(settings, Random(f"tune:{args.seed}:{game}"), args.width)
        wins += won
    return wins / args.games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=800)
    parser.add_argument("--sweeps", type=int, default=2)
    parser.add_argument("--width", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cross-standing", action="store_true")
    parser.add_argument("--weights", help="start from these weights (comma-separated)")
    args = parser.parse_args()
    start = BASE_WEIGHTS_CROSS_STANDING if args.cross_standing else BASE_WEIGHTS
    weights = list(float(w) for w in args.weights.split(",")) if args.weights else list(start)
    names = list(BASE_FEATURE_NAMES)
    best = win_rate(tuple(weights), args)
    print(f"start {best:.3f}", flush=True)
    started = time.perf_counter()
    for sweep in range(args.sweeps):
        for index, step in enumerate(STEPS):
            if not step:
                continue
            for sign in (1, -1):
                trial = list(weights)
                trial[index] += sign * step / (sweep + 1)
                rate = win_rate(tuple(trial), args)
                if rate > best:
                    best, weights = rate, trial
                    print(f"  {names[index]} -> {trial[index]:.3f}: {rate:.3f}", flush=True)
                    break
        print(f"sweep {sweep + 1}: {best:.3f} ({time.perf_counter() - started:.0f} s)")
        print("(" + ", ".join(f"{w:.4f}" for w in weights) + ")", flush=True)


if __name__ == "__main__":
    main()
