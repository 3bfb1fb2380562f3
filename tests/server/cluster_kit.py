"""Real ``roadtrip serve`` processes for the several-process tests (tests/server
and the browser's tests/web): a server on PostgreSQL and Redis, the test Redis URL,
and a fresh PostgreSQL schema.

Needs ROADTRIP_TEST_POSTGRES_URL (``.ci/postgres.sh``) and ROADTRIP_TEST_REDIS_URL
(``.ci/redis.sh``); skipped without them, except in CI (``CI`` set), where that fails.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_kit import decisions_of, free_port, reference_state
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from roadtrip.server.sql_store import SqlStore, normalize_url
from roadtrip.server.storage import StoredMatch

REDIS_ENV = "ROADTRIP_TEST_REDIS_URL"
POSTGRES_ENV = "ROADTRIP_TEST_POSTGRES_URL"


def required_url(env: str, what: str) -> str:
    """The URL in ``env``: skip without one, except in CI, where that fails."""
    url = os.environ.get(env, "").strip()
    if not url:
        if os.environ.get("CI"):
            pytest.fail(f"CI is set but {env} is not: the several-process tests must run in CI")
        pytest.skip(f"the several-process tests need {env} ({what} starts one)")
    return url


@contextlib.contextmanager
def fresh_schema(postgres_url: str) -> Iterator[str]:
    """A URL whose connections use a fresh schema of their own (dropped afterwards)."""
    schema = f"rt_test_{uuid.uuid4().hex[:16]}"
    admin = create_engine(normalize_url(postgres_url), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = make_url(postgres_url).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def redis_test_url() -> str:
    """The test Redis URL: skip without one (fail in CI), fail if unreachable."""
    url = required_url(REDIS_ENV, ".ci/redis.sh")
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except redis.RedisError as exc:
        pytest.fail(f"{REDIS_ENV} is set but Redis is unreachable: {exc}")
    return url


class Server:
    """One ``roadtrip serve --database-url ... --redis-url ...`` subprocess."""

    def __init__(self, name: str, database_url: str, redis_url: str, folder: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        self.log = folder / f"{name}.log"
        code = "import sys; from roadtrip.cli.main import main; sys.argv[0] = 'roadtrip'; main()"
        args = ["serve", "--port", str(self.port), "--database-url", database_url]
        self.process = subprocess.Popen(
            [sys.executable, "-c", code, *args, "--redis-url", redis_url],
            stdout=self.log.open("ab"),
            stderr=subprocess.STDOUT,
            env={
                **os.environ,
                "PYTHONUNBUFFERED": "1",
                "ROADTRIP_LEASE_SECONDS": "3",
                # the tests create many matches from loopback
                "ROADTRIP_CREATE_QUOTA": "1000000/1000000",
            },
        )

    def wait_ready(self) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"roadtrip serve exited with {self.process.returncode}:\n{self.output}")
            try:
                if httpx.get(f"{self.base}/api/games", timeout=2).status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.2)
        pytest.fail(f"roadtrip serve did not answer within 60 s:\n{self.output}")

    @property
    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


def start(name: str, database_url: str, redis_url: str, folder: Path, into: list[Server]) -> Server:
    server = Server(name, database_url, redis_url, folder)
    into.append(server)
    server.wait_ready()
    return server


def stored(database_url: str, match_id: str) -> StoredMatch:
    store = SqlStore(database_url)
    try:
        match = store.load(match_id)
    finally:
        store.close()
    assert match is not None
    return match


def check_replays(match: StoredMatch) -> None:
    """Every stored action is what the rules and the seed give: nothing doubled."""
    assert reference_state(match, decisions_of(match.actions)).history() == match.actions
