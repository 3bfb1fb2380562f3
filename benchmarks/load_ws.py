"""Load test of live play: many matches at once over WebSockets.

Starts ``roadtrip serve`` on a loopback port with a fresh SQLite database (or
targets ``--url``), creates ``--matches`` matches whose human seats this client
plays (solo Road to 300; with ``--duels`` that share of them is a 2-seat
competitive match, one socket per seat), and plays them all concurrently to the
end, picking random choices.  For every move it measures the time from sending
the ``act`` to receiving the state message that shows the move (the answer).
Stops when every match is over or after ``--seconds``.  Prints moves per second,
p50/p95/p99/max latency and the errors.

    python benchmarks/load_ws.py                       # 200 solo matches, 60 s at most
    python benchmarks/load_ws.py --matches 200 --duels 0.5 --seconds 30
    python benchmarks/load_ws.py --think-ms 500        # players who think between moves
    python benchmarks/load_ws.py --url http://127.0.0.1:8000

Only loopback addresses are accepted: this is a load test of your own machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
from websockets.asyncio.client import ClientConnection, connect

GAME = "road-to-300"


@dataclass
class Stats:
    """What the players measured."""

    latencies: list[float] = field(default_factory=list)  # seconds per move
    errors: dict[str, int] = field(default_factory=dict)
    finished: int = 0
    matches: int = 0

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


def percentile(ordered: list[float], q: float) -> float:
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


# ------------------------------------------------------------------ the server
def loopback_url(url: str) -> str:
    """``url`` without a trailing slash, if its host is a loopback address."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if parts.scheme != "http" or not loopback:
        raise SystemExit(f"--url must be http:// on a loopback address; got {url!r}")
    return url.rstrip("/")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextlib.contextmanager
