"""Memory comes back after the sweep (server/memory.py; issue 24, item 4): the
sweep keeps nothing of the matches it forgets, and the allocator's free pages are
handed back after sweeps that forgot matches, not too often."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_kit import seats
from sqlalchemy import event

from roadtrip.core.caches import cached_entries
from roadtrip.games.open_road import paths, riding
from roadtrip.server import app as app_module
from roadtrip.server.app import create_app
from roadtrip.server.coordinator import Coordinator
from roadtrip.server.http_guards import CLIENT
from roadtrip.server.live_cache import LiveLimits
from roadtrip.server.memory import MIN_SECONDS, MemoryReturn
from roadtrip.server.sql_store import SqlStore
from roadtrip.server.storage import MemoryStore
from roadtrip.server.transport import MemoryTransport


def test_the_sweep_forgets_the_client_address_of_the_matches_it_forgets() -> None:
    """Kept for every match ever created (up to 4,096), these pinned the memory of the
    forgotten matches (allocated among their objects)."""
    now = [0.0]
    coordinator = Coordinator(
        MemoryStore(), MemoryTransport(), clock=lambda: now[0], limits=LiveLimits(idle_seconds=5)
    )
    token = CLIENT.set("192.0.2.7")
    try:
        ids = [
            coordinator.create_match("road-to-300", {}, seats("random"), seed=s).match_id
            for s in range(3)
        ]
    finally:
        CLIENT.reset(token)
    assert [coordinator.client_of(i) for i in ids] == ["192.0.2.7"] * 3
    now[0] += 10
    assert sorted(coordinator.sweep()) == sorted(ids)
    assert [coordinator.client_of(i) for i in ids] == [None] * 3


def test_the_heaps_are_trimmed_after_a_sweep_that_forgot_matches_at_most_so_often() -> None:
    trimmed: list[float] = []
    now = [100.0]
    memory = MemoryReturn(trim=lambda: trimmed.append(now[0]), clock=lambda: now[0])
    assert not memory.after_sweep(0)  # nothing forgotten: nothing to give back
    assert memory.after_sweep(2) and trimmed == [100.0]
    now[0] += 1
    assert not memory.after_sweep(1)  # too soon: left due
    now[0] += MIN_SECONDS
    assert memory.after_sweep(0)  # the due trim, at a sweep that forgot nothing
    assert not memory.after_sweep(0)
    assert trimmed == [100.0, 101.0 + MIN_SECONDS] and memory.trims == 2


def test_a_memory_return_without_malloc_trim_does_nothing() -> None:
    memory = MemoryReturn(trim=None)
    memory._trim = None  # (as where the C library has no malloc_trim)
    assert not memory.after_sweep(3) and memory.trims == 0


def test_the_apps_periodic_sweep_gives_the_memory_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "SWEEP_SECONDS", 0.05)
    app = create_app(MemoryStore(), live_limits=LiveLimits(idle_seconds=0.1))
    trimmed: list[int] = []
    with TestClient(app) as client:
        app.state.memory._trim = lambda: trimmed.append(1)
        answer = client.post(
            "/api/matches", json={"game": "road-to-300", "seats": [{"name": "B", "bot": "random"}]}
        )
        assert answer.status_code == 201
        deadline = time.monotonic() + 10
        while not trimmed and time.monotonic() < deadline:
            time.sleep(0.05)
        assert app.state.coordinator.live_count() == 0 and trimmed


def test_the_advice_route_loads_a_forgotten_match_off_the_event_loop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Loading a match replays it (seconds for a long one); the advice route did it
    on the event loop, stalling every other match (655 ms after a restart)."""
    monkeypatch.setenv("ROADTRIP_ADVICE_SECONDS", "0.1")
    loads: list[bool] = []
    original = Coordinator._load

    def watched(self: Coordinator, match_id: str) -> Any:
        try:
            asyncio.get_running_loop()
            loads.append(True)  # on an event loop
        except RuntimeError:
            loads.append(False)
        return original(self, match_id)

    app = create_app(MemoryStore())
    with TestClient(app) as client:
        answer = client.post(
            "/api/matches",
            json={"game": "road-to-300", "seats": [{"name": "Ann"}], "advice": True},
        )
        created = answer.json()
        app.state.coordinator._live.clear()  # forgotten (as by the sweep)
        monkeypatch.setattr(Coordinator, "_load", watched)
        token = created["seats"][0]["token"]
        advice = client.get(
            f"/api/matches/{created['match']}/advice?seat=0",
            headers={"Authorization": f"Bearer {token}"},
        )
        assert advice.status_code == 200, advice.text
    assert loads and not any(loads)


