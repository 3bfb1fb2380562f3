"""Several server processes, with in-memory fakes: coordinators in one test stand for
processes, sharing one MemoryStore, one MemoryBus and one MemoryLeases
(docs/server.md, "Several processes")."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from random import Random

import pytest
from server_kit import GAME, decisions_of, reference_state, seats
from typer.testing import CliRunner

from roadtrip.cli.main import app
from roadtrip.core.errors import RoadtripError
from roadtrip.server.cluster import PRESENCE_TIMEOUT, ClusterCoordinator, MemoryBus
from roadtrip.server.coordinator import StaleVersion
from roadtrip.server.leases import MemoryLeases, SqlLeases
from roadtrip.server.live_cache import LiveLimits
from roadtrip.server.sql_store import SqlStore
from roadtrip.server.storage import Grant, MemoryStore, StoredMatch
from roadtrip.server.transport import MemoryTransport


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Process:
    """One 'server process': a ClusterCoordinator with its own connections."""

    def __init__(
        self,
        name: str,
        store: MemoryStore,
        bus: MemoryBus,
        leases: MemoryLeases,
        *,
        background: bool = False,
        limits: LiveLimits | None = None,
    ):
        self.transport = MemoryTransport()
        # Background jobs (bot slices) wait here until the test runs them.
        self.jobs: list[Callable[[], None]] = []
        self.coordinator = ClusterCoordinator(
            store,
            self.transport,
            bus=bus,
            leases=leases,
            process_id=name,
            local_seats=self.seats,
            lease_seconds=30,
            background=self.jobs.append if background else None,
            limits=limits,
        )
        bus.subscribe(self.coordinator.receive)

    def seats(self, match_id: str) -> set[int]:
        return {s for g in self.transport.audiences(match_id) for s in g.seats}

    def connect(self, grant: Grant) -> None:
        """What the web app does for a new page: the hub tells the coordinator
        (which follows the match and announces who is here), then the page gets
        its state."""
        self.transport.connect(grant)
        self.coordinator.presence_changed(grant.match_id)
        self.coordinator.notify(grant.match_id)

    def versions_sent(self, grant: Grant) -> list[int]:
        return [m["version"] for m in self.transport.messages_for(grant)]


class RacingStore(MemoryStore):
    """A store where, just before one chosen append, another process stores first."""

    def __init__(self) -> None:
        super().__init__()
        self.before_next_append: list[object] = []

    def append(self, match_id: str, start: int, actions: list[tuple[int, int]]) -> None:
        if self.before_next_append:
            rival = self.before_next_append.pop()
            assert callable(rival)
            rival()
        super().append(match_id, start, actions)


Cluster = tuple[RacingStore, MemoryBus, MemoryLeases, Clock, Process, Process]


@pytest.fixture
def cluster() -> Cluster:
    clock = Clock()
    store, bus, leases = RacingStore(), MemoryBus(), MemoryLeases(clock)
    return (
        store,
        bus,
        leases,
        clock,
        Process("a", store, bus, leases),
        Process("b", store, bus, leases),
    )


def duel(process: Process) -> tuple[Grant, Grant]:
    created = process.coordinator.create_match(GAME, {"players": 2}, seats(None, None), seed=3)
    return Grant(created.match_id, (0,)), Grant(created.match_id, (1,))


def test_a_move_on_one_process_reaches_clients_of_the_other(cluster: Cluster) -> None:
    _, _, _, _, a, b = cluster
    ann, ben = duel(a)
    b.connect(ben)
    state = a.coordinator.live(ann.match_id).match.state
    a.coordinator.act(ann, state.legal_actions(0)[0], 0)
    # b's client got b's own message for the new version, built from the store
    version = a.coordinator.live(ann.match_id).match.state.move_number()
    assert b.versions_sent(ben)[-1] == version
    assert b.transport.messages_for(ben)[-1]["seat"] == 1


def test_who_is_online_is_the_union_of_every_process(cluster: Cluster) -> None:
    _, _, _, _, a, b = cluster
    ann, ben = duel(a)
    a.connect(ann)
    b.connect(ben)
    for process in (a, b):
        assert process.coordinator.connected_seats(ann.match_id) == {0, 1}
    online = [p["online"] for p in a.transport.messages_for(ann)[-1]["players"]]
    assert online == [True, True]
    b.coordinator.announce("bye")  # b stops: its seats go offline everywhere at once
    assert a.coordinator.connected_seats(ann.match_id) == {0}
    online = [p["online"] for p in a.transport.messages_for(ann)[-1]["players"]]
    assert online == [True, False]


def test_the_seats_of_a_silent_process_go_offline_after_the_presence_timeout() -> None:
    store, bus, leases, now = MemoryStore(), MemoryBus(), MemoryLeases(), [0.0]
    a, b = Process("a", store, bus, leases), Process("b", store, bus, leases)
    a.coordinator.monotonic = lambda: now[0]
    ann, ben = duel(a)
    a.connect(ann)
    b.connect(ben)  # then b is killed: no bye, no more heartbeats
    now[0] += PRESENCE_TIMEOUT - 1
    a.coordinator.expire_presence()
    assert a.coordinator.connected_seats(ann.match_id) == {0, 1}
    now[0] += 2
    a.coordinator.expire_presence()
    assert a.coordinator.connected_seats(ann.match_id) == {0}
    online = [p["online"] for p in a.transport.messages_for(ann)[-1]["players"]]
    assert online == [True, False]


def test_simultaneous_identical_moves_on_two_processes_are_applied_once(cluster: Cluster) -> None:
    store, _, _, _, a, b = cluster
    ann, _ = duel(a)
    b.coordinator.live(ann.match_id)  # both processes hold the same version
    state = a.coordinator.live(ann.match_id).match.state
    action, before = state.legal_actions(0)[0], state.move_number()
    my_moves = a.coordinator.message(ann.match_id, ann)["my_moves"]
    # b validates the click; just before it stores, a stores the same click
    store.before_next_append.append(lambda: a.coordinator.act(ann, action, 0, my_moves))
    with pytest.raises(StaleVersion):
        b.coordinator.act(ann, action, 0, my_moves)
    stored = store.load(ann.match_id)
    assert stored is not None
    assert decisions_of(stored.actions[before:]).count((0, action)) == 1
    assert reference_state(stored, decisions_of(stored.actions)).history() == stored.actions


def test_a_process_that_loses_the_race_retries_on_the_new_state(cluster: Cluster) -> None:
    store, _, _, _, a, b = cluster
    ann, ben = duel(a)  # Road to 300: both seats choose at the same time
    b.coordinator.live(ann.match_id)
    state = a.coordinator.live(ann.match_id).match.state
    first, second = state.legal_actions(0)[0], state.legal_actions(1)[0]
    store.before_next_append.append(lambda: a.coordinator.act(ann, first, 0))
    b.coordinator.act(ben, second, 1)  # lost the race, reloaded, applied after a's move
    stored = store.load(ann.match_id)
    assert stored is not None
    assert decisions_of(stored.actions)[-2:] == [(0, first), (1, second)]
    assert reference_state(stored, decisions_of(stored.actions)).history() == stored.actions


def test_a_move_on_an_up_to_date_copy_costs_no_version_read(cluster: Cluster) -> None:
    """Moves are optimistic: the store's guarded append, not a read first, keeps a
    copy that is behind from storing (docs/server.md, "Several processes")."""
    _, _, _, _, a, _ = cluster
    ann, _ = duel(a)
    reads: list[str] = []
    version = a.coordinator.stored_version
    a.coordinator.stored_version = lambda m: reads.append(m) or version(m)
    state = a.coordinator.live(ann.match_id).match.state
    a.coordinator.act(ann, state.legal_actions(0)[0], 0)
    assert reads == []
    # a move refused on an up-to-date copy is looked at once, and the refusal stands
    with pytest.raises(RoadtripError):
        a.coordinator.act(ann, 10**6, 0)
    assert reads == [ann.match_id]


def test_a_move_refused_on_a_copy_that_is_behind_is_tried_on_a_fresh_one(
    cluster: Cluster,
) -> None:
    store, bus, _, _, a, b = cluster
    ann, ben = duel(a)
    b.coordinator.live(ann.match_id)
    bus.down = True  # b never hears of a's move
    state = a.coordinator.live(ann.match_id).match.state
    a.coordinator.act(ann, state.legal_actions(0)[0], 0)
    a.coordinator.act(ben, state.legal_actions(1)[0], 1)  # the next roll is out
    stored = store.load(ann.match_id)
    assert stored is not None
    truth = reference_state(stored, decisions_of(stored.actions))
    behind = b.coordinator.live(ann.match_id).match.state
    # a move that only the new state allows (or a repeated my_moves) is refused on
    # b's old copy, then b looks at the store and plays it on the fresh copy
    fresh_only = [x for x in truth.legal_actions(1) if x not in behind.legal_actions(1)]
    assert fresh_only, "the test needs a move legal only after the new roll"
    b.coordinator.act(ben, fresh_only[0], 1)
    stored = store.load(ann.match_id)
    assert stored is not None and decisions_of(stored.actions)[-1] == (1, fresh_only[0])


def test_a_process_hears_the_moves_only_of_matches_with_pages_on_it(cluster: Cluster) -> None:
    """Per-match following: with many processes, each would otherwise handle every
    move of every match (docs/server.md, "Several processes")."""
    _, bus, _, _, a, b = cluster
    ann, ben = duel(a)
    heard: list[dict[str, object]] = []
    receive = b.coordinator.receive
    bus.subscribers[bus.subscribers.index(receive)] = lambda e: heard.append(e) or receive(e)
    state = a.coordinator.live(ann.match_id).match.state
    a.coordinator.act(ann, state.legal_actions(0)[0], 0)
    assert not [e for e in heard if e.get("kind") == "match"]
    b.connect(ben)  # a page on b: b follows the match from now on
    assert bus.followers[ann.match_id] == [b.coordinator.receive]
    state = a.coordinator.live(ann.match_id).match.state
    seat = 0 if 0 in state.active_seats() else 1
    a.coordinator.act(ann if seat == 0 else ben, state.legal_actions(seat)[0], seat)
    assert b.versions_sent(ben)[-1] == a.coordinator.live(ann.match_id).match.state.move_number()
    b.transport.connected[ben.match_id].remove(ben)  # the page left
    b.coordinator.presence_changed(ben.match_id)  # the last page left: b stops following
    assert bus.followers[ann.match_id] == []


def test_a_move_made_before_following_took_effect_reaches_the_page(cluster: Cluster) -> None:
    """Redis confirms a new subscription a moment later: moves made meanwhile were
    not heard, and the ``followed`` event makes the process look at the store."""
    store, bus, _, _, a, b = cluster
    ann, ben = duel(a)
    b.connect(ben)
    bus.down = True  # the move's event is lost, as before the subscription was active
    state = a.coordinator.live(ann.match_id).match.state
    a.coordinator.act(ann, state.legal_actions(0)[0], 0)
    bus.down = False
    stored = store.load(ann.match_id)
    assert stored is not None and b.versions_sent(ben)[-1] < len(stored.actions)
    b.coordinator.receive({"kind": "followed", "match": ann.match_id, "origin": "redis"})
    assert b.versions_sent(ben)[-1] == len(stored.actions)


def test_the_first_page_of_a_match_even_a_spectator_makes_the_hub_say_so() -> None:
    from roadtrip.server.transport import QueueHub

    hub, told = QueueHub(), []
    hub.on_presence = told.append
    watcher = Grant("m1", ())  # a spectator: no seat, so nobody came online
    conn, _ = hub.register(watcher)
    assert told == ["m1"]  # the process must follow m1's moves for this page
    second, _ = hub.register(watcher)
    assert told == ["m1"]
    hub.unregister("m1", second)
    assert told == ["m1"]
    hub.unregister("m1", conn)
    assert told == ["m1", "m1"]  # the last page left: stop following


def test_the_store_is_the_truth_when_events_are_lost(cluster: Cluster) -> None:
    store, bus, _, _, a, b = cluster
    ann, ben = duel(a)
    b.coordinator.live(ann.match_id)
    bus.down = True  # Redis unreachable: b never hears of a's moves
    rng = Random(4)
    for process in (a, b, a, b, a, b):
        stored = store.load(ann.match_id)
        assert stored is not None
        truth = reference_state(stored, decisions_of(stored.actions))
        grant = ann if 0 in truth.active_seats() else ben
        seat = grant.seats[0]
        # each process acts on what the store holds, whatever its copy said
        process.coordinator.act(grant, rng.choice(truth.legal_actions(seat)), seat)
    stored = store.load(ann.match_id)
    assert stored is not None
    assert b.coordinator.message(ann.match_id, ann)["version"] == len(stored.actions)
    a.coordinator.refresh(ann.match_id)  # what every HTTP request and hello does first
    assert a.coordinator.message(ann.match_id, ann)["version"] == len(stored.actions)


def _unplayed_bot_match(store: MemoryStore) -> str:
    """A match stored with no action yet, as when its process died while running its
    opening bot and chance moves."""
    store.create(StoredMatch("m1", GAME, {"players": 2}, 9, seats("greedy", None)), {})
    return "m1"


def test_a_match_whose_process_died_is_taken_over_when_the_lease_expires(cluster: Cluster) -> None:
    store, _, leases, clock, _, b = cluster
    match_id = _unplayed_bot_match(store)
    assert leases.acquire(match_id, "dead-process", 30)
    clock.now += 29
    assert b.coordinator.take_over_expired() == []
    assert store.load(match_id).actions == []  # type: ignore[union-attr]
    clock.now += 2
    assert b.coordinator.take_over_expired() == [match_id]
    stored = store.load(match_id)
    assert stored is not None and stored.actions  # the bot and the dice played
    state = reference_state(stored, decisions_of(stored.actions))
    assert state.history() == stored.actions and state.active_seats() == (1,)
    assert leases.holder(match_id) is None and leases.expired() == []


def test_unattended_play_runs_in_the_process_holding_the_lease_only(cluster: Cluster) -> None:
    store, _, leases, _, a, b = cluster
    match_id = _unplayed_bot_match(store)
    assert leases.acquire(match_id, "a", 30)  # a is running it right now
    b.coordinator.resume_all()
    assert store.load(match_id).actions == []  # type: ignore[union-attr]
    leases.release(match_id, "a")
    a.coordinator.resume_all()
    assert store.load(match_id).actions  # type: ignore[union-attr]


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_sql_leases_hold_one_holder_until_expiry(
    backend: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    if backend == "sqlite":
        url = f"sqlite:///{tmp_path / 'leases.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres_schema_url")
    store, clock = SqlStore(url), Clock()
    try:
        leases = SqlLeases(store.engine, clock)
        assert leases.acquire("m", "a", 10)
        assert not leases.acquire("m", "b", 10)
        assert leases.acquire("m", "a", 10)  # renewal
        assert leases.holder("m") == "a" and leases.expired() == []
        leases.release("m", "b")  # not b's: nothing happens
        assert leases.holder("m") == "a"
        clock.now += 11
        assert leases.expired() == ["m"] and leases.holder("m") is None
        assert leases.acquire("m", "b", 10) and leases.holder("m") == "b"
        leases.release("m", "b")
        assert leases.holder("m") is None and leases.expired() == []
    finally:
        store.close()


def test_serve_with_redis_refuses_sqlite_and_an_unreachable_redis(
    tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    sqlite = f"sqlite:///{tmp_path / 'one.sqlite3'}"
    result = CliRunner().invoke(
        app, ["serve", "--database-url", sqlite, "--redis-url", "redis://127.0.0.1:1/0"]
    )
    assert result.exit_code == 2
    assert "Several processes (--redis-url) need a PostgreSQL --database-url" in " ".join(
        result.output.split()
    )
    postgres = request.getfixturevalue("postgres_schema_url")
    result = CliRunner().invoke(
        app, ["serve", "--database-url", postgres, "--redis-url", "redis://:secret@127.0.0.1:1/0"]
    )
    assert result.exit_code == 2
    assert "Cannot reach Redis at redis://:***@127.0.0.1:1/0" in " ".join(result.output.split())
    assert "secret" not in result.output


def test_a_rematch_made_on_one_process_is_joined_from_the_other(cluster: Cluster) -> None:
    _, _, _, _, a, b = cluster
    ann, ben = duel(a)
    b.connect(ben)
    rng = Random(2)
    while not a.coordinator.live(ann.match_id).match.state.is_terminal():
        state = a.coordinator.live(ann.match_id).match.state
        seat = state.active_seats()[0]
        a.coordinator.act(Grant(ann.match_id, (seat,)), rng.choice(state.legal_actions(seat)), seat)
    created, ann_url = a.coordinator.rematch(ann)
    # b's page got its own link (seat 1's token), never seat 0's
    link = b.transport.messages_for(ben)[-1]["rematch"]
    assert link == f"/m/{created.match_id}#t={created.seat_tokens[1]}"
    assert created.seat_tokens[0] not in link
    assert ann_url == f"/m/{created.match_id}#t={created.seat_tokens[0]}"
    # a click on b joins the same rematch
    again, ben_url = b.coordinator.rematch(ben)
    assert again.match_id == created.match_id and ben_url == link


def test_after_lost_events_a_resync_pushes_the_stored_state(cluster: Cluster) -> None:
    store, bus, _, _, a, b = cluster
    ann, ben = duel(a)
    b.connect(ben)
    bus.down = True  # the subscription is lost while a move is made
    state = a.coordinator.live(ann.match_id).match.state
    a.coordinator.act(ann, state.legal_actions(0)[0], 0)
    stored = store.load(ann.match_id)
    assert stored is not None and b.versions_sent(ben)[-1] < len(stored.actions)
    bus.down = False
    b.coordinator.receive({"kind": "resync", "origin": "redis"})  # the bus came back
    assert b.versions_sent(ben)[-1] == len(stored.actions)


def test_a_redis_bus_that_cannot_publish_never_fails_the_move() -> None:
    from roadtrip.server.redis_bus import RedisBus

    bus = RedisBus("redis://127.0.0.1:1/0")  # nothing listens there
    try:
        started = time.monotonic()
        bus.publish({"kind": "alive", "origin": "x"})  # queued: never waits for Redis
        assert time.monotonic() - started < 0.5
        assert bus.flush(timeout=5.0)
        assert bus.dropped == 1  # logged, not raised
        assert bus._quiet_until > time.monotonic()  # the next ones skip Redis a moment
        bus.publish({"kind": "alive", "origin": "x"})
        assert bus.flush(timeout=5.0) and bus.dropped == 2
    finally:
        bus.close()


OPEN_ROAD_LONG = ("open-road", 1)  # two random bots: 12,679 actions with seed 1


def stored_count(store: MemoryStore, match_id: str) -> int:
    stored = store.load(match_id)
    assert stored is not None
    return len(stored.actions)


def test_unattended_play_runs_in_background_slices_under_a_renewed_lease() -> None:
    clock = Clock()
    store, bus, leases = MemoryStore(), MemoryBus(), MemoryLeases(clock)
    a = Process("a", store, bus, leases, background=True)
    b = Process("b", store, bus, leases, background=True)
    game, seed = OPEN_ROAD_LONG
    created = a.coordinator.create_match(game, {}, seats("random", "random"), seed=seed)
    match_id = created.match_id
    assert 0 < stored_count(store, match_id) <= 256  # one inline slice, then the runner
    assert leases.holder(match_id) == "a" and len(a.jobs) == 1
    b.coordinator.resume_all()  # b must not run it too while a holds the lease
    assert b.jobs == [] and stored_count(store, match_id) <= 256
    slices = 0
    while a.jobs:
        before = stored_count(store, match_id)
        a.jobs.pop(0)()
        slices += 1
        assert stored_count(store, match_id) - before <= 2_000  # a bounded slice
        clock.now += 20  # longer than the lease in all, but every slice renews it
        assert leases.expired() == [] and b.coordinator.take_over_expired() == []
    stored = store.load(match_id)
    assert stored is not None and stored.finished and len(stored.actions) > 10_000
    assert slices > 5 and leases.holder(match_id) is None
    state = reference_state(stored, decisions_of(stored.actions))
    assert state.history() == stored.actions


def test_a_process_whose_lease_was_taken_over_stops_and_the_other_finishes() -> None:
    clock = Clock()
    store, bus, leases = MemoryStore(), MemoryBus(), MemoryLeases(clock)
    a = Process("a", store, bus, leases, background=True)
    b = Process("b", store, bus, leases, background=True)
    game, seed = OPEN_ROAD_LONG
    match_id = a.coordinator.create_match(game, {}, seats("random", "random"), seed=seed).match_id
    a.jobs.pop(0)()  # one slice, then a stalls (or dies) longer than its lease
    clock.now += 31
    assert b.coordinator.take_over_expired() == [match_id] and leases.holder(match_id) == "b"
    b.jobs.pop(0)()
    taken_at = stored_count(store, match_id)
    while a.jobs:  # a wakes up: its lease is gone, so it stores nothing more
        a.jobs.pop(0)()
    assert stored_count(store, match_id) == taken_at and a.jobs == []
    while b.jobs:
        b.jobs.pop(0)()
    stored = store.load(match_id)
    assert stored is not None and stored.finished
    assert reference_state(stored, decisions_of(stored.actions)).history() == stored.actions


def test_automatic_play_that_loses_the_race_reloads_instead_of_failing(cluster: Cluster) -> None:
    store, bus, leases, _, a, _ = cluster
    match_id = _unplayed_bot_match(store)
    a.coordinator.live(match_id)  # a's copy: no action yet
    # Just before a stores the opening roll and bot move, another writer stores them
    # (as a process does whose lease a did not see): a's append is refused.
    rival = Process("c", store, bus, MemoryLeases())
    store.before_next_append.append(rival.coordinator.resume_all)
    assert a.coordinator.resume_all() == 1
    assert a.coordinator.unplayable() == {}  # not set aside: reloaded and went on
    stored = store.load(match_id)
    assert stored is not None and stored.actions
    assert reference_state(stored, decisions_of(stored.actions)).history() == stored.actions
    assert a.coordinator.live(match_id).match.state.history() == stored.actions
    assert leases.holder(match_id) is None and match_id not in a.coordinator._running


def test_forgotten_copies_reload_and_events_never_load_them() -> None:
    store, bus, leases = MemoryStore(), MemoryBus(), MemoryLeases()
    a = Process("a", store, bus, leases, limits=LiveLimits(max_live=1))
    b = Process("b", store, bus, leases)
    ann, _ = duel(a)
    duel(a)  # beyond the cap: the first is forgotten
    assert a.coordinator.live_count() == 1 and a.coordinator.sweep() == []
    state = b.coordinator.live(ann.match_id).match.state
    b.coordinator.act(ann, state.legal_actions(0)[0], 0)  # a hears of it, holds no copy
    assert a.coordinator.live_count() == 1
    stored = store.load(ann.match_id)
    assert stored is not None
    a.coordinator.refresh(ann.match_id)
    assert a.coordinator.message(ann.match_id, ann)["version"] == len(stored.actions)
    assert a.coordinator.live_count() <= 2
    a.coordinator.sweep()
    assert a.coordinator.live_count() == 1


def test_a_clean_stop_hands_the_matches_it_plays_over_at_once() -> None:
    clock = Clock()
    store, bus, leases = MemoryStore(), MemoryBus(), MemoryLeases(clock)
    a = Process("a", store, bus, leases, background=True)
    b = Process("b", store, bus, leases, background=True)
    game, seed = OPEN_ROAD_LONG
    match_id = a.coordinator.create_match(game, {}, seats("random", "random"), seed=seed).match_id
    assert leases.holder(match_id) == "a" and leases.expired() == []
    a.coordinator.hand_over_all()  # the app stops: its bot threads are gone
    assert leases.expired() == [match_id]  # no need to wait for the lease time
    assert b.coordinator.take_over_expired() == [match_id]
    stopped_at = stored_count(store, match_id)
    a.jobs.pop(0)()  # a slice a had queued before stopping stores nothing
    assert stored_count(store, match_id) == stopped_at and a.jobs == []
    b.jobs.pop(0)()
    assert stored_count(store, match_id) > stopped_at


class PresenceTransport(MemoryTransport):
    """A transport with presence messages, like the web app's hub."""

    def __init__(self) -> None:
        super().__init__()
        self.presence_for: list[str] = []

    def presence(self, match_id: str) -> None:
        self.presence_for.append(match_id)


