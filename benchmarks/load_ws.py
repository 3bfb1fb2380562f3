"""Load test of live play: many matches at once over WebSockets.

Starts ``roadtrip serve`` on a loopback port with a fresh SQLite database (or
``--processes N`` of them on one ``--database-url`` PostgreSQL and one
``--redis-url`` Redis; or targets ``--url``), creates ``--matches`` matches whose
human seats this client plays (solo Road to 300; with ``--duels`` that share of
them is a 2-seat competitive match, one socket per seat), and plays them all
concurrently to the end, picking random choices.  With several processes, matches
are created and sockets connected round-robin over them, as behind a load
balancer: the two seats of a duel sit on different processes, and each hears the
other's moves through Redis.

For every move it measures the time from sending the ``act`` to receiving the
state message that shows the move (the answer); in duels also the time until the
*other* seat's socket receives it (``remote``).  ``--bot-matches B --bot expert``
keeps B all-bot matches (``--bot-game``, two seats) thinking at the same time,
starting a new one as one ends, to show what bots that think cost the players.
Stops when every match is over or after ``--seconds``.  Prints moves per second,
p50/p95/p99/max latency, the bots' moves, the errors, and the CPU split a move:
the servers', this client's and the database services' (PostgreSQL and Redis on
this machine, whoever uses them) CPU time while the players played, divided by
the moves played.

    python benchmarks/load_ws.py                       # 200 solo matches, 60 s at most
    python benchmarks/load_ws.py --matches 200 --duels 0.5 --seconds 30
    python benchmarks/load_ws.py --think-ms 1000 --bot-matches 20 --bot expert
    python benchmarks/load_ws.py --processes 4 --database-url postgresql://... \\
        --redis-url redis://127.0.0.1:6379/0 --think-ms 1000 --matches 1000
    python benchmarks/load_ws.py --url http://127.0.0.1:8000

Only loopback addresses are accepted: this is a load test of your own machine.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from load_servers import cpu_seconds, loopback_url, served, services_cpu_seconds

GAME = "road-to-300"


@dataclass
class Stats:
    """What the players measured."""

    latencies: list[float] = field(default_factory=list)  # seconds per move
    remote: list[float] = field(default_factory=list)  # to the other seat of a duel
    errors: dict[str, int] = field(default_factory=dict)
    finished: int = 0
    matches: int = 0
    bot_matches: int = 0  # all-bot matches started
    bot_moves: int = 0  # moves the spectators of those saw
    server_cpu: float = 0.0  # CPU seconds the servers used while the players played
    services_cpu: float = 0.0  # the same for PostgreSQL and Redis (every user's)
    client_cpu: float = 0.0  # the same for this load client

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


def percentile(ordered: list[float], q: float) -> float:
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


@dataclass
class Table:
    """The moves of one match in flight: (version before the move, when it was
    sent, who sent it), for the other seat's socket to time its arrival."""

    sent: list[tuple[int, float, int]] = field(default_factory=list)


class Socket:
    """A WebSocket whose messages a reader task stamps with their arrival time."""

    def __init__(self, stats: Stats) -> None:
        self.stats = stats
        self.ws: ClientConnection | None = None
        self.inbox: asyncio.Queue[tuple[float, dict[str, Any]]] = asyncio.Queue()
        self.reader: asyncio.Task[None] | None = None
        self.on_state: Any = None  # called with (arrival, message) for every state

    async def open(self, url: str, token: str) -> None:
        self.ws = await connect(url, compression=None, max_size=2**22)
        await self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        if self.ws is None:
            return
        async for raw in self.ws:
            arrival = time.perf_counter()
            message: dict[str, Any] = json.loads(raw)
            if message["type"] == "state" and self.on_state is not None:
                self.on_state(arrival, message)
            self.inbox.put_nowait((arrival, message))

    async def send(self, message: dict[str, Any]) -> None:
        if self.ws is None:
            raise RuntimeError("not connected")
        await self.ws.send(json.dumps(message))

    async def next_state(
        self, answer: Any, deadline: float, slack: float = 5.0
    ) -> tuple[float, dict[str, Any]]:
        """The first state message ``answer`` accepts, with its arrival time (the
        answer to a move sent before the deadline is awaited ``slack`` s more)."""
        while True:
            remaining = max(0.1, deadline - time.monotonic() + slack)
            arrival, message = await asyncio.wait_for(self.inbox.get(), remaining)
            if message["type"] == "error":
                self.stats.error(f"server: {message['code']}")
                continue
            if message["type"] == "state" and answer(message):
                return arrival, message

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            self.reader.cancel()


