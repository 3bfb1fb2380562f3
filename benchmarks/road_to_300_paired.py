"""The Road to 300 expert through the engine and its compiled policy, on the same dice.

Game ``i`` of ``--seed`` is played twice: by the engine (``RoadTo300State``, the
registered ``expert`` bot at ``--think`` seconds, exactly as ``roadtrip simulate``
plays it), its chance player fed the rolls of the compiled path's dice stream for
that game; and by the compiled policy alone (``fast.selfplay.play`` at the expert's
depth, ``valued.compiled_depth``: one roll deep, and with the default ruling close
pairs two rolls deep; the shipped weights). With ``--engine-dice`` the other way
round: the engine plays on its own dice, drawn as ``roadtrip simulate`` draws them
(``Random(f"{seed}:{i}")``), and the compiled policy (``close_calls.close_pair``, or
``afterstates.deep_pair`` with ``cross_standing``) replays those rolls. If the two
play the same rules and make the same decisions, every game has the same result, so
a compiled measurement of many games is a measurement of the engine's bot. Prints
the wins of each and every game whose results differ.

    python benchmarks/road_to_300_paired.py --seed 12345 --games 500
    python benchmarks/road_to_300_paired.py --seed 41 --games 60 --engine-dice
"""

from __future__ import annotations

import argparse
import time
from random import Random

import numpy as np

import roadtrip
from roadtrip.bots import make_bot, observe
from roadtrip.bots.road_to_300 import valued
from roadtrip.bots.road_to_300.fast import afterstates, close_calls, selfplay
from roadtrip.bots.road_to_300.fast.policy import FINAL_RULEBOOK, ended_score, mask_value
from roadtrip.bots.road_to_300.fast.steps import below, cross_slots, stream_start
from roadtrip.bots.road_to_300.fast.tables import ROLL_OF
from roadtrip.core.chance import sample_chance

TARGET = 300


def engine_game(
    seed: int, index: int, cross_standing: bool, think: float, engine_dice: bool
) -> tuple[bool, list[int]]:
    """Game ``index`` of ``seed`` through the engine with the expert: won? and the
    rolls it met (the compiled stream's, or with ``engine_dice`` the engine's own)."""
    game = roadtrip.load_game("road-to-300", cross_standing=cross_standing)
    bot = make_bot("expert", game, think=think)
    stream = np.zeros(1, dtype=np.uint64)
    stream[0] = stream_start(np.uint64(seed), np.uint64(index), np.uint64(1))
    chance_rng, bot_rng = Random(f"{seed}:{index}"), Random(f"{seed}:{index}:bots")
    state = game.new_initial_state()
    rolls: list[int] = []
    while not state.is_terminal():
        if state.is_chance_node():
            if engine_dice:
                rolls.append(sample_chance(state, chance_rng))
            else:
                rolls.append(int(ROLL_OF[below(stream, 0, 216)]))
            state.apply_action(rolls[-1])
        else:
            state.apply_action(bot.choose(observe(state, 0), bot_rng), 0)
    return state.returns()[0] > 0, rolls


def compiled_on(rolls: list[int], weights: np.ndarray, cross_standing: bool) -> bool:
    """The compiled policy's game on these rolls (as ``selfplay.play``): won?"""
    close = valued.compiled_depth(cross_standing) == selfplay.CLOSE_TWO_ROLLS
    remaining = iter(rolls)
    crossed = circled = 0
    position = -1
    while True:
        roll = next(remaining, 0)
        failed = 0
        while not cross_slots(roll, crossed, circled, cross_standing) and failed < 2:
            failed += 1
            roll = next(remaining, 0)
        if not cross_slots(roll, crossed, circled, cross_standing):
            return bool(mask_value(crossed & circled) >= TARGET)
        choose = close_calls.close_pair if close else afterstates.deep_pair
        cell, end = choose(
            weights, roll, crossed, circled, position, TARGET, cross_standing, FINAL_RULEBOOK
        )
        stand = 0 if position < 0 else 1 << position
        if end < 0:
            score = ended_score(crossed | 1 << cell | stand, circled, position, FINAL_RULEBOOK)
            return bool(score >= TARGET)
        crossed |= 1 << cell | stand
        circled |= 1 << end
        position = end
        if mask_value(crossed & circled) >= TARGET:
            return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--cross-standing", action="store_true")
    parser.add_argument("--engine-dice", action="store_true", help="the engine's own dice")
    args = parser.parse_args()
    weights = valued.shipped_weights(args.cross_standing)
    engine_wins = compiled_wins = differ = 0
    started = time.perf_counter()
    for index in range(args.first, args.first + args.games):
        engine, rolls = engine_game(
            args.seed, index, args.cross_standing, args.think, args.engine_dice
        )
        if args.engine_dice:
            compiled = compiled_on(rolls, weights, args.cross_standing)
        else:
            compiled = bool(
                selfplay.play(
                    weights.copy(),
                    np.uint64(args.seed),
                    index,
                    TARGET,
                    args.cross_standing,
                    FINAL_RULEBOOK,
                    valued.compiled_depth(args.cross_standing),
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
