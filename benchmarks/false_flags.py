"""How often the lab's verdict flags a change between two variants that are the same.

The null holds exactly: each repetition takes two disjoint sets of ``--games`` games
at random from one pool of a variant's games (so both "variants" are draws of the
same game), compares them as a study does (game ``i`` against game ``i``: paired)
and, with the second labelled with another seed, unpaired, and counts the
repetitions in which the verdict flags any figure.  The verdict (the graphical
procedure of roadtrip.sim.multiplicity: 80% of the level on who wins, 20% on how
they play) keeps the chance of a false alarm at 5%; this prints the rate with its
95% Wilson interval, and beside it the rate Holm over all the verdict's figures
gives (the first correction the lab used) and the rate a flag in the balance
counts' family would add.

    nice -n 10 python benchmarks/false_flags.py --game road-rally --bot random \
        --players 4 --pool 1200 --games 150 --repeat 1000
    nice -n 10 python benchmarks/false_flags.py --game road-to-300 --bot random \
        --players 2 --pool 3000 --games 300 --repeat 1000
"""

from __future__ import annotations

import argparse
import gc
import time
import warnings
from dataclasses import replace

import numpy as np
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportion_confint

from roadtrip.sim.game_table import TableBuilder
from roadtrip.sim.report import ResultSet
from roadtrip.sim.runner import simulate_run
from roadtrip.sim.significance import ALPHA, Comparison, compare_runs


def pool_of(game: str, bot: str, players: int, games: int, seed: int) -> ResultSet:
    """``games`` games of the game's default variant, with their per-game table."""
    builder = TableBuilder()
    summary, tally = simulate_run(
        game,
        {"players": players},
        bot,
        games,
        seed,
        engine=True,
        record=lambda chunk: builder.add_all(chunk.start, chunk.results),
    )
    return ResultSet("pool", summary, tally, builder.build())


def flags(comparison: Comparison) -> tuple[bool, bool, bool]:
    """Whether the verdict flags anything, whether Holm over all the verdict's
    figures would, and whether the balance counts' own family flags anything."""
    raw = [d.p_value for d in comparison.differences]
    holm_all = bool(raw) and bool(multipletests(raw, alpha=ALPHA, method="holm")[0].any())
    return bool(comparison.significant), holm_all, any(d.significant for d in comparison.counts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="road-rally")
    parser.add_argument("--bot", default="random")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--pool", type=int, default=1200, help="games in the pool")
    parser.add_argument("--games", type=int, default=150, help="games of each variant")
    parser.add_argument("--repeat", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if 2 * args.games > args.pool:
        parser.error("--pool must hold two variants' games: at least 2 x --games")
    started = time.perf_counter()
    pool = pool_of(args.game, args.bot, args.players, args.pool, args.seed)
    assert pool.games is not None
    played = time.perf_counter() - started
    rng = np.random.default_rng(args.seed)
    counts = {"paired": np.zeros(3, dtype=int), "unpaired": np.zeros(3, dtype=int)}
    figures = 0
    gc.freeze()  # multipletests calls gc.collect(): keep it from rescanning the pool
    warnings.simplefilter("ignore", RuntimeWarning)
    for _ in range(args.repeat):
        rows = rng.choice(pool.games.games, size=(2, args.games), replace=False)
        a, b = (
            replace(pool, games=replace(pool.games.take(r), index=np.arange(args.games)))
            for r in rows
        )
        paired = compare_runs(a, b)
        figures = len(paired.differences)
        counts["paired"] += flags(paired)
        other_seed = replace(b, summary=replace(b.summary, seed=args.seed + 1))
        counts["unpaired"] += flags(compare_runs(a, other_seed))
    print(
        f"{args.game}, {args.players} seats, bot {args.bot}: pool of {args.pool:,} games "
        f"({played:.0f} s), {args.repeat:,} repetitions of {args.games:,} games a variant, "
        f"{figures} figures in the verdict ({time.perf_counter() - started:.0f} s in all)"
    )
    for design, found in counts.items():
        shown = []
        for name, count in zip(("verdict", "Holm over all", "counts family"), found, strict=True):
            low, high = proportion_confint(int(count), args.repeat, alpha=0.05, method="wilson")
            shown.append(f"{name} {count / args.repeat:.1%} ({low:.1%}-{high:.1%})")
        print(f"  {design}: flagged something: " + "; ".join(shown))


if __name__ == "__main__":
    main()