@dataclass
class Player:
    """One human seat, played over its own WebSocket."""

    match: str
    seat: int
    token: str
    stats: Stats
    rng: random.Random
    think: float
    table: Table
    duel: bool = False
    socket: Socket | None = None
    state: dict[str, Any] = field(default_factory=dict)
    done: bool = False

    async def connect(self, ws_base: str) -> None:
        """Open the socket, say hello and wait for the first state."""
        self.socket = Socket(self.stats)
        self.socket.on_state = self._heard
        await self.socket.open(f"{ws_base}/ws/matches/{self.match}", self.token)
        _, self.state = await self.socket.next_state(lambda m: True, time.monotonic() + 60)

    def _heard(self, arrival: float, message: dict[str, Any]) -> None:
        """A state reached this seat: time the other seats' moves it shows."""
        keep = []
        for version, sent, seat in self.table.sent:
            if seat != self.seat and message["version"] > version:
                self.stats.remote.append(arrival - sent)
            else:
                keep.append((version, sent, seat))
        self.table.sent = keep

    async def play(self, deadline: float) -> None:
        """Play to the end or until the deadline."""
        if self.socket is None:
            raise RuntimeError("not connected")
        state = self.state
        while not state["finished"] and time.monotonic() < deadline:
            if not state["choices"]:
                # another seat decides now; wait for the next state (the other seat
                # stops at the deadline too: then this is no error)
                try:
                    _, state = await self.socket.next_state(lambda m: True, deadline, slack=0)
                except TimeoutError:
                    if time.monotonic() < deadline:
                        raise
                    break
                continue
            if self.think:
                pause = self.rng.expovariate(1 / self.think)
                await asyncio.sleep(min(pause, max(0.0, deadline - time.monotonic())))
                if time.monotonic() >= deadline:
                    break
            action = self.rng.choice(state["choices"])["action"]
            moves = state["my_moves"]
            started = time.perf_counter()
            if self.duel:
                self._forget_mine()
                self.table.sent.append((state["version"], started, self.seat))
            await self.socket.send({"type": "act", "action": action, "my_moves": moves})
            arrival, state = await self.socket.next_state(
                lambda m, n=moves: m["my_moves"] > n, deadline
            )
            self.stats.latencies.append(arrival - started)
        self.done = bool(state["finished"])

    def _forget_mine(self) -> None:
        self.table.sent = [entry for entry in self.table.sent if entry[2] != self.seat]

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()


# ------------------------------------------------------------------ bot matches
async def bot_match(
    client: httpx.AsyncClient, ws_base: str, args: argparse.Namespace, stats: Stats
) -> None:
    """One all-bot match, watched by a spectator socket until it ends."""
    options = {"players": 2}
    seats = [{"name": f"{args.bot} {i + 1}", "bot": args.bot} for i in range(2)]
    body = {"game": args.bot_game, "options": options, "seats": seats}
    response = await client.post("/api/matches", json=body)
    response.raise_for_status()
    created = response.json()
    stats.bot_matches += 1
    watcher = Socket(stats)
    await watcher.open(f"{ws_base}/ws/matches/{created['match']}", created["spectator"]["token"])
    try:
        version = -1
        while True:
            _, message = await watcher.next_state(lambda m: True, time.monotonic() + 3600)
            if version >= 0:
                stats.bot_moves += max(0, message["version"] - version)
            version = message["version"]
            if message["finished"]:
                return
    finally:
        await watcher.close()


async def keep_bots_thinking(
    bases: list[str], args: argparse.Namespace, stats: Stats, stop: asyncio.Event
) -> None:
    """``--bot-matches`` all-bot matches at all times until ``stop``."""
    rotation = itertools.cycle(range(len(bases)))

    async def lane(index: int) -> None:
        while not stop.is_set():
            base = bases[next(rotation)]
            async with httpx.AsyncClient(base_url=base, timeout=60) as client:
                try:
                    await bot_match(client, "ws" + base.removeprefix("http"), args, stats)
                except (httpx.HTTPError, OSError, TimeoutError) as exc:
                    stats.error(f"bots: {type(exc).__name__}")
                    await asyncio.sleep(1)

    tasks = [asyncio.create_task(lane(i)) for i in range(args.bot_matches)]
    await stop.wait()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


