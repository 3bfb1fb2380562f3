"""Soak test of several server processes: SIGKILL one of them again and again.

Starts ``--processes`` ``roadtrip serve`` processes on one PostgreSQL database (a
fresh schema of ``--database-url``, dropped afterwards unless ``--keep``) and one
Redis (a ``redis-server`` of its own on a free loopback port, unless
``--redis-url``: Redis pub/sub channels ignore the database number, so a shared
Redis would mix this soak's events with other runs'), with a short lease
(``--lease-seconds``).  Meanwhile it keeps ``--matches`` matches going at once,
mixed: all-bot matches, one person against bots, two people (and maybe a bot).
The people are random players over WebSockets, each connected to a random live
process; when their process dies they reconnect to another.  Every so often
(``--min-gap``..``--max-gap`` seconds) it SIGKILLs a random process and restarts
it, ``--kills`` times.  Then no new match starts and it waits until every match
is over (``--drain-seconds`` at most).

Counted, straight from the database at the end:

* acknowledged moves lost: a move the server answered without a refusal, with a
  state showing the seat's move count past it (read exactly: soak_ledger.py),
  must be the seat's move at that index in the stored record; each one missing is
  reported with the process that acknowledged it, every move sent at that index,
  the stored actions around it and the server log lines naming the match (the
  schema and the logs are then kept, even without ``--keep``);
* matches that fail to load: every stored match replays through the engine;
* matches that do not finish: every match whose creation was answered, and every
  all-bot match, must be finished.

    python benchmarks/soak_cluster.py                        # 100 kills, 3 processes
    python benchmarks/soak_cluster.py --kills 5 --matches 6  # a quick look
    python benchmarks/soak_cluster.py --out soak.json

Only loopback addresses are used: a soak of this machine's own processes.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import text
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from roadtrip.server.sql_store import SqlStore
from soak_ledger import SeatLedger, Tally, verdict
from soak_servers import Server, fresh_schema, log_counts, loopback_only, start_redis

DEFAULT_DATABASE = "postgresql://roadtrip:roadtrip@127.0.0.1:5432/roadtrip_hardening"

# (game, bots to draw from, seats range, options): cheap bots only, so that the
# soak measures the servers, not the bots.  Open Road's people play 12 rounds at
# most (random play there takes thousands of moves).
KINDS: dict[str, list[tuple[str, list[str], tuple[int, int], dict[str, Any]]]] = {
    "bots": [
        ("road-rally", ["random", "heuristic"], (2, 4), {}),
        ("road-to-300", ["random", "greedy"], (1, 4), {}),
        ("open-road", ["random", "heuristic"], (2, 3), {}),
        ("get-your-kicks", ["random", "threshold", "push-your-luck"], (1, 3), {}),
        ("mileage-may-vary", ["random", "threshold"], (1, 3), {}),
    ],
    "person_and_bots": [
        ("road-rally", ["random", "heuristic"], (2, 3), {"tiles": 7}),
        ("road-to-300", ["random", "greedy"], (2, 3), {}),
        ("open-road", ["heuristic"], (2, 2), {"max_rounds": 12}),
        ("get-your-kicks", ["threshold"], (2, 2), {}),
    ],
    "people": [
        ("road-rally", ["random"], (2, 3), {"tiles": 7}),
        ("road-to-300", ["greedy"], (2, 3), {}),
        ("mileage-may-vary", ["random"], (2, 3), {}),
    ],
}


# -------------------------------------------------------------------- players
class Soak:
    def __init__(self, args: argparse.Namespace, servers: list[Server]) -> None:
        self.args = args
        self.servers = servers
        self.rng = random.Random(args.seed)
        self.tally = Tally()
        self.http = httpx.AsyncClient(timeout=10)
        self.stop_creating = False
        self.kills = 0
        self.kills_done = 0.0
        self.loads: list[float] = []

    def live_server(self) -> Server | None:
        ready = [s for s in self.servers if s.ready]
        return self.rng.choice(ready) if ready else None

    async def any_server(self) -> Server:
        while True:
            server = self.live_server()
            if server is not None:
                return server
            await asyncio.sleep(0.1)

    # ------------------------------------------------------------ creation
    async def create(self, kind: str) -> dict[str, Any] | None:
        game, bots, (low, high), options = self.rng.choice(KINDS[kind])
        count = self.rng.randint(low, high)
        people = {"bots": 0, "person_and_bots": 1, "people": 2}[kind]
        seats = [{"name": f"P{i}"} for i in range(people)]
        seats += [{"name": f"B{i}", "bot": self.rng.choice(bots)} for i in range(count - people)]
        body = {"game": game, "seats": seats, "options": options}
        for _ in range(50):
            server = await self.any_server()
            try:
                response = await self.http.post(f"{server.base}/api/matches", json=body)
            except httpx.HTTPError:
                self.tally.create_failures += 1  # maybe stored: all-bot ones still finish
                await asyncio.sleep(0.2)
                continue
            if response.status_code != 201:
                self.tally.error(f"create_{response.status_code}")
                return None
            created: dict[str, Any] = response.json()
            self.tally.created[created["match"]] = kind
            return created
        return None

    async def one_match(self) -> None:
        kind = self.rng.choices(["bots", "person_and_bots", "people"], [2, 3, 2])[0]
        created = await self.create(kind)
        if created is None:
            return
        if kind == "bots":  # they play on their own: watch until over (a slot each)
            await self.watch(created["match"], created["spectator"]["token"])
            return
        seats = [(s["seat"], s["token"]) for s in created["seats"]]
        await asyncio.gather(*(self.person(created["match"], s, t) for s, t in seats))

    async def keep_matches_going(self) -> None:
        running: set[asyncio.Task[None]] = set()
        while not self.stop_creating:
            while len(running) < self.args.matches:
                running.add(asyncio.create_task(self.one_match()))
            done, running = await asyncio.wait(running, timeout=0.5)
            for task in done:
                if task.exception() is not None:
                    self.tally.error(f"client_{type(task.exception()).__name__}")
        if running:
            done, pending = await asyncio.wait(running, timeout=self.args.drain_seconds)
            for task in pending:
                task.cancel()
                self.tally.error("client_did_not_finish")

    async def watch(self, match_id: str, token: str) -> None:
        """Ask any live process for the state now and then until the match is over."""
        headers = {"Authorization": f"Bearer {token}"}
        while True:
            server = await self.any_server()
            with contextlib.suppress(httpx.HTTPError, ValueError, KeyError):
                url = f"{server.base}/api/matches/{match_id}/state"
                response = await self.http.get(url, headers=headers)
                if response.status_code == 200 and response.json()["finished"]:
                    self.tally.finished_seen.add(match_id)
                    return
            await asyncio.sleep(1.0)

    # ------------------------------------------------------------- a person
    async def person(self, match_id: str, seat: int, token: str) -> None:
        ledger = self.tally.ledgers.setdefault((match_id, seat), SeatLedger())
        deadline = time.monotonic() + self.args.drain_seconds + self.args.kills * 10
        first = True
        while time.monotonic() < deadline:
            server = await self.any_server()
            if not first:
                self.tally.reconnects += 1
            first = False
            ledger.connected(f"{server.name}#{server.starts}")
            try:
                async with connect(f"{server.ws_base}/ws/matches/{match_id}", open_timeout=5) as ws:
                    await ws.send(json.dumps({"type": "hello", "token": token}))
                    latest: dict[str, Any] | None = None  # the newest state, not yet acted on
                    over = False  # the match is over: leave once the last move's answer is in
                    while True:
                        try:
                            raw = await asyncio.wait_for(ws.recv(), self.args.quiet_seconds)
                        except TimeoutError:
                            await ws.send(json.dumps({"type": "sync"}))
                            continue
                        message = json.loads(raw)
                        if message["type"] == "error":
                            if not ledger.error(message["code"], message["message"]):
                                self.tally.error(message["code"])  # a refusal: a state follows
                            elif over and not ledger.waiting:
                                return
                        elif message["type"] == "state":
                            if not ledger.state(message["version"], message["my_moves"]):
                                continue  # older than one already received
                            if message["finished"]:
                                self.tally.finished_seen.add(match_id)
                                if not ledger.waiting:
                                    return
                                over = True
                                continue
                            latest = message
                        if ledger.waiting or latest is None or not latest["choices"]:
                            continue
                        chosen_on, latest = latest, None
                        await asyncio.sleep(self.rng.uniform(0, self.args.think_ms / 1000))
                        action = self.rng.choice(chosen_on["choices"])["action"]
                        mine = chosen_on["my_moves"]
                        fence = ledger.sent(mine, action, chosen_on["version"])
                        self.tally.moves_sent += 1
                        act = {"type": "act", "action": action, "seat": seat, "my_moves": mine}
                        await ws.send(json.dumps(act))
                        await ws.send(json.dumps({"type": fence}))  # its answer ends the act's
            except (OSError, WebSocketException, TimeoutError):
                ledger.dropped()  # maybe stored, maybe not: not acknowledged
                await asyncio.sleep(0.2)
        self.tally.error("person_gave_up")

    async def progress(self, started: float) -> None:
        while True:
            await asyncio.sleep(15)
            acked = self.tally.acknowledged()
            late = sum(ledger.out_of_order for ledger in self.tally.ledgers.values())
            print(
                f"  {time.monotonic() - started:.0f} s: {self.kills} kills, "
                f"{len(self.tally.created)} matches, {acked} moves acknowledged, "
                f"{late} states out of order, errors {self.tally.errors}, "
                f"load {os.getloadavg()[0]:.2f}",
                flush=True,
            )

    # -------------------------------------------------------------- killing
    async def killer(self) -> None:
        """Kill a random ready process at random moments and start it again at once;
        the next kill does not wait for it (a process may die while it starts and
        resumes its matches), but one process always stays up."""
        restarts: set[asyncio.Task[None]] = set()
        for _ in range(self.args.kills):
            await asyncio.sleep(self.rng.uniform(self.args.min_gap, self.args.max_gap))
            while len(ready := [s for s in self.servers if s.ready]) < 2:
                await asyncio.sleep(0.1)
            victim = self.rng.choice(ready)
            victim.kill()
            self.kills += 1
            victim.start()
            restart = asyncio.create_task(victim.wait_ready(self.http))
            restarts.add(restart)
            restart.add_done_callback(restarts.discard)
            self.loads.append(os.getloadavg()[0])
        await asyncio.gather(*restarts)
        self.stop_creating = True
        self.kills_done = time.monotonic()


async def run(args: argparse.Namespace, database_url: str, redis_url: str, folder: Path) -> Any:
    servers = [
        Server(f"p{i}", database_url, redis_url, folder, args.lease_seconds)
        for i in range(args.processes)
    ]
    soak = Soak(args, servers)
    try:
        for server in servers:
            server.start()
        for server in servers:
            await server.wait_ready(soak.http)
        started = time.monotonic()
        load_before = os.getloadavg()
        progress = asyncio.create_task(soak.progress(started))
        await asyncio.gather(soak.keep_matches_going(), soak.killer())
        clients_done = time.monotonic() - started
        progress.cancel()
        # The all-bot matches still running: wait for the database to say done.
        store = SqlStore(database_url)
        try:
            deadline = time.monotonic() + args.drain_seconds
            while time.monotonic() < deadline:
                # Matches that must finish: those whose creation was answered, and
                # all-bot ones (a person's match whose answer was lost has nobody).
                with store.engine.connect() as conn:
                    rows = conn.execute(text("SELECT id, seats FROM matches WHERE NOT finished"))
                    left = [
                        m
                        for m, seats in rows
                        if m in soak.tally.created or all(s.get("bot") for s in seats)
                    ]
                if not left:
                    break
                await asyncio.sleep(1)
            elapsed = time.monotonic() - started
            timing = {
                "seconds_until_kills_done": round(soak.kills_done - started, 1),
                "seconds_until_clients_done": round(clients_done, 1),
            }
            result = verdict(store, soak.tally, [server.log for server in servers])
        finally:
            store.close()
    finally:
        await soak.http.aclose()
        for server in servers:
            server.stop()
    tally = soak.tally
    return {
        "processes": args.processes,
        "kills": soak.kills,
        "matches_created": len(tally.created),
        "by_kind": {k: list(tally.created.values()).count(k) for k in KINDS},
        "create_answers_lost": tally.create_failures,
        "moves_sent": tally.moves_sent,
        "reconnects": tally.reconnects,
        "client_errors": tally.errors,
        "seconds": round(elapsed, 1),
        **timing,
        "load_average_at_start": [round(x, 2) for x in load_before],
        "load_average_mean_1min": round(sum(soak.loads) / max(1, len(soak.loads)), 2),
        "load_average_at_end": [round(x, 2) for x in os.getloadavg()],
        **result,
        "server_logs": log_counts(servers),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--matches", type=int, default=12, help="matches going at once")
    parser.add_argument("--min-gap", type=float, default=0.5, help="seconds between kills")
    parser.add_argument("--max-gap", type=float, default=3.0)
    parser.add_argument("--think-ms", type=float, default=100.0, help="a person's pause, max")
    parser.add_argument("--quiet-seconds", type=float, default=3.0, help="then a person syncs")
    parser.add_argument("--lease-seconds", type=float, default=3.0)
    parser.add_argument("--drain-seconds", type=float, default=300.0)
    parser.add_argument("--database-url", default=DEFAULT_DATABASE)
    parser.add_argument("--redis-url", default=None, help="default: a redis-server of its own")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--keep", action="store_true", help="keep the schema and the logs")
    parser.add_argument("--out", type=Path, default=None, help="also write the JSON here")
    args = parser.parse_args(argv)
    loopback_only(args.database_url)
    if args.redis_url:
        loopback_only(args.redis_url)
    folder = Path(tempfile.mkdtemp(prefix="roadtrip-soak-"))
    redis_process = None
    keep = {"schema": args.keep}  # also kept (with the logs) when something went wrong
    try:
        redis_url = args.redis_url
        if redis_url is None:
            redis_process, redis_url = start_redis(folder)
        with fresh_schema(args.database_url, keep) as (database_url, schema):
            result = asyncio.run(run(args, database_url, redis_url, folder))
            keep["schema"] = args.keep or not passed(result)
            result["schema"] = schema if keep["schema"] else None
    finally:
        if redis_process is not None:
            redis_process.terminate()
            redis_process.wait(10)
        if not keep["schema"]:
            shutil.rmtree(folder, ignore_errors=True)
    result["logs"] = str(folder) if keep["schema"] else None
    print(json.dumps(result, indent=2))
    if args.out:
        args.out.write_text(json.dumps(result, indent=2) + "\n")
    return 0 if passed(result) else 1


def passed(result: dict[str, Any]) -> bool:
    """No acknowledged move lost (nor acknowledged twice), no match failing to load or
    unfinished, and no client given a state older than one it had."""
    counted = (
        "acknowledged_moves_lost",
        "acknowledged_twice_differently",
        "states_out_of_order",
        "matches_failing_to_load",
        "matches_not_finished",
    )
    return all(result[name] == 0 for name in counted)


if __name__ == "__main__":
    raise SystemExit(main())