def served(database: Path) -> Any:
    """``roadtrip serve`` in a subprocess (its own core); yields the base URL."""
    port = free_port()
    code = "import sys; from roadtrip.cli.main import main; sys.argv[0] = 'roadtrip'; main()"
    log = database.with_suffix(".log")
    url = f"sqlite:///{database}"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [
                sys.executable,
                "-c",
                code,
                "serve",
                "--port",
                str(port),
                "--database-url",
                url,
                "--connections-per-address",  # every player connects from loopback
                "1000000",
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                raise SystemExit(f"roadtrip serve exited:\n{log.read_text()}")
            try:
                if httpx.get(f"{base}/api/games", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit(f"roadtrip serve did not start:\n{log.read_text()}")
            time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# ------------------------------------------------------------------ the players
@dataclass
class Player:
    """One human seat, played over its own WebSocket."""

    match: str
    token: str
    stats: Stats
    rng: random.Random
    think: float
    ws: ClientConnection | None = None
    state: dict[str, Any] = field(default_factory=dict)
    done: bool = False

    async def connect(self, ws_base: str, compression: str | None) -> None:
        """Open the socket, say hello and wait for the first state."""
        url = f"{ws_base}/ws/matches/{self.match}"
        self.ws = await connect(url, compression=compression, max_size=2**22)
        await self.ws.send(json.dumps({"type": "hello", "token": self.token}))
        self.state = await self._next_state(lambda m: True, time.monotonic() + 60)

    async def play(self, deadline: float) -> None:
        """Play to the end or until the deadline."""
        state = self.state
        while not state["finished"] and time.monotonic() < deadline:
            if not state["choices"]:
                # another seat decides now; wait for the next state
                state = await self._next_state(lambda m: True, deadline)
                continue
            if self.think:
                await asyncio.sleep(self.rng.expovariate(1 / self.think))
                if time.monotonic() >= deadline:
                    break
            action = self.rng.choice(state["choices"])["action"]
            moves = state["my_moves"]
            started = time.perf_counter()
            await self._send({"type": "act", "action": action, "my_moves": moves})
            state = await self._next_state(lambda m, n=moves: m["my_moves"] > n, deadline)
            self.stats.latencies.append(time.perf_counter() - started)
        self.done = bool(state["finished"])

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    async def _send(self, message: dict[str, Any]) -> None:
        if self.ws is None:
            raise RuntimeError("not connected")
        await self.ws.send(json.dumps(message))

    async def _next_state(self, answer: Any, deadline: float) -> dict[str, Any]:
        if self.ws is None:
            raise RuntimeError("not connected")
        while True:
            # the answer to a move sent before the deadline is still awaited (5 s more)
            remaining = max(0.1, deadline - time.monotonic() + 5)
            raw = await asyncio.wait_for(self.ws.recv(), remaining)
            message: dict[str, Any] = json.loads(raw)
            if message["type"] == "error":
                self.stats.error(f"server: {message['code']}")
                continue
            if message["type"] == "state" and answer(message):
                return message


async def create_match(
    client: httpx.AsyncClient, seats: int, stats: Stats, rng: random.Random, think: float
) -> list[Player]:
    options = {"players": seats} if seats > 1 else {}
    body = {"game": GAME, "options": options, "seats": [{"name": f"P{i}"} for i in range(seats)]}
    try:
        response = await client.post("/api/matches", json=body)
        response.raise_for_status()
    except httpx.HTTPError as exc:
        stats.error(f"create: {type(exc).__name__}")
        return []
    created = response.json()
    stats.matches += 1
    return [
        Player(created["match"], s["token"], stats, random.Random(rng.random()), think)
        for s in created["seats"]
    ]


def _count(stats: Stats, results: list[Any], where: str) -> None:
    for result in results:
        if isinstance(result, BaseException):
            kind = "timeout" if isinstance(result, TimeoutError) else type(result).__name__
            stats.error(f"{where}: {kind}")


async def load(args: argparse.Namespace, base: str) -> tuple[Stats, float, float]:
    """Set every match up (created, every seat connected), then play them all at
    once; return the stats, the setup time and the playing time."""
    stats = Stats()
    rng = random.Random(args.seed)
    ws_base = "ws" + base.removeprefix("http")
    compression = None if args.no_compression else "deflate"
    think = args.think_ms / 1000
    setup_started = time.monotonic()
    limits = httpx.Limits(max_connections=32)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as client:
        seats = [2 if rng.random() < args.duels else 1 for _ in range(args.matches)]
        per_match = await asyncio.gather(
            *(create_match(client, n, stats, random.Random(rng.random()), think) for n in seats)
        )
    players = [p for match in per_match for p in match]
    gate = asyncio.Semaphore(32)

    async def connect_one(player: Player) -> None:
        async with gate:
            await player.connect(ws_base, compression)

    _count(
        stats,
        await asyncio.gather(*(connect_one(p) for p in players), return_exceptions=True),
        "connect",
    )
    setup = time.monotonic() - setup_started
    started = time.monotonic()
    ready = [p for p in players if p.state]
    results = await asyncio.gather(
        *(p.play(started + args.seconds) for p in ready), return_exceptions=True
    )
    elapsed = time.monotonic() - started
    _count(stats, results, "play")
    await asyncio.gather(*(p.close() for p in players), return_exceptions=True)
    for match in per_match:
        if match and all(p.done for p in match):
            stats.finished += 1
    return stats, setup, elapsed


def report(args: argparse.Namespace, stats: Stats, setup: float, elapsed: float) -> dict[str, Any]:
    ordered = sorted(stats.latencies)
    ms = [1000 * percentile(ordered, q) for q in (0.5, 0.95, 0.99)]
    return {
        "matches": args.matches,
        "created": stats.matches,
        "finished": stats.finished,
        "moves": len(ordered),
        "setup_seconds": round(setup, 2),
        "seconds": round(elapsed, 2),
        "moves_per_second": round(len(ordered) / elapsed, 1) if elapsed else 0.0,
        "p50_ms": round(ms[0], 2),
        "p95_ms": round(ms[1], 2),
        "p99_ms": round(ms[2], 2),
        "max_ms": round(1000 * ordered[-1], 2) if ordered else float("nan"),
        "errors": dict(sorted(stats.errors.items())),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=200, help="concurrent matches")
    parser.add_argument("--seconds", type=float, default=60.0, help="stop after this long")
    parser.add_argument(
        "--duels", type=float, default=0.0, help="share of 2-seat competitive matches (0-1)"
    )
    parser.add_argument(
        "--think-ms", type=float, default=0.0, help="mean pause before each move (0: none)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--url", help="a running server on a loopback address")
    parser.add_argument(
        "--no-compression", action="store_true", help="do not negotiate permessage-deflate"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON only")
    args = parser.parse_args(argv)
    if args.matches < 1 or not 0 <= args.duels <= 1:
        parser.error("--matches must be at least 1 and --duels between 0 and 1")

    def run(base: str) -> tuple[Stats, float, float]:
        return asyncio.run(load(args, base))

    if args.url:
        stats, setup, elapsed = run(loopback_url(args.url))
    else:
        with tempfile.TemporaryDirectory() as folder, served(Path(folder) / "load.sqlite3") as b:
            stats, setup, elapsed = run(b)
    figures = report(args, stats, setup, elapsed)
    if args.json:
        print(json.dumps(figures))
    else:
        print(
            f"{figures['created']} matches set up in {figures['setup_seconds']} s; "
            f"played ({figures['finished']} finished): "
            f"{figures['moves']} moves in {figures['seconds']} s: "
            f"{figures['moves_per_second']} moves/s"
        )
        print(
            f"latency ms: p50 {figures['p50_ms']}  p95 {figures['p95_ms']}  "
            f"p99 {figures['p99_ms']}  max {figures['max_ms']}"
        )
        print(f"errors: {figures['errors'] or 'none'}")
    return 1 if stats.errors else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