# ------------------------------------------------------------------ the players
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
    table, duel = Table(), len(created["seats"]) > 1
    return [
        Player(
            created["match"],
            s["seat"],
            s["token"],
            stats,
            random.Random(rng.random()),
            think,
            table,
            duel,
        )
        for s in created["seats"]
    ]


def _count(stats: Stats, results: list[Any], where: str) -> None:
    for result in results:
        if isinstance(result, BaseException):
            kind = "timeout" if isinstance(result, TimeoutError) else type(result).__name__
            stats.error(f"{where}: {kind}")


async def load(
    args: argparse.Namespace, bases: list[str], pids: list[int]
) -> tuple[Stats, float, float]:
    """Set every match up (created, every seat connected), then play them all at
    once; return the stats, the setup time and the playing time."""
    stats = Stats()
    rng = random.Random(args.seed)
    think = args.think_ms / 1000
    stop_bots = asyncio.Event()
    bots = (
        asyncio.create_task(keep_bots_thinking(bases, args, stats, stop_bots))
        if args.bot_matches
        else None
    )
    setup_started = time.monotonic()
    limits = httpx.Limits(max_connections=32)
    clients = [httpx.AsyncClient(base_url=b, timeout=60, limits=limits) for b in bases]
    try:
        seats = [2 if rng.random() < args.duels else 1 for _ in range(args.matches)]
        per_match = await asyncio.gather(
            *(
                create_match(
                    clients[i % len(clients)], n, stats, random.Random(rng.random()), think
                )
                for i, n in enumerate(seats)
            )
        )
    finally:
        await asyncio.gather(*(c.aclose() for c in clients))
    players = [p for match in per_match for p in match]
    gate = asyncio.Semaphore(32)

    async def connect_one(index: int, player: Player) -> None:
        base = bases[index % len(bases)]  # round-robin, as behind a load balancer
        async with gate:
            await player.connect("ws" + base.removeprefix("http"))

    _count(
        stats,
        await asyncio.gather(
            *(connect_one(i, p) for i, p in enumerate(players)), return_exceptions=True
        ),
        "connect",
    )
    setup = time.monotonic() - setup_started
    if args.bot_warmup:
        await asyncio.sleep(args.bot_warmup)  # the bots are thinking by now
    started = time.monotonic()
    cpu_before = cpu_seconds(pids), services_cpu_seconds(), own_cpu_seconds()
    ready = [p for p in players if p.state]
    results = await asyncio.gather(
        *(p.play(started + args.seconds) for p in ready), return_exceptions=True
    )
    elapsed = time.monotonic() - started
    stats.server_cpu = cpu_seconds(pids) - cpu_before[0]
    stats.services_cpu = services_cpu_seconds() - cpu_before[1]
    stats.client_cpu = own_cpu_seconds() - cpu_before[2]
    _count(stats, results, "play")
    await asyncio.gather(*(p.close() for p in players), return_exceptions=True)
    if bots is not None:
        stop_bots.set()
        await bots
    for match in per_match:
        if match and all(p.done for p in match):
            stats.finished += 1
    return stats, setup, elapsed


def _ms(ordered: list[float], q: float) -> float:
    return round(1000 * percentile(ordered, q), 2)


def own_cpu_seconds() -> float:
    """CPU time (user + system) this load client has used so far."""
    times = os.times()
    return times.user + times.system


