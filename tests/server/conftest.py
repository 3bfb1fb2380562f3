"""Fixtures of the server tests: stores on every backend, coordinators, apps.

PostgreSQL: the storage tests run on the database named by the environment
variable ROADTRIP_TEST_POSTGRES_URL (``.ci/postgres.sh`` sets one up and prints
its URL).  Without it they are skipped, except in CI (``CI`` set), where a missing
or unreachable PostgreSQL fails them.  Each test gets its own schema, dropped
afterwards, so runs never see each other's tables.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import SQLAlchemyError

from roadtrip.server.coordinator import Coordinator
from roadtrip.server.sql_store import SqlStore, normalize_url
from roadtrip.server.storage import MatchStore, MemoryStore

# The tests import their shared helpers (server_kit.py, next to this file).
sys.path.insert(0, str(Path(__file__).resolve().parent))

# Starlette warns (once, at import, as a UserWarning) that it prefers httpx2.
with warnings.catch_warnings():
    warnings.filterwarnings("ignore", "Using `httpx` with `starlette.testclient`")
    import starlette.testclient  # noqa: F401

from cluster_kit import Server, fresh_schema, redis_test_url
from server_kit import CheckingTransport

POSTGRES_ENV = "ROADTRIP_TEST_POSTGRES_URL"
BACKENDS = ["memory", "sqlite", "postgres"]


@pytest.fixture(scope="session")
def postgres_url() -> str:
    """The test PostgreSQL URL: skip without one (fail in CI), fail if unreachable."""
    url = os.environ.get(POSTGRES_ENV, "").strip()
    if not url:
        if os.environ.get("CI"):
            pytest.fail(
                f"CI is set but {POSTGRES_ENV} is not: the PostgreSQL storage tests must run "
                "in CI (.ci/postgres.sh sets up a database and prints its URL)"
            )
        pytest.skip(
            f"PostgreSQL tests need {POSTGRES_ENV}, e.g. "
            "postgresql://roadtrip:roadtrip@127.0.0.1:5432/roadtrip_test "
            "(.ci/postgres.sh sets one up)"
        )
    engine = create_engine(normalize_url(url))
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
    except SQLAlchemyError as exc:
        pytest.fail(f"{POSTGRES_ENV} is set but PostgreSQL is unreachable: {exc}")
    finally:
        engine.dispose()
    return url


@pytest.fixture
def postgres_schema_url(postgres_url: str) -> Iterator[str]:
    """A URL whose connections use a fresh schema of their own (dropped afterwards)."""
    with fresh_schema(postgres_url) as url:
        yield url


@pytest.fixture
def redis_url() -> str:
    """The test Redis URL (ROADTRIP_TEST_REDIS_URL): skipped without one, except in CI."""
    return redis_test_url()


@pytest.fixture
def servers(
    postgres_schema_url: str, redis_url: str, tmp_path: Path
) -> Iterator[tuple[str, str, list[Server]]]:
    started: list[Server] = []
    try:
        yield postgres_schema_url, redis_url, started
    finally:
        for server in started:
            server.stop()


def _sql_url(request: pytest.FixtureRequest, backend: str, tmp_path: Path) -> str:
    if backend == "sqlite":
        return f"sqlite:///{tmp_path / 'roadtrip.sqlite3'}"
    url: str = request.getfixturevalue("postgres_schema_url")
    return url


@pytest.fixture(params=["sqlite", "postgres"])
def sql_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database URL on each SQL backend (SQLite file, PostgreSQL schema)."""
    return _sql_url(request, request.param, tmp_path)


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[MatchStore]:
    """A fresh, empty MatchStore on each backend (memory, SQLite file, PostgreSQL)."""
    if request.param == "memory":
        yield MemoryStore()
        return
    sql = SqlStore(_sql_url(request, request.param, tmp_path))
    try:
        yield sql
    finally:
        sql.close()


@pytest.fixture
def memory_store() -> MemoryStore:
    return MemoryStore()


@pytest.fixture
def checked(memory_store: MemoryStore) -> tuple[Coordinator, MemoryStore, CheckingTransport]:
    """A coordinator on a MemoryStore whose transport checks store-before-send."""
    transport = CheckingTransport(memory_store)
    coordinator = Coordinator(memory_store, transport)
    transport.coordinator = coordinator
    return coordinator, memory_store, transport


@pytest.fixture
def slow_bot_kinds() -> Iterator[None]:
    """The test bots of ``slow_bots`` registered for one test only (their workers
    register them as they start)."""
    import slow_bots

    import roadtrip.bots.base as bots_base

    saved = {name: list(kinds) for name, kinds in bots_base._BOTS.items()}
    slow_bots.register()
    slow_bots.CHOSEN_IN.clear()
    yield
    bots_base._BOTS.clear()
    bots_base._BOTS.update(saved)
