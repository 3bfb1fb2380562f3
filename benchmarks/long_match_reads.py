"""What reads of one long match cost through ``roadtrip serve`` (issue 24, item 1).

Builds a finished The Open Road match of four random bots with ``--moves`` to
1.2 x ``--moves`` moves (``review_memory.long_match``: seed 0's has about 17,600),
stores it in a fresh SQLite database with a spectator token, starts ``roadtrip
serve`` on it and times, one request at a time over HTTP: the first request (which
loads the match from the store), replay steps at several k spread over the match,
``GET /state``, ``GET /record`` and ``GET /replay``; p50 and p99 (and the largest)
of each, plus the server's RSS.  Stops by itself (the server is stopped at the end).

    nice -n 10 python benchmarks/long_match_reads.py --moves 17000 --repeat 40
"""

from __future__ import annotations

import argparse
import signal
import statistics
import subprocess
import tempfile
import time
from pathlib import Path
from random import Random

import httpx

from review_memory import (  # the same long match and server start
    MATCH,
    TOKEN,
    free_port,
    long_match,
    start_server,
    status_kb,
    store_match,
)


def timed(client: httpx.Client, path: str, headers: dict[str, str]) -> float:
    started = time.perf_counter()
    answer = client.get(path, headers=headers)
    elapsed = time.perf_counter() - started
    answer.raise_for_status()
    return elapsed * 1000


def figures(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return (
        f"  {name:<28} n {len(times):4d}  p50 {statistics.median(times):8.1f} ms  "
        f"p99 {p99:8.1f} ms  max {ordered[-1]:8.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=17_000)
    parser.add_argument("--repeat", type=int, default=40, help="requests of each kind")
    args = parser.parse_args()

    started = time.monotonic()
    seed, match = long_match(args.moves)
    steps = len(match.state.history())
    print(f"match: open-road, 4 random riders, seed {seed}: {steps} moves", end=" ")
    print(f"(built in {time.monotonic() - started:.1f} s)", flush=True)
    folder = Path(tempfile.mkdtemp(prefix="long-reads-"))
    url = f"sqlite:///{folder / 'reads.sqlite3'}"
    store_match(url, seed, match)
    del match
    port = free_port()
    server = start_server(url, port, 0.01, 1)
    headers = {"Authorization": f"Bearer {TOKEN}"}
    base = f"/api/matches/{MATCH}"
    rng = Random(1)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=120) as client:
            deadline = time.monotonic() + 60
            while True:
                try:
                    client.get("/api/games").raise_for_status()
                    break
                except httpx.HTTPError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise SystemExit("the server did not start") from None
                    time.sleep(0.2)
            before = status_kb(server.pid, "VmRSS")
            first = timed(client, f"{base}/state", headers)
            print(f"  first GET /state (loads the match): {first:.0f} ms", flush=True)
            spread = [0, 1, steps // 4, steps // 2, 3 * steps // 4, steps - 1, steps]
            results: dict[str, list[float]] = {}
            for k in spread:
                results[f"replay/{k}"] = [
                    timed(client, f"{base}/replay/{k}", headers) for _ in range(3)
                ]
            results["replay/<random k>"] = [
                timed(client, f"{base}/replay/{rng.randrange(steps + 1)}", headers)
                for _ in range(args.repeat)
            ]
            start = rng.randrange(steps - args.repeat)
            results["replay/<k, k+1, ...>"] = [
                timed(client, f"{base}/replay/{start + i}", headers) for i in range(args.repeat)
            ]
            for name in ("state", "record", "replay"):
                results[name] = [
                    timed(client, f"{base}/{name}", headers) for _ in range(args.repeat)
                ]
            after = status_kb(server.pid, "VmRSS")
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
    for name, times in results.items():
        print(figures(name, times))
    print(f"server RSS before the reads {before / 1024:.0f} MB, after {after / 1024:.0f} MB")
    print(f"total {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