def report(args: argparse.Namespace, stats: Stats, setup: float, elapsed: float) -> dict[str, Any]:
    ordered = sorted(stats.latencies)
    remote = sorted(stats.remote)

    def per_move(seconds: float) -> float | None:
        return round(1000 * seconds / len(ordered), 3) if ordered else None

    figures: dict[str, Any] = {
        "processes": args.processes,
        "matches": args.matches,
        "created": stats.matches,
        "finished": stats.finished,
        "moves": len(ordered),
        "setup_seconds": round(setup, 2),
        "seconds": round(elapsed, 2),
        "moves_per_second": round(len(ordered) / elapsed, 1) if elapsed else 0.0,
        "p50_ms": _ms(ordered, 0.5),
        "p95_ms": _ms(ordered, 0.95),
        "p99_ms": _ms(ordered, 0.99),
        "max_ms": round(1000 * ordered[-1], 2) if ordered else float("nan"),
        "remote_moves": len(remote),
        "remote_p50_ms": _ms(remote, 0.5),
        "remote_p99_ms": _ms(remote, 0.99),
        "server_cpu_seconds": round(stats.server_cpu, 2),
        "services_cpu_seconds": round(stats.services_cpu, 2),
        "client_cpu_seconds": round(stats.client_cpu, 2),
        # CPU a move played (the moves this client timed), each side's own
        "server_cpu_ms_per_move": per_move(stats.server_cpu),
        "client_cpu_ms_per_move": per_move(stats.client_cpu),
        "services_cpu_ms_per_move": per_move(stats.services_cpu),
        "bot_matches": stats.bot_matches,
        "bot_moves": stats.bot_moves,
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "errors": dict(sorted(stats.errors.items())),
    }
    return figures


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
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
    parser.add_argument("--processes", type=int, default=1, help="roadtrip serve processes")
    parser.add_argument("--database-url", help="the servers' database (default: fresh SQLite)")
    parser.add_argument("--redis-url", help="Redis for several processes")
    parser.add_argument(
        "--bot-workers", type=int, help="roadtrip serve --bot-workers (0: bots in-process)"
    )
    parser.add_argument("--bot-matches", type=int, default=0, help="all-bot matches at all times")
    parser.add_argument("--bot", default="expert", help="the bot of those matches")
    parser.add_argument("--bot-game", default="open-road", help="the game of those matches")
    parser.add_argument(
        "--bot-warmup", type=float, default=0.0, help="seconds the bots think before play"
    )
    parser.add_argument(
        "--bot-think", type=float, help="roadtrip serve --bot-think (about s a decision)"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON only")
    args = parser.parse_args(argv)
    if args.matches < 1 or not 0 <= args.duels <= 1:
        parser.error("--matches must be at least 1 and --duels between 0 and 1")
    if args.processes < 1 or args.bot_matches < 0:
        parser.error("--processes must be at least 1 and --bot-matches at least 0")
    if args.processes > 1 and not (
        args.redis_url and (args.database_url or "").startswith("postgres")
    ):
        parser.error("several --processes need a PostgreSQL --database-url and a --redis-url")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)

    pids: list[int] = []

    def run(bases: list[str]) -> tuple[Stats, float, float]:
        return asyncio.run(load(args, bases, pids))

    if args.url:
        stats, setup, elapsed = run([loopback_url(args.url)])
    else:
        servers = served(
            args.processes,
            args.database_url,
            args.redis_url,
            args.bot_workers,
            pids,
            bot_think=args.bot_think,
        )
        with servers as bases:
            stats, setup, elapsed = run(bases)
    figures = report(args, stats, setup, elapsed)
    if args.json:
        print(json.dumps(figures))
    else:
        print(
            f"{figures['created']} matches on {args.processes} process(es) set up in "
            f"{figures['setup_seconds']} s; played ({figures['finished']} finished): "
            f"{figures['moves']} moves in {figures['seconds']} s: "
            f"{figures['moves_per_second']} moves/s"
        )
        print(
            f"latency ms: p50 {figures['p50_ms']}  p95 {figures['p95_ms']}  "
            f"p99 {figures['p99_ms']}  max {figures['max_ms']}"
        )
        if figures["remote_moves"]:
            print(
                f"to the other seat ({figures['remote_moves']} moves): p50 "
                f"{figures['remote_p50_ms']}  p99 {figures['remote_p99_ms']}"
            )
        if args.bot_matches:
            print(
                f"bots: {figures['bot_matches']} {args.bot} matches, "
                f"{figures['bot_moves']} moves seen"
            )
        print(
            f"CPU a move ({figures['moves']} moves): server {figures['server_cpu_ms_per_move']} ms"
            f" ({args.processes} process(es), {figures['server_cpu_seconds']} s in all); "
            f"this client {figures['client_cpu_ms_per_move']} ms; PostgreSQL + Redis "
            f"{figures['services_cpu_ms_per_move']} ms ({figures['services_cpu_seconds']} s, "
            "every user's)"
        )
        print(f"load average {figures['load_average']}; errors: {figures['errors'] or 'none'}")
    return 1 if stats.errors else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
