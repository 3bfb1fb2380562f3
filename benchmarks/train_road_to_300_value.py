"""Learn the Road to 300 value network by temporal-difference self-play.

The network (``roadtrip.bots.road_to_300.fast.network``) starts at zero and plays
greedy solo games (``fast.selfplay.play`` with a learning rate): after every
move the previous position's value moves towards the value of the position chosen
next, or the game's result.  The rate, divided by the number of weights a
position looks up, falls by ``--decay`` after every chunk of games; after each
chunk the greedy policy is measured on ``--eval`` fixed games (seed 12345) and
the weights are written to ``--out`` (an ``.npz`` the expert loads).

The shipped weights (``src/roadtrip/bots/road_to_300/weights/``):

    python benchmarks/train_road_to_300_value.py --out default.npz
    python benchmarks/train_road_to_300_value.py --cross-standing --out cross-standing.npz

(64 chunks of 50,000 games, rate 0.2 falling by 4% a chunk, seed 7: about 12 minutes
of one core each.)  Greedy play by the network is also measured here
(``--chunks 0 --weights FILE``), and one roll deeper with ``--deep``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from roadtrip.bots.road_to_300.fast import network, selfplay

EVAL_SEED = 12345


def save(path: str, weights: np.ndarray) -> None:
    layout = np.array([f"{name}:{size}" for name, size in network.LAYOUT])
    np.savez_compressed(path, weights=weights.astype(np.float32), layout=layout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cross-standing", action="store_true")
    parser.add_argument("--chunks", type=int, default=64)
    parser.add_argument("--games", type=int, default=50_000, help="games per chunk")
    parser.add_argument("--rate", type=float, default=0.2)
    parser.add_argument("--decay", type=float, default=0.96)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--eval", type=int, default=20_000, help="games measured per chunk")
    parser.add_argument("--deep", action="store_true", help="measure one roll deeper too")
    parser.add_argument("--weights", help="start from (or only measure) this .npz")
    parser.add_argument("--out", help="write the weights here after every chunk")
    args = parser.parse_args()
    cross = args.cross_standing
    if args.weights:
        with np.load(args.weights) as archive:
            weights = archive["weights"].astype(np.float64)
    else:
        weights = np.zeros(network.WEIGHT_COUNT)
    rate = args.rate
    print(f"{network.WEIGHT_COUNT} weights, {network.ACTIVE} per position", flush=True)
    for chunk in range(args.chunks):
        started = time.perf_counter()
        won = selfplay.play_many(
            weights,
            np.uint64(args.seed),
            chunk * args.games,
            args.games,
            300,
            cross,
            0,
            selfplay.GREEDY,
            rate / network.ACTIVE,
        )
        spent = time.perf_counter() - started
        greedy = selfplay.play_many(
            weights, np.uint64(EVAL_SEED), 0, args.eval, 300, cross, 0, selfplay.GREEDY, 0.0
        )
        print(
            f"chunk {chunk}: learning games won {won / args.games:.4f}, greedy "
            f"{greedy / args.eval:.4f} of {args.eval} ({spent:.1f} s, rate {rate:.4g})",
            flush=True,
        )
        rate *= args.decay
        if args.out:
            save(args.out, weights)
    if args.chunks == 0 or args.deep:
        greedy = selfplay.play_many(
            weights, np.uint64(EVAL_SEED), 0, args.eval, 300, cross, 0, selfplay.GREEDY, 0.0
        )
        print(f"greedy: {greedy} of {args.eval} ({greedy / args.eval:.4f})", flush=True)
    if args.deep:
        started = time.perf_counter()
        deep = selfplay.play_many(
            weights, np.uint64(EVAL_SEED), 0, args.eval, 300, cross, 0, selfplay.ONE_ROLL, 0.0
        )
        print(
            f"one roll deeper: {deep} of {args.eval} ({deep / args.eval:.4f}, "
            f"{time.perf_counter() - started:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
