"""Road to 300's compiled bulk path with and without a Parquet results file, side by side.

    nice -n 10 python benchmarks/bench_parquet_out.py                 # 1,000,000 games x 3
    nice -n 10 python benchmarks/bench_parquet_out.py --games 200000 --repeat 5 --jsonl

What ``roadtrip simulate road-to-300 --bot random -n N --seed 1 [--out x.parquet]``
does, in one process: ``simulate_run`` (no file) and ``simulate_recorded`` to a new
Parquet file take turns ``--repeat`` times (so a busy neighbour slows both alike),
after a warm-up that loads the compiled games.  The time with a file runs from
opening it to its footer (the journal streamed into the Parquet file on close), so
games/s here is wall time over games, not the summary's figure (which stops before
the file is closed).  Printed: each turn, then the median and best rates, the ratio
of the medians and the median of each turn's ratio; ``--jsonl`` adds a JSON Lines
run to each turn.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from roadtrip.sim.recording import simulate_recorded
from roadtrip.sim.runner import simulate_run


def timed_run(games: int, seed: int, bot: str, out: Path | None) -> float:
    """Seconds for one run of ``games`` (with ``out``: until the file is complete)."""
    started = time.perf_counter()
    if out is None:
        simulate_run("road-to-300", {}, bot, games, seed)
    else:
        simulate_recorded("road-to-300", {}, bot, games, seed, out)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="random", choices=("random", "greedy"))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jsonl", action="store_true", help="also time a JSON Lines file")
    args = parser.parse_args()
    simulate_run("road-to-300", {}, args.bot, 2000, args.seed)  # load the compiled games
    kinds = ["none", "parquet"] + (["jsonl"] if args.jsonl else [])
    rates: dict[str, list[float]] = {kind: [] for kind in kinds}
    with tempfile.TemporaryDirectory() as folder:
        for turn in range(args.repeat):
            for kind in kinds:
                out = None if kind == "none" else Path(folder) / f"run{turn}.{kind}"
                seconds = timed_run(args.games, args.seed, args.bot, out)
                size = out.stat().st_size / 1e6 if out is not None else 0.0
                rates[kind].append(args.games / seconds)
                print(f"turn {turn + 1} {kind:8} {seconds:7.2f} s {args.games / seconds:>10,.0f}"
                      f" games/s  {size:6.1f} MB", flush=True)  # fmt: skip
                if out is not None:
                    out.unlink()
    print(f"\n{args.games:,} games, {args.bot} bot, seed {args.seed}, {args.repeat} turns")
    print("| output | median games/s | best games/s | x no file (medians) | x no file (pairs) |")
    print("|---|---:|---:|---:|---:|")
    base = statistics.median(rates["none"])
    for kind in kinds:
        median = statistics.median(rates[kind])
        # Each turn's ratio to the run without a file just before it: the load changes
        # less within a turn than across the whole benchmark.
        pairs = statistics.median(r / n for r, n in zip(rates[kind], rates["none"], strict=True))
        print(f"| {kind} | {median:,.0f} | {max(rates[kind]):,.0f} | {median / base:.2f} "
              f"| {pairs:.2f} |")  # fmt: skip


if __name__ == "__main__":
    main()