def test_a_page_joining_on_another_process_costs_a_presence_update_not_states(
    cluster: Cluster,
) -> None:
    _, _, _, _, a, b = cluster
    transport = PresenceTransport()
    a.transport = transport
    a.coordinator.transport = transport
    ann, ben = duel(a)
    transport.connect(ann)
    a.coordinator.presence_changed(ann.match_id)
    sent = len(transport.sent)
    b.transport.connect(ben)
    b.coordinator.presence_changed(ben.match_id)  # what b's hub calls on a join
    assert transport.presence_for == [ann.match_id] and len(transport.sent) == sent
    assert a.coordinator.connected_seats(ann.match_id) == {0, 1}
    b.coordinator.announce("bye")
    assert transport.presence_for == [ann.match_id] * 2 and len(transport.sent) == sent
    assert a.coordinator.connected_seats(ann.match_id) == {0}


def test_a_slice_that_fails_sets_the_match_aside_here_and_hands_it_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = Clock()
    store, bus, leases = MemoryStore(), MemoryBus(), MemoryLeases(clock)
    a = Process("a", store, bus, leases, background=True)
    b = Process("b", store, bus, leases, background=True)
    game, seed = OPEN_ROAD_LONG
    match_id = a.coordinator.create_match(game, {}, seats("random", "random"), seed=seed).match_id

    def broken(*_: object) -> int:
        raise RuntimeError("this process's bot broke")

    for bot in a.coordinator.live(match_id).bots.values():
        monkeypatch.setattr(bot, "choose", broken)
    a.jobs.pop(0)()
    assert "bot broke" in a.coordinator.unplayable()[match_id] and a.jobs == []
    assert leases.expired() == [match_id]  # no need to wait for the lease time
    assert b.coordinator.take_over_expired() == [match_id]
    while b.jobs:
        b.jobs.pop(0)()
    stored = store.load(match_id)
    assert stored is not None and stored.finished


