"""The Road to 300 expert through the engine and its compiled policy, on the same dice.

Game ``i`` of ``--seed`` is played twice: by the engine (``RoadTo300State``, the
registered ``expert`` bot at ``--think`` seconds, exactly as ``roadtrip simulate``
plays it), its chance player fed the rolls of the compiled path's dice stream for
that game; and by the compiled policy alone
(``fast.afterstates.play``, one roll deep, the shipped weights).  If the two play
the same rules and make the same decisions, every game has the same result, so a
compiled measurement of many games is a measurement of the engine's bot.  Prints
the wins of each and every game whose results differ.

    python benchmarks/road_to_300_paired.py --seed 12345 --games 500
"""

from __future__ import annotations

import argparse
import time
from random import Random

import numpy as np

import roadtrip
from roadtrip.bots import make_bot, observe
from roadtrip.bots.road_to_300 import valued
from roadtrip.bots.road_to_300.fast import afterstates
from roadtrip.bots.road_to_300.fast.policy import FINAL_RULEBOOK
from roadtrip.bots.road_to_300.fast.steps import below, stream_start
from roadtrip.bots.road_to_300.fast.tables import ROLL_OF


def engine_game(seed: int, index: int, cross_standing: bool, think: float) -> bool:
    """Game ``index`` of ``seed`` through the engine with the expert: won?"""
    game = roadtrip.load_game("road-to-300", cross_standing=cross_standing)
    bot = make_bot("expert", game, think=think)
    stream = np.zeros(1, dtype=np.uint64)
    stream[0] = stream_start(np.uint64(seed), np.uint64(index), np.uint64(1))
    state = game.new_initial_state()
    rng = Random(index)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(ROLL_OF[below(stream, 0, 216)]))
        else:
            state.apply_action(bot.choose(observe(state, 0), rng), 0)
    return state.returns()[0] > 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--cross-standing", action="store_true")
    args = parser.parse_args()
    weights = valued.shipped_weights(args.cross_standing)
    engine_wins = compiled_wins = differ = 0
    started = time.perf_counter()
    for index in range(args.first, args.first + args.games):
        engine = engine_game(args.seed, index, args.cross_standing, args.think)
        compiled = bool(
            afterstates.play(
                weights.copy(),
                np.uint64(args.seed),
                index,
                300,
                args.cross_standing,
                FINAL_RULEBOOK,
                True,
                0.0,
            )
        )
        engine_wins += engine
        compiled_wins += compiled
        if engine != compiled:
            differ += 1
            print(f"game {index}: engine {'won' if engine else 'lost'}, compiled the other")
    print(
        f"{args.games} games of seed {args.seed}: engine won {engine_wins}, compiled "
        f"won {compiled_wins}, {differ} results differ "
        f"({time.perf_counter() - started:.0f} s)"
    )


if __name__ == "__main__":
    main()
