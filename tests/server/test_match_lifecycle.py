"""Matches that play long, matches that cannot be loaded, and matches the server
forgets: issue 13, "Denial of service" (the coordinator's part)."""

from __future__ import annotations

import copy
import gc
import os
import threading
from collections.abc import Callable
from pathlib import Path
from random import Random

import pytest
from server_kit import GAME, human_step, seats

from roadtrip.core.errors import InvalidOption
from roadtrip.server.coordinator import Coordinator
from roadtrip.server.storage import MemoryStore
from roadtrip.server.transport import MemoryTransport

OPEN_ROAD = "open-road"
LONG_SEED = 1  # two random bots on The Open Road: 12,679 actions with this seed


def test_an_all_bot_open_road_match_longer_than_10000_moves_plays_to_its_end() -> None:
    """It failed with "bots made 10000 moves in a row" after storing the match."""
    store = MemoryStore()
    coordinator = Coordinator(store, MemoryTransport())
    created = coordinator.create_match(OPEN_ROAD, {}, seats("random", "random"), seed=LONG_SEED)
    stored = store.load(created.match_id)
    assert stored is not None and stored.finished
    assert len(stored.actions) > 10_000
    # and a restart finds nothing to resume, and nothing that fails
    assert Coordinator(store, MemoryTransport()).resume_all() == 0


def broken_copy(store: MemoryStore, match_id: str) -> str:
    """Store a copy of ``match_id`` whose history holds an illegal action."""
    stored = store.load(match_id)
    assert stored is not None and len(stored.actions) >= 2
    bad = copy.deepcopy(stored)
    bad.id = "broken" + match_id[6:]
    seat, _ = bad.actions[1]
    bad.actions[1] = (seat, 10_000)
    bad.finished = False
    store.create(bad, {})
    return bad.id


def test_resume_sets_a_broken_match_aside_and_resumes_the_others(
    caplog: pytest.LogCaptureFixture,
) -> None:
    store = MemoryStore()
    first = Coordinator(store, MemoryTransport())
    healthy = first.create_match(GAME, {"players": 2}, seats(None, "random"), seed=4)
    grant = first.authorize(healthy.match_id, healthy.seat_tokens[0])
    human_step(first, [grant], Random(1))
    broken = broken_copy(store, healthy.match_id)

    restarted = Coordinator(store, MemoryTransport())
    assert restarted.resume_all() == 1  # it raised for the broken match before
    assert broken in caplog.text and "set aside" in caplog.text
    assert set(restarted.unplayable()) == {broken}
    from roadtrip.server.coordinator import Unplayable

    with pytest.raises(Unplayable, match="cannot be played on"):
        restarted.live(broken)
    # the healthy match plays on
    again = restarted.authorize(healthy.match_id, healthy.seat_tokens[0])
    assert human_step(restarted, [again], Random(2))


@pytest.mark.parametrize("name", ["self", "game_id", "options", "kwargs"])
def test_option_names_like_python_parameters_are_unknown_options(name: str) -> None:
    store = MemoryStore()
    coordinator = Coordinator(store, MemoryTransport())
    with pytest.raises(InvalidOption, match=f"no option '{name}'"):
        coordinator.create_match(GAME, {name: 1}, seats(None))
    assert store.unfinished() == []


# ------------------------------------------------------------------ memory
class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_matches_beyond_the_cap_are_forgotten_and_reload_on_use() -> None:
    from roadtrip.server.live_cache import LiveLimits

    store = MemoryStore()
    coordinator = Coordinator(store, MemoryTransport(), limits=LiveLimits(max_live=2))
    created = [coordinator.create_match(GAME, {}, seats(None), seed=i) for i in range(6)]
    assert coordinator.live_count() <= 2
    # the first match was forgotten; using it loads it from the store, exactly
    first = created[0]
    grant = coordinator.authorize(first.match_id, first.seat_tokens[0])
    human_step(coordinator, [grant], Random(3))
    stored = store.load(first.match_id)
    assert stored is not None
    assert coordinator.live(first.match_id).match.state.history() == stored.actions
    assert coordinator.live_count() <= 2


