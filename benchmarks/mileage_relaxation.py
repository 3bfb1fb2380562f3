"""Solo Your Mileage May Vary: the penalised information relaxation's lower bound
on the optimum at the start, over independent solves (seeds), and the policy
that is consistent with its own table (``mileage_dual``, numba).

Each solve estimates every one of the 16,200 canonical mats, fullest first
(``--per-first`` paths per first fill-up); the start's figures of several seeds
give the spread of the estimate (a 95% t-interval over the seeds).  With
``--games N`` the last solve's primal table is played against the shipped
``expert`` (look-ahead on the two-fill-up table), same seeds.

    PYTHONPATH=src nice -n 15 python benchmarks/mileage_relaxation.py \\
        --per-first 8 --seeds 1,2,3 [--games 2000]
"""

from __future__ import annotations

import argparse
import time
from math import sqrt
from random import Random

from roadtrip import load_game
from roadtrip.bots.base import Observation
from roadtrip.bots.main_street.mileage_dual import Solver
from roadtrip.bots.main_street.mileage_expert import TIE, ExpertMileageBot
from roadtrip.bots.main_street.mileage_setup import REAL, Mat
from roadtrip.bots.main_street.mileage_solver import complete, key_mat, look_ahead, place
from roadtrip.bots.main_street.odds import color_counts, only_choice
from roadtrip.games.main_street.base import GO_ON, STOP
from roadtrip.sim.runner import game_rngs, play_game

T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365}


class TableBot:
    """Solo: fill up again while one more fill-up looks better by ``values``."""

    name = "primal-table"

    def __init__(self, values: dict[Mat, float]) -> None:
        self.values = values

    def choose(self, observation: Observation, rng: Random) -> int:
        forced = only_choice(observation)
        if forced is not None:
            return forced
        view = observation.view
        start = tuple(view["mats"][0]["cubes"])
        stop_mat = place(start, color_counts(view["pumps"]))
        if complete(stop_mat):
            return STOP
        stop, go = look_ahead(self.values, start, stop_mat, view["bag"], view["fuel"])
        return GO_ON if go < stop - TIE else STOP


def interval(values: list[float]) -> str:
    mean = sum(values) / len(values)
    if len(values) < 2:
        return f"{mean:.4f}"
    sd = sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
    half = T975.get(len(values) - 1, 1.96) * sd / sqrt(len(values))
    return f"{mean:.4f} (95% {mean - half:.4f}-{mean + half:.4f}, sd {sd:.4f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-first", type=int, default=8)
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument("--games", type=int, default=0)
    args = parser.parse_args()
    lows: list[float] = []
    highs: list[float] = []
    solver = None
    for seed in (int(s) for s in args.seeds.split(",")):
        started = time.perf_counter()
        solver = Solver(REAL, per_first=args.per_first, seed=seed)
        lower, primal = solver.solve()
        lows.append(float(lower[0]))
        highs.append(float(primal[0]))
        print(
            f"per_first {args.per_first} seed {seed}: relaxation {lower[0]:.4f}, primal "
            f"table {primal[0]:.4f} ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
    print(f"relaxation over {len(lows)} seeds: {interval(lows)}")
    print(f"primal table over {len(highs)} seeds: {interval(highs)}")
    if args.games and solver is not None:
        game = load_game("mileage-may-vary")
        keys = sorted(REAL.key(m) for m in REAL.mats())
        table = {key_mat(k): float(solver.primal[k]) for k in keys}
        for bot in (ExpertMileageBot(game), TableBot(table)):
            turns = [
                play_game(game, [bot], *game_rngs(1, i)).rounds or 0 for i in range(args.games)
            ]
            print(f"{bot.name}: {interval([float(t) for t in turns])} over {args.games} games")


if __name__ == "__main__":
    main()
