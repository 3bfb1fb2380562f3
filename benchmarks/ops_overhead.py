"""What the operations add to a move and to a request (docs/server.md, "Operations").

    PYTHONPATH=src nice -n 10 python benchmarks/ops_overhead.py [--repeat 20000]

Prints the cost of the metrics a move feeds (its two counters and its histogram),
of a request line of the log in each format (redaction included), and of one
scrape of /metrics's exposition with the counters of every game filled.
"""

from __future__ import annotations

import argparse
import logging
import timeit

from roadtrip.server.json_logs import JsonFormatter, TextFormatter
from roadtrip.server.metrics import ServerMetrics

GAMES = ("road-to-300", "get-your-kicks", "mileage-may-vary", "road-rally", "open-road")


def access_record() -> logging.LogRecord:
    path = "/api/matches/abcdefghijkl/actions"
    record = logging.LogRecord(
        "roadtrip.access", logging.INFO, __file__, 1, "%s %s %d %.1f ms",
        ("POST", path, 200, 3.2), None,
    )  # fmt: skip
    record.__dict__.update(
        method="POST",
        route="/api/matches/{match_id}/actions",
        path=path,
        status=200,
        duration_ms=3.21,
        match="abcdefghijkl",
        client="127.0.0.1",
    )
    return record


def per_call(call: object, repeat: int) -> float:
    """Microseconds a call, the best of 3 runs of ``repeat``."""
    return min(timeit.repeat(call, number=repeat, repeat=3)) / repeat * 1e6  # type: ignore[arg-type]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20_000)
    repeat = parser.parse_args().repeat
    metrics = ServerMetrics()
    for game in GAMES:
        metrics.moved(game, 0.003)
        metrics.stored("abcdefghijkl", game, 3, False)

    def move() -> None:
        metrics.moved("road-to-300", 0.003)
        metrics.stored("abcdefghijkl", "road-to-300", 3, False)

    record = access_record()
    json_line, text_line = JsonFormatter(), TextFormatter()
    plain = logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    print(f"metrics of one move:        {per_call(move, repeat):6.1f} us")
    print(
        f"a request line, JSON:       {per_call(lambda: json_line.format(record), repeat):6.1f} us"
    )
    print(
        f"a request line, text:       {per_call(lambda: text_line.format(record), repeat):6.1f} us"
    )
    print(f"  (unredacted text line:    {per_call(lambda: plain.format(record), repeat):6.1f} us)")
    scrape = per_call(metrics.exposition, max(1, repeat // 100))
    print(f"one scrape of /metrics:     {scrape:6.1f} us")


if __name__ == "__main__":
    main()