def test_idle_matches_are_forgotten_unless_someone_is_connected() -> None:
    from roadtrip.server.live_cache import LiveLimits

    clock = FakeClock()
    transport = MemoryTransport()
    store = MemoryStore()
    coordinator = Coordinator(
        store, transport, clock=clock, limits=LiveLimits(max_live=100, idle_seconds=60)
    )
    watched = coordinator.create_match(GAME, {}, seats(None), seed=1)
    idle = coordinator.create_match(GAME, {}, seats(None), seed=2)
    transport.connect(coordinator.authorize(watched.match_id, watched.spectator_token))
    clock.now += 30
    assert coordinator.sweep() == []
    clock.now += 31
    assert coordinator.sweep() == [idle.match_id]
    assert coordinator.live_count() == 1


def run_now() -> tuple[Callable[[Callable[[], None]], None], list[threading.Thread]]:
    """A background runner on plain threads (joined by the test)."""
    threads: list[threading.Thread] = []

    def submit(job: Callable[[], None]) -> None:
        thread = threading.Thread(target=job)
        threads.append(thread)
        thread.start()

    return submit, threads


def test_with_a_background_runner_creation_returns_before_the_bots_finish() -> None:
    store = MemoryStore()
    submit, threads = run_now()
    coordinator = Coordinator(store, MemoryTransport(), background=submit)
    created = coordinator.create_match(OPEN_ROAD, {}, seats("random", "random"), seed=LONG_SEED)
    stored = store.load(created.match_id)
    assert stored is not None and not stored.finished
    assert 0 < len(stored.actions) <= 256  # one inline slice, every prefix stored
    while threads:
        threads.pop(0).join(timeout=60)
    stored = store.load(created.match_id)
    assert stored is not None and stored.finished and len(stored.actions) > 10_000
    assert coordinator.live(created.match_id).match.state.history() == stored.actions


def test_the_app_starts_with_a_broken_match_and_answers_409_for_it() -> None:
    """resume_all() raised at start-up: the server exited with code 3."""
    from fastapi.testclient import TestClient

    from roadtrip.server.app import create_app

    store = MemoryStore()
    first = Coordinator(store, MemoryTransport())
    healthy = first.create_match(GAME, {"players": 2}, seats(None, "random"), seed=4)
    broken = broken_copy(store, healthy.match_id)
    with TestClient(create_app(store)) as client:
        answer = client.get(f"/api/matches/{broken}/state", headers={"Authorization": "Bearer x"})
        assert answer.status_code == 409
        assert answer.json()["error"]["code"] == "unplayable"
        token = healthy.seat_tokens[0]
        state = client.get(
            f"/api/matches/{healthy.match_id}/state", headers={"Authorization": f"Bearer {token}"}
        )
        assert state.status_code == 200 and state.json()["choices"]


def resident_bytes() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="needs /proc (Linux)")
def test_memory_returns_near_its_baseline_after_many_long_all_bot_matches(
    tmp_path: Path,
) -> None:
    """Every match ever touched stayed in memory (400 long all-bot matches: 74 MB to
    1,092 MB).  After a first batch of matches (the baseline: caches, allocator
    arenas), a second batch as large leaves the resident memory where it was."""
    from roadtrip.server.live_cache import LiveLimits
    from roadtrip.server.sql_store import SqlStore

    store = SqlStore(f"sqlite:///{tmp_path / 'rss.sqlite3'}")
    coordinator = Coordinator(store, MemoryTransport(), limits=LiveLimits(max_live=1))
    two_bots = seats("random", "random")

    def batch(seeds: list[int]) -> int:
        for seed in seeds:  # 6,700 to 8,400 actions each, about 6 MB live
            coordinator.create_match(OPEN_ROAD, {}, two_bots, seed=seed)
        gc.collect()
        return resident_bytes()

    try:
        baseline = batch([0, 3, 5])
        after = batch([0, 3, 5])
        assert coordinator.live_count() <= 1
        assert after - baseline < 4 * 1024 * 1024, (baseline, after)  # before: 8.5 MB
    finally:
        store.close()
