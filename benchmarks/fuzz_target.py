"""What both fuzzers (fuzz_ws.py, fuzz_http.py) run against and check at the end: a
``roadtrip serve`` process on a loopback port and a fresh SQLite file, how to
create a match on it, and the replay of every stored match through the engine."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

SERVE = "import sys; from roadtrip.cli.main import main; sys.argv[0] = 'roadtrip'; main()"


def create_match(client: Any, body: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/matches`` with ``body`` on ``client`` (httpx or a TestClient);
    RuntimeError unless it answers 201."""
    response = client.post("/api/matches", json=body)
    if response.status_code != 201:
        raise RuntimeError(response.text)
    created: dict[str, Any] = response.json()
    return created


def replay_every(store: Any, ids: list[str]) -> tuple[int, list[str]]:
    """Replay the matches ``ids`` of ``store``: (how many, the ones that fail, why)."""
    from roadtrip.core.records import MatchRecord, replay

    failing = []
    for match_id in ids:
        stored = store.load(match_id)
        try:
            state = replay(
                MatchRecord(stored.game, stored.options, stored.seed, tuple(stored.actions))
            )
            if state.is_terminal() != stored.finished:
                raise ValueError("stored as finished but the replay is not, or not")
        except Exception as exc:  # counted and reported
            failing.append(f"{match_id}: {exc}")
    return len(ids), failing


def replay_sqlite(database: Path) -> tuple[int, list[str]]:
    """:func:`replay_every` match stored in the SQLite file ``database``."""
    from roadtrip.server.sql_store import SqlStore

    store = SqlStore(f"sqlite:///{database}")
    try:
        return replay_every(store, [m.id for m in store.recent(10**9)])
    finally:
        store.close()


class ServedProcess:
    """A ``roadtrip serve`` process on a loopback port and a fresh SQLite file in
    ``folder``, ready to answer when made; ``http`` is a client for it."""

    def __init__(self, folder: Path) -> None:
        import httpx

        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.database = folder / "fuzz.sqlite3"
        self.log = folder / "serve.log"
        args = ["serve", "--port", str(self.port), "--database-url", f"sqlite:///{self.database}"]
        self.process = subprocess.Popen(
            [sys.executable, "-c", SERVE, *args],
            stdout=self.log.open("wb"),
            stderr=subprocess.STDOUT,
            # the fuzzer creates many matches from loopback
            env={**os.environ, "PYTHONUNBUFFERED": "1", "ROADTRIP_CREATE_QUOTA": "1000000/1000000"},
        )
        self.http = httpx.Client(base_url=self.base_url, timeout=30)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                if self.http.get("/api/games").status_code == 200:
                    return
            time.sleep(0.2)
        raise RuntimeError(f"roadtrip serve did not start: {self.log.read_text()}")

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        return create_match(self.http, body)

    def replay_all(self) -> tuple[int, list[str]]:
        return replay_sqlite(self.database)

    def close(self) -> None:
        self.http.close()
        self.process.terminate()
        self.process.wait(15)

    def tracebacks(self) -> int:
        return self.log.read_text(errors="replace").count("Traceback (most recent call last)")