def test_a_match_stored_by_a_process_killed_before_taking_the_lease_is_taken_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The known gap of issue 13's soak: a process stores a move (here: a new match)
    that leaves bot and chance moves to play, and dies before it takes the lease.
    No lease row exists, so no lease ever expires; the orphan sweep of any other
    live process picks the match up instead of leaving it waiting for a restart."""
    clock = Clock()
    store, bus, leases = MemoryStore(), MemoryBus(), MemoryLeases(clock)
    a = Process("a", store, bus, leases, background=True)
    b = Process("b", store, bus, leases, background=True)
    # a dies right after storing: its automatic play never starts, no lease is taken
    monkeypatch.setattr(a.coordinator, "_continue", lambda *_: None)
    created = a.coordinator.create_match(GAME, {"players": 2}, seats("greedy", None), seed=9)
    orphan = created.match_id
    held = a.coordinator.create_match(GAME, {"players": 2}, seats("greedy", None), seed=5)
    assert leases.acquire(held.match_id, "a", 30)  # a live holder's match: not an orphan
    waiting = b.coordinator.create_match(GAME, {"players": 2}, seats(None, None), seed=4)
    assert stored_count(store, orphan) == 0 and leases.holder(orphan) is None
    assert b.coordinator.take_over_expired() == []  # no lease, so nothing expires
    assert b.coordinator.take_over_orphans() == []  # first look: versions noted only
    assert b.coordinator.take_over_orphans() == [orphan]  # unchanged since: taken
    while b.jobs:
        b.jobs.pop(0)()
    stored = store.load(orphan)
    assert stored is not None and stored.actions
    state = reference_state(stored, decisions_of(stored.actions))
    assert state.history() == stored.actions and state.active_seats() == (1,)
    assert leases.holder(orphan) is None and stored_count(store, held.match_id) == 0
    assert b.coordinator.take_over_orphans() == []  # still held: not taken
    assert stored_count(store, waiting.match_id) == len(
        b.coordinator.live(waiting.match_id).match.state.history()
    )
    # A match whose holder gives the lease back and dies before it looks again (its
    # version unchanged all along) is taken at the next look.
    leases.release(held.match_id, "a")
    assert b.coordinator.take_over_orphans() == [held.match_id]
    while b.jobs:
        b.jobs.pop(0)()
    assert stored_count(store, held.match_id) > 0
    # Each match is looked at once per version: another look replays nothing.
    loads: list[str] = []
    original = b.coordinator._load
    monkeypatch.setattr(b.coordinator, "_load", lambda m: loads.append(m) or original(m))
    b.coordinator.forget(waiting.match_id)
    assert b.coordinator.take_over_orphans() == [] and waiting.match_id not in loads


class StoreKilledBeforeFinish(MemoryStore):
    """A store whose writer 'dies' between storing a match's last moves and its finish."""

    dying = True

    def finish(self, match_id: str, returns: list[float]) -> None:
        if self.dying:
            raise RuntimeError("killed between the append and the finish")
        super().finish(match_id, returns)


def test_a_match_stored_complete_but_not_marked_finished_is_finished_on_load() -> None:
    """The soak found a match whose last moves were stored but not its finish (the
    process was killed between the two writes): no automatic move was left, so no
    process ever wrote again and it stayed 'unfinished' for ever.  Loading it (a
    restart's resume, a request, the orphan sweep) now stores the finish."""
    store, bus, leases = StoreKilledBeforeFinish(), MemoryBus(), MemoryLeases()
    a = Process("a", store, bus, leases)
    match_id = a.coordinator.create_match(GAME, {"players": 1}, seats(None), seed=5).match_id
    grant, rng = Grant(match_id, (0,)), Random(1)
    with pytest.raises(RuntimeError, match="killed"):
        for _ in range(1000):
            state = a.coordinator.live(match_id).match.state
            a.coordinator.act(grant, rng.choice(state.legal_actions(0)), 0)
    assert match_id in store.unfinished()
    store.dying = False
    b = Process("b", store, bus, leases)
    b.coordinator.resume_all()
    stored = store.load(match_id)
    assert stored is not None and stored.finished and store.unfinished() == []
    assert stored.returns == b.coordinator.live(match_id).match.state.returns()
