"""The processes of the soak (benchmarks/soak_cluster.py): ``roadtrip serve``
processes that log every stored change, killed and restarted; a Redis of its own;
a fresh PostgreSQL schema, kept when asked or when something went wrong."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from load_servers import free_port
from roadtrip.server.sql_store import normalize_url

# A ``roadtrip serve`` whose log also has every stored change and stale refusal,
# timed (``roadtrip.server.moves`` at INFO): quoted for a match that goes wrong.
SERVE = (
    "import logging, sys; "
    "logging.basicConfig(format='%(asctime)s %(levelname)s %(name)s: %(message)s'); "
    "logging.getLogger('roadtrip.server.moves').setLevel(logging.INFO); "
    "from roadtrip.cli.main import main; sys.argv[0] = 'roadtrip'; main()"
)


def loopback_only(url: str) -> None:
    host = make_url(normalize_url(url)).host if "://" in url else None
    if host not in (None, "127.0.0.1", "localhost", "::1"):
        raise SystemExit(f"only loopback addresses, please: {url}")


class Server:
    """One ``roadtrip serve`` process on a fixed port, restarted after each kill."""

    def __init__(self, name: str, database_url: str, redis_url: str, folder: Path, lease: float):
        self.name = name
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        self.log = folder / f"{name}.log"
        self.database_url, self.redis_url, self.lease = database_url, redis_url, lease
        self.process: subprocess.Popen[bytes] | None = None
        self.ready = False
        self.starts = 0

    def start(self) -> None:
        args = ["serve", "--port", str(self.port), "--database-url", self.database_url]
        args += ["--redis-url", self.redis_url]
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "ROADTRIP_LEASE_SECONDS": str(self.lease)}
        env["ROADTRIP_CREATE_QUOTA"] = "1000000/1000000"  # every match from loopback
        with self.log.open("ab") as out:
            out.write(f"\n==== start {self.starts + 1} at {time.time():.3f}\n".encode())
            self.process = subprocess.Popen(
                [sys.executable, "-c", SERVE, *args], stdout=out, stderr=subprocess.STDOUT, env=env
            )
        self.starts += 1

    async def wait_ready(self, http: httpx.AsyncClient, seconds: float = 90.0) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.name} exited with {self.process.returncode}")
            with contextlib.suppress(httpx.HTTPError):
                if (await http.get(f"{self.base}/api/games", timeout=2)).status_code == 200:
                    self.ready = True
                    return
            await asyncio.sleep(0.1)
        raise RuntimeError(f"{self.name} did not answer within {seconds} s")

    def kill(self) -> None:
        self.ready = False
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        self.ready = False
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


def start_redis(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    binary = shutil.which("redis-server") or "/usr/bin/redis-server"
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=(folder / "redis.log").open("wb"),
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
            return process, f"redis://127.0.0.1:{port}/0"
        time.sleep(0.05)
    process.kill()
    raise RuntimeError("redis-server did not start")


def log_counts(servers: list[Server]) -> dict[str, int]:
    counts = {"tracebacks": 0, "set_aside": 0, "orphans_taken": 0}
    for server in servers:
        output = server.log.read_text(errors="replace")
        counts["tracebacks"] += output.count("Traceback (most recent call last)")
        counts["set_aside"] += output.count("is set aside")
        counts["orphans_taken"] += output.count("waited for automatic play with no lease")
    return counts


@contextlib.contextmanager
def fresh_schema(url: str, keep: dict[str, bool]) -> Any:
    """A fresh schema of ``url``, dropped at the end unless ``keep["schema"]`` is
    then true (``--keep``, or something went wrong)."""
    schema = f"soak_{uuid.uuid4().hex[:12]}"
    admin = create_engine(normalize_url(url), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    scoped = make_url(normalize_url(url)).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield scoped.render_as_string(hide_password=False), schema
    finally:
        if not keep["schema"]:
            with admin.connect() as conn:
                conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()
