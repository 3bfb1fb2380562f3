"""Turn timers on real ``roadtrip serve`` processes sharing PostgreSQL and Redis: a
timed match whose deadline passed while no process held a timer for it (as when
the process that armed it was killed) is expired by one of the running processes,
exactly once.  Needs ROADTRIP_TEST_POSTGRES_URL and ROADTRIP_TEST_REDIS_URL (see
test_cluster.py)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from cluster_kit import Server, check_replays, start, stored
from server_kit import seats

from roadtrip.server.coordinator import Coordinator
from roadtrip.server.sql_store import SqlStore
from roadtrip.server.transport import MemoryTransport
from roadtrip.server.turn_clock import TurnClock
from roadtrip.server.visibility import moves_by

pytestmark = pytest.mark.slow


def test_an_overdue_timer_is_expired_once_by_one_of_two_processes(
    servers: tuple[str, str, list[Server]], tmp_path: Path
) -> None:
    database_url, redis_url, started = servers
    store = SqlStore(database_url)
    try:
        # A match made (and opened by both players) two minutes ago by a process that
        # has gone since: its deadlines (a minute each) ran out a minute ago and no
        # timer is armed anywhere.
        made = Coordinator(store, MemoryTransport(), clock=lambda: time.time() - 120)
        created = made.create_match(
            "road-to-300", {}, seats(None, None), seed=11, turn_clock=TurnClock(60.0)
        )
        for token in created.seat_tokens.values():  # both came: the clocks ran then
            made.authorize(created.match_id, token)
        before = store.load(created.match_id)
    finally:
        store.close()
    assert before is not None and set(before.deadlines) == {0, 1}
    start("one", database_url, redis_url, tmp_path, started)
    start("two", database_url, redis_url, tmp_path, started)
    deadline = time.monotonic() + 30
    while not stored(database_url, created.match_id).timeouts:
        assert time.monotonic() < deadline, "no process expired the overdue deadlines"
        time.sleep(0.3)
    seen = time.time()  # the expiry was at most a poll ago: its new deadlines start then
    time.sleep(3)  # time for a second, wrong, expiry to show
    match = stored(database_url, created.match_id)
    check_replays(match)
    assert len(match.timeouts) == 2  # one move each for the two seats, never more
    assert [seat for seat, _ in match.actions if seat >= 0][:2] == [0, 1]
    state = Coordinator(SqlStore(database_url), MemoryTransport()).live(match.id).match.state
    assert moves_by(state, 0) == moves_by(state, 1) == 1
    assert all(at > seen + 50 for at, _ in match.deadlines.values())
