"""Server memory while four reviews of one long finished match run (issue 23).

Builds a finished The Open Road match of four random bots with ``--moves`` to
1.2 x ``--moves`` moves (the first seed whose match is that long), stores it in a fresh
SQLite database with a spectator token, starts ``roadtrip serve`` on it, asks for
the review of every seat with the spectator's token (four reviews at once), and
samples the server's memory (its RSS and its peak, VmHWM, and the RSS of its bot
processes) until the four are done or ``--limit`` seconds have passed.  Prints the
figures; it stops by itself (the server is stopped at the end).

    python benchmarks/review_memory.py                       # 17,000 moves, 0.01 s
    python benchmarks/review_memory.py --moves 17000 --seconds 0.01 --limit 240
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from random import Random
from typing import Any

import httpx

from roadtrip.core.match import Match
from roadtrip.core.registry import load_game
from roadtrip.server.sql_store import SqlStore
from roadtrip.server.storage import Grant, SeatSpec, StoredMatch
from roadtrip.server.tokens import token_hash

TOKEN = "review-memory-benchmark-spectator"
MATCH = "longreview1"
PLAYERS = 4


def long_match(moves: int) -> tuple[int, Match]:
    """The first seed's all-random four-rider match with ``moves`` to 1.2 x
    ``moves`` moves (seed 2's has 19,604)."""
    game = load_game("open-road", players=PLAYERS)
    for seed in range(1000):
        match = Match(game, seed)
        match.advance()
        rng = Random(seed)
        while not match.state.is_terminal():
            seat = match.state.active_seats()[0]
            match.act(rng.choice(match.state.legal_actions(seat)), seat)
        if moves <= len(match.state.history()) <= 1.2 * moves:
            return seed, match
    raise SystemExit(f"no match of {moves} moves among the first 1000 seeds")


def store_match(url: str, seed: int, match: Match) -> None:
    store = SqlStore(url)
    try:
        store.create(
            StoredMatch(
                id=MATCH,
                game="open-road",
                options=dict(match.game.options),
                seed=seed,
                seats=[SeatSpec(f"Random {i + 1}", bot="random") for i in range(PLAYERS)],
                actions=list(match.state.history()),
                finished=True,
                returns=list(match.state.returns()),
                created_at=time.time(),
            ),
            {token_hash(TOKEN): Grant(MATCH, ())},
        )
    finally:
        store.close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def status_kb(pid: int, field: str) -> int:
    """A ``/proc/<pid>/status`` figure in kB (0 if the process is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def children(pid: int) -> list[int]:
    """Every descendant of ``pid`` (the bot processes and their helpers)."""
    found: list[int] = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        if parent == pid:
            child = int(entry.name)
            found += [child, *children(child)]
    return found


def start_server(url: str, port: int, seconds: float, bot_workers: int) -> subprocess.Popen[Any]:
    code = "import sys; from roadtrip.cli.main import main; sys.argv[0] = 'roadtrip'; main()"
    env = {**os.environ, "ROADTRIP_REVIEW_SECONDS": str(seconds)}
    command = [sys.executable, "-c", code, "serve", "--database-url", url, "--port", str(port)]
    command += ["--bot-workers", str(bot_workers)]
    return subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=17_000)
    parser.add_argument("--seconds", type=float, default=0.01, help="per decision judged")
    parser.add_argument("--limit", type=float, default=240.0, help="seconds of reviewing")
    parser.add_argument("--bot-workers", type=int, default=1)
    args = parser.parse_args()

    started = time.monotonic()
    seed, match = long_match(args.moves)
    history = match.state.history()
    decisions = [sum(1 for s, _ in history if s == seat) for seat in range(PLAYERS)]
    print(
        f"match: open-road, {PLAYERS} random riders, seed {seed}: {len(history)} moves, "
        f"decisions per seat {decisions} (built in {time.monotonic() - started:.1f} s)"
    )
    folder = Path(tempfile.mkdtemp(prefix="review-memory-"))
    url = f"sqlite:///{folder / 'reviews.sqlite3'}"
    store_match(url, seed, match)
    del match, history
    port = free_port()
    server = start_server(url, port, args.seconds, args.bot_workers)
    base = f"http://127.0.0.1:{port}"
    headers = {"Authorization": f"Bearer {TOKEN}"}
    try:
        with httpx.Client(base_url=base, timeout=30) as client:
            deadline = time.monotonic() + 60
            while True:
                try:
                    client.get("/api/games").raise_for_status()
                    break
                except httpx.HTTPError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise SystemExit("the server did not start") from None
                    time.sleep(0.2)
            baseline = status_kb(server.pid, "VmRSS")
            for seat in range(PLAYERS):
                answer = client.post(f"/api/matches/{MATCH}/review?seat={seat}", headers=headers)
                answer.raise_for_status()
            peak_pool = 0
            statuses: list[dict[str, Any]] = []
            begun = time.monotonic()
            next_report = begun
            while time.monotonic() - begun < args.limit:
                pool = sum(status_kb(child, "VmRSS") for child in children(server.pid))
                peak_pool = max(peak_pool, pool)
                statuses = [
                    client.get(f"/api/matches/{MATCH}/review?seat={seat}", headers=headers).json()
                    for seat in range(PLAYERS)
                ]
                if time.monotonic() >= next_report:
                    progress = ", ".join(f"{s['done']}/{s['total']}" for s in statuses)
                    print(
                        f"  {time.monotonic() - begun:6.1f} s: RSS "
                        f"{status_kb(server.pid, 'VmRSS') / 1024:.0f} MB, bot processes "
                        f"{pool / 1024:.0f} MB, reviews {progress}",
                        flush=True,
                    )
                    next_report += 15
                if all(s["status"] in ("done", "failed") for s in statuses):
                    break
                time.sleep(0.5)
            elapsed = time.monotonic() - begun
            peak = status_kb(server.pid, "VmHWM")
            sizes = [len(httpx.Response(200, json=s["review"]).content) for s in statuses]
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
    print(
        f"server RSS before the reviews: {baseline / 1024:.0f} MB; peak (VmHWM) during "
        f"them: {peak / 1024:.0f} MB; bot processes at most {peak_pool / 1024:.0f} MB"
    )
    for s, size in zip(statuses, sizes, strict=True):
        print(
            f"  seat {s['seat']}: {s['status']}, {s['done']}/{s['total']} decisions judged"
            + (f", stored review {size / 1024:.0f} KiB" if s["status"] == "done" else "")
            + (f" ({s['error']})" if s.get("error") else "")
        )
    print(f"reviewing time: {elapsed:.0f} s (limit {args.limit:.0f} s)")


if __name__ == "__main__":
    main()
