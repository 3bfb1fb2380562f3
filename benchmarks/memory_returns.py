"""Does the server's memory come back after long bot matches? (issue 24, item 4)

Starts the web app (``create_app`` on a fresh SQLite database, under uvicorn, in a
subprocess) with a short idle time (``--idle`` seconds, swept every ``--sweep``
seconds, instead of 10 minutes and 30 s), creates ``--matches`` all-bot matches of
The Open Road with four random riders (about 10,000-50,000 moves each), waits
until every one is over, then waits with no requests until the sweep has forgotten
them, and prints the server's RSS before the load, at its peak (VmHWM) and after
the sweep.  Stops by itself (``--limit`` seconds at most; the server is stopped).

    nice -n 10 python benchmarks/memory_returns.py --matches 37

The baseline ("before") is taken after one warm-up match like the load's
(``--warm-up 1``), swept: what a server makes once and keeps (its bot threads, the
metrics' children for the game, compiled queries) is then made before it.  The RSS
at start (after one small Road to 300 match) is printed too; the percentages are
against the baseline.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from review_memory import free_port, status_kb
from roadtrip.server.memory import MIN_SECONDS

SERVER = """
import sys, uvicorn
import roadtrip.server.app as app_module
from roadtrip.server.live_cache import LiveLimits
import roadtrip.server.memory as memory_module
url, port, sweep, idle = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
app_module.SWEEP_SECONDS = sweep
if sys.argv[5] == "no-trim":
    memory_module._malloc_trim = lambda: None
if sys.argv[6]:  # the debug-only probe (benchmarks/memory_probe.py)
    import pathlib
    sys.path.insert(0, sys.argv[8])
    import memory_probe
    memory_probe.install(pathlib.Path(sys.argv[6]), int(sys.argv[7]))
from roadtrip.server.quotas import Quota
# One address creates every match: above the default creation quota (20 at once).
app = app_module.create_app(
    database_url=url, live_limits=LiveLimits(idle_seconds=idle), create_quota=Quota(1000, 1000)
)
uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")
"""


def start(url: str, port: int, args: Any) -> subprocess.Popen[Any]:
    command = [sys.executable, "-c", SERVER, url, str(port), str(args.sweep), str(args.idle)]
    command.append("no-trim" if args.no_trim else "trim")
    command += [args.probe or "", str(args.trace), str(Path(__file__).parent)]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL)


def load(
    client: httpx.Client, args: Any, seats: list[Any], pid: int, count: int, probing: bool = True
) -> tuple[int, int, int]:
    """One round: create ``count`` matches, wait until they are over, then until the
    sweep has forgotten them.  Returns (matches finished, moves, RSS after the sweep)."""
    began = time.monotonic()
    tokens = []
    for _ in range(count):
        answer = client.post("/api/matches", json={"game": "open-road", "seats": seats})
        answer.raise_for_status()
        tokens.append((answer.json()["match"], answer.json()["spectator"]["token"]))
    moves = 0
    pending = list(tokens)
    while pending and time.monotonic() - began < args.limit:
        time.sleep(2)
        still = []
        for match_id, token in pending:
            auth = {"Authorization": f"Bearer {token}"}
            state = client.get(f"/api/matches/{match_id}/state", headers=auth).json()
            if state["finished"]:
                moves += state["version"]
            else:
                still.append((match_id, token))
        pending = still
    over = time.monotonic() - began
    print(f"  {count - len(pending)} matches over in {over:.0f} s,", end=" ")
    print(f"RSS {mb(status_kb(pid, 'VmRSS'))}", end=", ", flush=True)
    if probing:
        probe(pid, args)
    time.sleep(quiet(args))  # no requests: the sweep forgets all, the trim follows
    after = status_kb(pid, "VmRSS")
    if probing:
        probe(pid, args)
    print(f"after the sweep {mb(after)}", flush=True)
    return count - len(pending), moves, after


def quiet(args: Any) -> float:
    """Seconds with no requests until the sweep has forgotten every match and the
    memory has been given back: a trim runs at most every ``MIN_SECONDS`` (a sweep
    during the load, forgetting the first matches over, may have trimmed just
    before), so the one due runs up to ``MIN_SECONDS`` after the last forgetting."""
    return args.idle + 2 * args.sweep + MIN_SECONDS + 1


def probe(pid: int, args: Any) -> None:
    """With --probe: the server writes what it holds (benchmarks/memory_probe.py)."""
    if not args.probe:
        return
    number = len(list(Path(args.probe).glob("probe-*.json")))
    os.kill(pid, signal.SIGUSR1)
    written = Path(args.probe) / f"probe-{number}.json"
    deadline = time.monotonic() + 900  # a traced probe of a loaded server is slow
    while not written.exists():
        if time.monotonic() > deadline:
            raise SystemExit(f"the server wrote no {written}")
        time.sleep(0.5)
    time.sleep(1)


def mb(kb: int) -> str:
    return f"{kb / 1024:.0f} MB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=37)
    parser.add_argument("--idle", type=float, default=5.0)
    parser.add_argument("--sweep", type=float, default=2.0)
    parser.add_argument("--limit", type=float, default=600.0, help="seconds a round")
    parser.add_argument("--rounds", type=int, default=1, help="the same load again")
    parser.add_argument(
        "--warm-up", type=int, default=1, help="matches like the load's before the baseline"
    )
    parser.add_argument(
        "--no-trim", action="store_true", help="no malloc_trim after sweeps (as before)"
    )
    parser.add_argument(
        "--probe", help="folder: what the server keeps, before, at the end, after the sweep"
    )
    parser.add_argument("--trace", type=int, default=0, help="with --probe: tracemalloc frames")
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="memory-returns-"))
    url = f"sqlite:///{folder / 'memory.sqlite3'}"
    port = free_port()
    server = start(url, port, args)
    began = time.monotonic()
    seats: list[Any] = [{"name": f"Random {n + 1}", "bot": "random"} for n in range(4)]
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60) as client:
            while True:
                try:
                    client.get("/api/games").raise_for_status()
                    break
                except httpx.HTTPError:
                    if time.monotonic() - began > 60 or server.poll() is not None:
                        raise SystemExit("the server did not start") from None
                    time.sleep(0.2)
            # One small match first, so that the baseline has every module loaded.
            warm = client.post("/api/matches", json={"game": "road-to-300", "seats": seats[:1]})
            warm.raise_for_status()
            time.sleep(quiet(args))
            started = status_kb(server.pid, "VmRSS")
            # Then --warm-up matches like the load's: the baseline is a server that has
            # played one, with what it makes once started (its bot threads, the metrics'
            # children for the game, its compiled queries): made during the load, they
            # would count as kept, though they are not per match.
            if args.warm_up:
                print("warm-up:", end="")
                load(client, args, seats, server.pid, args.warm_up, probing=False)
            before = status_kb(server.pid, "VmRSS")
            probe(server.pid, args)
            rounds = []
            for _ in range(args.rounds):
                print("load:", end="")
                rounds.append(load(client, args, seats, server.pid, args.matches))
            peak = status_kb(server.pid, "VmHWM")
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
    finished, moves, _ = rounds[-1]
    print(
        f"{finished}/{args.matches} matches finished ({moves:,} moves) in the last round; "
        f"server RSS at start {mb(started)}, after {args.warm_up} warm-up match(es) "
        f"{mb(before)}, peak (VmHWM) {mb(peak)}, after the sweep "
        + ", ".join(f"{mb(r[2])} ({100 * (r[2] - before) / before:+.0f}%)" for r in rounds)
    )


if __name__ == "__main__":
    main()
