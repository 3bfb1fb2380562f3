"""Turn timers on several processes (docs/server.md, "Turn timers and correspondence
play"): only the process holding the match's lease acts on an expiry, an expiry
whose process died is picked up from the stored deadline by another, and a move on
one process racing the expiry on another is applied once.  Coordinators in one test
stand for processes (in-memory store, bus and leases; a fake clock), and the stored
deadlines are checked on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import cast

import pytest
from server_kit import seats
from test_cluster_logic import Clock, RacingStore

from roadtrip.server.cluster import ClusterCoordinator, MemoryBus
from roadtrip.server.leases import MemoryLeases
from roadtrip.server.storage import Grant, MatchStore, MemoryStore, StoredMatch
from roadtrip.server.timers import ManualTimers
from roadtrip.server.transport import MemoryTransport
from roadtrip.server.turn_clock import TurnClock
from roadtrip.server.visibility import moves_by

GAME = "road-to-300"
CLOCK = TurnClock(60.0, "bot", "greedy")


def process(
    name: str, store: MemoryStore, bus: MemoryBus, leases: MemoryLeases, clock: Clock
) -> ClusterCoordinator:
    coordinator = ClusterCoordinator(
        store,
        MemoryTransport(),
        bus=bus,
        leases=leases,
        process_id=name,
        local_seats=lambda match_id: set(),
        lease_seconds=30,
        clock=clock,
    )
    coordinator.timers = ManualTimers()
    bus.subscribe(coordinator.receive)
    return coordinator


Two = tuple[RacingStore, MemoryLeases, Clock, ClusterCoordinator, ClusterCoordinator]


@pytest.fixture
def two() -> Two:
    clock = Clock()
    store, bus, leases = RacingStore(), MemoryBus(), MemoryLeases(clock)
    return (
        store,
        leases,
        clock,
        process("a", store, bus, leases, clock),
        process("b", store, bus, leases, clock),
    )


def armed(coordinator: ClusterCoordinator) -> dict[str, float]:
    return cast(ManualTimers, coordinator.timers).times


def timed_duel(coordinator: ClusterCoordinator) -> str:
    """A timed match of two people who have both opened their links (on this process)."""
    created = coordinator.create_match(GAME, {}, seats(None, None), seed=5, turn_clock=CLOCK)
    for token in created.seat_tokens.values():
        coordinator.authorize(created.match_id, token)
    return created.match_id


def timed_moves(store: MatchStore, match_id: str) -> list[int]:
    stored = store.load(match_id)
    assert stored is not None
    return stored.timeouts


def test_only_the_lease_holder_acts_on_an_expiry(two: Two) -> None:
    store, leases, clock, a, b = two
    match_id = timed_duel(a)
    b.live(match_id)  # b has a copy, and armed its timer too
    assert armed(b) == armed(a) == {match_id: clock.now + 60}
    clock.now += 60
    assert leases.acquire(match_id, "b", 30)  # b holds the match now
    assert not a.expire(match_id)
    assert timed_moves(store, match_id) == []
    assert b.expire(match_id)
    assert len(timed_moves(store, match_id)) == 2  # both seats decided on the same roll
    leases.release(match_id, "b")
    assert not a.expire(match_id)  # nothing is due any more, whoever asks
    assert len(timed_moves(store, match_id)) == 2
    assert leases.holder(match_id) is None  # the lease was given back


def test_an_expiry_whose_process_died_is_picked_up_from_the_stored_deadline(two: Two) -> None:
    store, _, clock, a, b = two
    match_id = timed_duel(a)  # a armed the timer, then died: b never loaded the match
    clock.now += 59
    assert b.expire_overdue() == 0
    clock.now += 1
    assert b.expire_overdue() == 1
    stored = store.load(match_id)
    assert stored is not None and len(stored.timeouts) == 2
    # the next decisions' deadlines are stored, a minute from the expiry, and b's
    # timer is armed for them; the dead process's late timer finds nothing to do
    assert {at for at, _ in stored.deadlines.values()} == {clock.now + 60}
    assert armed(b)[match_id] == clock.now + 60
    assert not a.expire(match_id)
    assert timed_moves(store, match_id) == stored.timeouts


def test_a_move_on_one_process_racing_the_expiry_on_another_is_applied_once(two: Two) -> None:
    """a's expiry is about to store when b stores the player's own move first: the
    store refuses a's write, a reloads, and nothing is due any more."""
    store, _, clock, a, b = two
    created = a.create_match(GAME, {}, seats(None), seed=9, turn_clock=CLOCK)
    match_id = created.match_id
    a.authorize(match_id, created.seat_tokens[0])
    ann = Grant(match_id, (0,))
    state = b.live(match_id).match.state
    seen = moves_by(state, 0)
    clock.now += 60
    a.live(match_id)

    def player_first() -> None:
        b.act(ann, state.legal_actions(0)[0], 0, my_moves=seen)

    store.before_next_append.append(player_first)
    assert not a.expire(match_id)
    stored = store.load(match_id)
    assert stored is not None and stored.timeouts == []
    assert moves_by(a.live(match_id).match.state, 0) == seen + 1


def test_stored_deadlines_are_guarded_by_version_and_found_when_overdue(store: MatchStore) -> None:
    timed = StoredMatch("timed1", GAME, {"players": 1}, 1, seats(None), clock=CLOCK)
    plain = StoredMatch("plain1", GAME, {"players": 1}, 1, seats(None))
    store.create(timed, {})
    store.create(plain, {})
    assert store.save_deadlines("timed1", 3, {0: (500.0, 1)}, [2])
    assert not store.save_deadlines("timed1", 2, {0: (900.0, 0)}, [])  # older: refused
    assert not store.save_deadlines("plain1", 3, {0: (500.0, 1)}, [])  # no clock
    loaded = store.load("timed1")
    assert loaded is not None and loaded.clock == CLOCK
    assert (loaded.deadlines, loaded.deadline_version, loaded.timeouts) == ({0: (500.0, 1)}, 3, [2])
    old = store.load("plain1")
    assert old is not None and old.clock is None and old.deadlines == {}
    assert store.overdue(499.0, 10) == []
    assert store.overdue(500.0, 10) == ["timed1"]
    store.finish("timed1", [1.0])
    assert store.overdue(1e12, 10) == []


def test_a_process_taking_a_match_over_arms_its_timer_from_the_stored_deadline(two: Two) -> None:
    """A process died while playing a timed match's opening roll (its lease left to
    expire): the process that takes the match over plays it, stores the deadline of
    the decision that follows, and arms its own timer for it."""
    store, leases, clock, _, b = two
    match = StoredMatch(
        "orphan1", GAME, {"players": 2}, 3, seats(None, None), clock=CLOCK, clock_started_at=0.0
    )
    store.create(match, {})
    assert leases.acquire("orphan1", "dead-process", 30)
    clock.now += 31
    assert b.take_over_expired() == ["orphan1"]
    stored = store.load("orphan1")
    assert stored is not None and stored.actions  # the roll
    assert {at for at, _ in stored.deadlines.values()} == {clock.now + 60}
    assert armed(b) == {"orphan1": clock.now + 60}
    clock.now += 60
    assert b.expire("orphan1") and len(timed_moves(store, "orphan1")) == 2
