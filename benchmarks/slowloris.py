"""Slowloris against ``roadtrip serve``: do normal requests get through?

Starts ``roadtrip serve`` (SQLite in a temporary folder, no bot processes) from the
sources in ``--src`` (default: this checkout's), opens ``--connections`` connections
spread over ``--addresses`` loopback addresses 127.0.0.2, 127.0.0.3, ... that each
send a partial request and then a byte every ``--every`` seconds, and meanwhile a
normal client (127.0.0.1) asks ``GET /api/games`` on a new connection every
``--interval`` seconds for ``--seconds``.  Prints how many normal requests got 200,
503 or no answer, their latency, and how many attack connections the server cut.

``--mode head`` trickles the request head (the header line never ends);
``--mode body`` sends a whole head of a POST with ``content-length: 60000`` and
trickles its body.  ``--reconnect`` reopens every connection the server cuts.

    nice -n 10 python benchmarks/slowloris.py                       # this checkout
    git archive f359f2a src | tar -x -C /tmp/before
    nice -n 10 python benchmarks/slowloris.py --src /tmp/before/src  # before the guards

Bounded: everything stops after ``--seconds`` plus the time to open the connections.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SERVE = "import sys; from roadtrip.cli.main import main; sys.argv[0] = 'roadtrip'; main()"
HEAD = b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: "
BODY_HEAD = (
    b"POST /api/matches HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
    b"content-length: 60000\r\n\r\n{"
)


@dataclass
class Attack:
    opened: int = 0
    refused: int = 0  # could not connect, or closed before the first trickle
    cut: int = 0  # closed by the server while trickling
    open_now: int = 0
    stop: asyncio.Event = field(default_factory=asyncio.Event)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


async def slow_connection(port: int, source: str, args: argparse.Namespace, attack: Attack) -> None:
    """One attacker: a partial request, then a byte every ``args.every`` seconds."""
    start = BODY_HEAD if args.mode == "body" else HEAD
    while not attack.stop.is_set():
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(source, 0)
            )
        except OSError:
            attack.refused += 1
            return
        attack.opened += 1
        attack.open_now += 1
        try:
            writer.write(start)
            await writer.drain()
            while not attack.stop.is_set():
                with contextlib.suppress(TimeoutError):
                    if await asyncio.wait_for(reader.read(4096), args.every) == b"":
                        attack.cut += 1
                        break
                    continue
                writer.write(b"a")
                await writer.drain()
        except OSError:
            attack.cut += 1
        finally:
            attack.open_now -= 1
            writer.close()
        if not args.reconnect:
            return


async def normal_client(port: int, args: argparse.Namespace) -> list[tuple[float, str, float]]:
    """(seconds since start, outcome, latency ms) of each normal request."""
    results = []
    begin = time.monotonic()
    request = b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    while time.monotonic() - begin < args.seconds:
        sent = time.monotonic()
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.1", 0)), 5
            )
            writer.write(request)
            line = await asyncio.wait_for(reader.readline(), 5)
            await asyncio.wait_for(reader.read(), 5)
            writer.close()
            outcome = line.split(b" ")[1].decode() if line.count(b" ") >= 2 else "closed"
        except (OSError, TimeoutError):
            outcome = "no answer"
        results.append((sent - begin, outcome, (time.monotonic() - sent) * 1000))
        await asyncio.sleep(max(0.0, args.interval - (time.monotonic() - sent)))
    return results


async def run(port: int, args: argparse.Namespace) -> None:
    attack = Attack()
    sources = [f"127.0.0.{2 + i}" for i in range(args.addresses)]
    tasks = [
        asyncio.create_task(slow_connection(port, sources[i % len(sources)], args, attack))
        for i in range(args.connections)
    ]
    opening = time.monotonic()
    while attack.opened + attack.refused < args.connections and time.monotonic() - opening < 60:
        await asyncio.sleep(0.1)
    await asyncio.sleep(1.0)  # the server has read every partial request
    print(
        f"attack: {attack.opened} connections opened in {time.monotonic() - opening:.1f} s "
        f"({attack.refused} refused), {attack.open_now} open when the normal client starts"
    )
    results = await normal_client(port, args)
    attack.stop.set()
    open_at_end = attack.open_now
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    report(results, args)
    print(
        f"attack connections cut by the server: {attack.cut}; still open at the end: "
        f"{open_at_end} (of {args.connections})"
    )


def report(results: list[tuple[float, str, float]], args: argparse.Namespace) -> None:
    outcomes: dict[str, int] = {}
    for _, outcome, _ in results:
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    ok = [ms for _, outcome, ms in results if outcome == "200"]
    shown = ", ".join(f"{k}: {v}" for k, v in sorted(outcomes.items()))
    print(f"normal requests over {args.seconds:.0f} s: {len(results)} ({shown})")
    if ok:
        ok.sort()
        p95 = ok[min(len(ok) - 1, int(0.95 * len(ok)))]
        print(f"  200 latency: p50 {statistics.median(ok):.1f} ms, p95 {p95:.1f} ms")
    first = [r for r in results if r[0] < args.seconds / 3]
    if first:
        good = sum(1 for r in first if r[1] == "200")
        print(f"  first third: {good}/{len(first)} answered 200")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, default=ROOT / "src", help="roadtrip sources")
    parser.add_argument("--connections", type=int, default=4480)
    parser.add_argument("--addresses", type=int, default=70)
    parser.add_argument("--every", type=float, default=1.0, help="seconds between bytes")
    parser.add_argument("--seconds", type=float, default=30.0, help="of normal requests")
    parser.add_argument("--interval", type=float, default=0.25, help="between normal requests")
    parser.add_argument("--mode", choices=["head", "body"], default="head")
    parser.add_argument("--reconnect", action="store_true")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "serve.log"
        serve = ["serve", "--port", str(port), "--bot-workers", "0"]
        serve += ["--database-url", f"sqlite:///{folder}/slow.sqlite3"]
        env = {**os.environ, "PYTHONPATH": str(args.src.resolve())}
        with log.open("wb") as out:
            server = subprocess.Popen(
                [sys.executable, "-c", SERVE, *serve], stdout=out, stderr=subprocess.STDOUT, env=env
            )
        try:
            deadline = time.monotonic() + 60
            while True:
                with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port)):
                    break
                if server.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"roadtrip serve did not start:\n{log.read_text()}")
                time.sleep(0.2)
            print(f"server: {args.src}  mode: {args.mode}  reconnect: {args.reconnect}")
            asyncio.run(run(port, args))
        finally:
            server.terminate()
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                server.kill()


if __name__ == "__main__":
    main()