def test_the_releases_run_before_the_trim_and_only_when_it_runs() -> None:
    done: list[str] = []
    now = [0.0]
    memory = MemoryReturn(
        trim=lambda: done.append("trim"),
        clock=lambda: now[0],
        releases=[lambda: done.append("caches"), lambda: done.append("sqlite")],
    )
    assert not memory.after_sweep(0) and done == []
    assert memory.after_sweep(1) and done == ["caches", "sqlite", "trim"]
    assert not memory.after_sweep(1) and len(done) == 3  # too soon: nothing released
    now[0] += MIN_SECONDS
    assert memory.after_sweep(1, idle=False)  # matches still in memory: trimmed only
    assert done == ["caches", "sqlite", "trim", "trim"]


def test_the_periodic_sweep_drops_the_rule_caches(monkeypatch: pytest.MonkeyPatch) -> None:
    """Memoized rule tables filled during a busy hour pinned the arenas of forgotten
    matches (benchmarks/memory_returns.py --probe)."""
    monkeypatch.setattr(app_module, "SWEEP_SECONDS", 0.05)
    app = create_app(MemoryStore(), live_limits=LiveLimits(idle_seconds=0.1))
    trimmed: list[int] = []
    with TestClient(app) as client:
        app.state.memory._trim = lambda: trimmed.append(1)
        paths.distances_to(3, 9)  # as the views of an Open Road match fill it
        riding.route_bigs(3, 40)
        answer = client.post(
            "/api/matches", json={"game": "road-to-300", "seats": [{"name": "B", "bot": "random"}]}
        )
        assert answer.status_code == 201
        deadline = time.monotonic() + 10
        while not trimmed and time.monotonic() < deadline:
            time.sleep(0.05)
        assert trimmed and cached_entries() == 0


def test_the_periodic_sweep_closes_the_pooled_sqlite_connections(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A SQLite connection's weak references to its cursors (pruned every 200) and
    its statements, made during a busy hour, pinned arenas of forgotten matches
    (benchmarks/memory_returns.py --probe)."""
    monkeypatch.setattr(app_module, "SWEEP_SECONDS", 0.05)
    store = SqlStore(f"sqlite:///{tmp_path / 'kept.sqlite3'}")
    connects: list[int] = []
    event.listen(store.engine, "connect", lambda *_: connects.append(1))
    app = create_app(store, live_limits=LiveLimits(idle_seconds=0.1))
    trimmed: list[int] = []
    with TestClient(app) as client:
        app.state.memory._trim = lambda: trimmed.append(1)
        answer = client.post(
            "/api/matches", json={"game": "road-to-300", "seats": [{"name": "B", "bot": "random"}]}
        )
        assert answer.status_code == 201
        opened = len(connects)
        deadline = time.monotonic() + 10
        while not trimmed and time.monotonic() < deadline:
            time.sleep(0.05)
        assert trimmed
        state = client.get(
            f"/api/matches/{answer.json()['match']}/state",
            headers={"Authorization": f"Bearer {answer.json()['spectator']['token']}"},
        )
        # The pooled connections were closed: the next use opened a new one.
        assert state.status_code == 200 and len(connects) > opened


def test_only_a_sqlite_files_connections_are_closed(tmp_path: Path) -> None:
    """An in-memory SQLite database lives in its connections: closing them loses it."""
    assert SqlStore(f"sqlite:///{tmp_path / 'file.sqlite3'}").reopen_sqlite()
    assert not SqlStore("sqlite://").reopen_sqlite()
