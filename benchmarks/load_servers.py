"""The servers a load test runs against (used by ``benchmarks/load_ws.py``).

``served(...)`` starts ``roadtrip serve`` processes on free loopback ports: one on a
fresh SQLite file, or ``count`` of them on one PostgreSQL database (a schema of
their own, made for the run and dropped after it) and, with a Redis URL, one
Redis: several processes serving the same matches (docs/server.md, "Several
processes").  It yields their base URLs once every one answers.
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx

SERVE = "import sys; from roadtrip.cli.main import main; sys.argv[0] = 'roadtrip'; main()"


def cpu_seconds(pids: list[int]) -> float:
    """CPU time (user + system) the processes ``pids`` have used so far (Linux)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
    return total


def service_pids(names: tuple[str, ...] = ("postgres", "redis-server")) -> list[int]:
    """The processes of the database services on this machine (by command name)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() in names:
                    pids.append(int(entry.name))
            except OSError:
                continue
    return pids


def services_cpu_seconds(names: tuple[str, ...] = ("postgres", "redis-server")) -> float:
    """CPU time the database services have used so far, their exited children's
    included: PostgreSQL serves each connection in a child process, and a pool's
    connections come and go during a run (Linux; every user's work on them)."""
    ticks = os.sysconf("SC_CLK_TCK")
    stats = {}
    for pid in service_pids(names):
        try:
            stats[pid] = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
    total = 0.0
    for fields in stats.values():
        total += int(fields[11]) + int(fields[12])  # utime, stime
        if int(fields[1]) not in stats:  # a service's first process: its reaped children
            total += int(fields[13]) + int(fields[14])  # cutime, cstime
    return total / ticks


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
def fresh_schema(url: str) -> Iterator[str]:
    """A PostgreSQL URL whose connections use a new schema (dropped afterwards), so
    that no match of an earlier run is resumed by this one."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    from roadtrip.server.sql_store import normalize_url

    schema = f"load_{uuid.uuid4().hex[:12]}"
    admin = create_engine(normalize_url(url), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield (
            make_url(url)
            .update_query_dict({"options": f"-csearch_path={schema}"})
            .render_as_string(hide_password=False)
        )
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def _start(
    folder: Path, index: int, database_url: str, extra: list[str]
) -> tuple[subprocess.Popen[bytes], str, Path]:
    port = free_port()
    log = folder / f"serve-{index}.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [
                sys.executable,
                "-c",
                SERVE,
                "serve",
                "--port",
                str(port),
                "--database-url",
                database_url,
                "--connections-per-address",  # every player connects from loopback
                "1000000",
                *extra,
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            # every match is created from loopback
            env={**os.environ, "ROADTRIP_CREATE_QUOTA": "1000000/1000000"},
        )
    return process, f"http://127.0.0.1:{port}", log


def _wait_ready(process: subprocess.Popen[bytes], base: str, log: Path) -> None:
    deadline = time.monotonic() + 60
    while True:
        if process.poll() is not None:
            raise SystemExit(f"roadtrip serve exited:\n{log.read_text()}")
        try:
            if httpx.get(f"{base}/api/games", timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            raise SystemExit(f"roadtrip serve did not start:\n{log.read_text()}")
        time.sleep(0.1)


@contextlib.contextmanager
def served(
    count: int = 1,
    database_url: str | None = None,
    redis_url: str | None = None,
    bot_workers: int | None = None,
    pids: list[int] | None = None,
    bot_think: float | None = None,
) -> Iterator[list[str]]:
    """``count`` ``roadtrip serve`` processes (see the module docstring); their
    process ids are added to ``pids``."""
    extra = ["--redis-url", redis_url] if redis_url else []
    if bot_workers is not None:
        extra += ["--bot-workers", str(bot_workers)]
    if bot_think is not None:
        extra += ["--bot-think", str(bot_think)]
    with contextlib.ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        if database_url is None:
            url = f"sqlite:///{folder / 'load.sqlite3'}"
        elif database_url.startswith("postgres"):
            url = stack.enter_context(fresh_schema(database_url))
        else:
            url = database_url
        # the first one creates the tables; then the others start together
        started = [_start(folder, 0, url, extra)]
        try:
            _wait_ready(*started[0])
            started += [_start(folder, i, url, extra) for i in range(1, count)]
            for process, base, log in started[1:]:
                _wait_ready(process, base, log)
            if pids is not None:
                pids.extend(process.pid for process, _, _ in started)
            yield [base for _, base, _ in started]
        finally:
            for process, _, _ in started:
                process.terminate()
            for process, _, _ in started:
                try:
                    process.wait(15)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
