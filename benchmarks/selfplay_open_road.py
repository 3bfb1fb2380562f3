r"""Self-play for The Open Road heuristic: one seat plays a variant of its weights, the
others the base weights (``Weights()`` with ``--base`` changes); the variant's seat
goes round the table game by game (game i: seat i mod players), and chance and the
bots are seeded as ``roadtrip simulate`` seeds them.  Prints the variant's win share
with its 95% interval (1/players: as strong as the base) and the mean game length.

    python benchmarks/selfplay_open_road.py --variant energy=0.9 --games 600
    python benchmarks/selfplay_open_road.py --workers 2 --games 600 \
        --base action=0.65,attack=0.7,hotel_money=0.8,risk=0.3,energy=0.9 \
        --variant action=0.975,attack=0.42,hotel_money=1.2,risk=0.18,energy=0.97

The weights (``roadtrip.bots.open_road.evaluation.Weights``) were tuned this way: one
weight at a time, times 0.6 and 1.5, then finer steps, 300-1000 games a variant.
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

import roadtrip
from roadtrip.bots.open_road import OpenRoadBot
from roadtrip.bots.open_road.evaluation import Weights
from roadtrip.sim.runner import game_rngs, play_game
from roadtrip.sim.stats import wilson_interval

Changes = dict[str, float]


def weights_arg(text: str) -> Changes:
    """``name=value,name=value`` as weight changes."""
    names = {field.name for field in dataclasses.fields(Weights)}
    changes: Changes = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, value = part.partition("=")
        if name not in names:
            raise argparse.ArgumentTypeError(f"no weight {name!r}; weights: {sorted(names)}")
        try:
            changes[name] = float(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name}: a number, not {value!r}") from None
    return changes


def play(
    base: Changes, variant: Changes, players: int, seed: int, start: int, stop: int
) -> tuple[float, int, int]:
    """Games ``start..stop-1``: (the variant's win share, rounds, games)."""
    game = roadtrip.load_game("open-road", players=players)
    share = 0.0
    rounds = 0
    for index in range(start, stop):
        seat = index % players
        bots = [OpenRoadBot(game, Weights(**base)) for _ in range(players)]
        bots[seat] = OpenRoadBot(game, Weights(**{**base, **variant}))
        result = play_game(game, bots, *game_rngs(seed, index))
        share += result.wins[seat] / max(1, sum(result.wins))
        rounds += result.rounds or 0
    return share, rounds, stop - start


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=weights_arg, default={}, help="name=value,... (base)")
    parser.add_argument("--variant", type=weights_arg, default={}, help="name=value,...")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)

    started = time.perf_counter()
    step = max(1, args.games // (4 * args.workers))
    chunks = [(s, min(args.games, s + step)) for s in range(0, args.games, step)]
    jobs = [(args.base, args.variant, args.players, args.seed, a, b) for a, b in chunks]
    if args.workers == 1:
        parts = [play(*job) for job in jobs]
    else:
        with ProcessPoolExecutor(args.workers) as pool:
            parts = list(pool.map(play, *zip(*jobs, strict=True)))
    share = sum(p[0] for p in parts)
    rounds = sum(p[1] for p in parts)
    games = sum(p[2] for p in parts)
    low, high = wilson_interval(round(share), games)
    print(f"base {args.base or 'Weights()'}, variant {args.variant or '(the base)'}")
    print(
        f"{games} games, {args.players} riders: variant win share {share / games:.1%} "
        f"({low:.1%} - {high:.1%}; {1 / args.players:.0%} is as strong as the base), "
        f"mean {rounds / games:.2f} rounds, {time.perf_counter() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
