"""A start does not wait for the unfinished matches (issue 24, "Restart at once").

The server listened only after replaying every unfinished match (29.9 s with 7
long bot matches).  Now it answers at once; matches resume on their first request
(caught up as before) and on a background thread that never holds more of them in
memory than the live cache allows (roadtrip.server.resume)."""

from __future__ import annotations

import copy
import threading
import time
from collections.abc import Callable

from fastapi.testclient import TestClient
from server_kit import GAME, auth, seats

from roadtrip.server.app import create_app
from roadtrip.server.coordinator import Coordinator
from roadtrip.server.live_cache import LiveLimits
from roadtrip.server.resume import Resumer
from roadtrip.server.storage import Grant, MemoryStore, StoredMatch
from roadtrip.server.tokens import token_hash
from roadtrip.server.transport import MemoryTransport

OPEN_ROAD = "open-road"
LEFT_TO_PLAY = 3_000  # moves the bots of a long crashed match still have to make


class GatedStore(MemoryStore):
    """A store whose loads of the ``gated`` matches wait until the test opens the
    gate (at most ``GATE_SECONDS``), as a slow replay of a long match would."""

    GATE_SECONDS = 10.0

    def __init__(self) -> None:
        super().__init__()
        self.gated: set[str] = set()
        self.gate = threading.Event()
        self.entered = threading.Event()
        self.waiting_now = 0  # loads held at the gate right now

    def load(self, match_id: str) -> StoredMatch | None:
        if match_id in self.gated and not self.gate.is_set():
            self.waiting_now += 1
            self.entered.set()
            self.gate.wait(self.GATE_SECONDS)
            self.waiting_now -= 1
        return super().load(match_id)


def crashed_bot_match(
    store: MemoryStore, seed: int, left: int = LEFT_TO_PLAY
) -> tuple[str, list[tuple[int, int]]]:
    """A long all-bot match stored as a server leaves it that stopped in the middle:
    ``left`` moves short of its end, unfinished.  Returns its id and the whole
    history a server that never stopped stored."""
    played = MemoryStore()
    created = Coordinator(played, MemoryTransport()).create_match(
        OPEN_ROAD, {}, seats("random", "random"), seed=seed
    )
    stored = played.load(created.match_id)
    assert stored is not None and stored.finished and len(stored.actions) > left + 500
    crashed = copy.deepcopy(stored)
    crashed.actions = stored.actions[:-left]
    crashed.finished, crashed.returns = False, None
    store.create(crashed, {token_hash(created.spectator_token): Grant(created.match_id, ())})
    return created.match_id, stored.actions


def crashed_duel(store: MemoryStore) -> tuple[str, str, list[tuple[int, int]]]:
    """A person against a bot, stored after the opening roll only (the bot's reply
    was not stored yet): its id, the person's token and the history the bot's
    reply makes (what a server that never stopped shows)."""
    played = MemoryStore()
    created = Coordinator(played, MemoryTransport()).create_match(
        GAME, {"players": 2}, seats(None, "random"), seed=12
    )
    stored = played.load(created.match_id)
    assert stored is not None and any(seat == 1 for seat, _ in stored.actions)
    crashed = copy.deepcopy(stored)
    crashed.actions = stored.actions[:1]
    token = created.seat_tokens[0]
    store.create(crashed, {token_hash(token): Grant(created.match_id, (0,))})
    return created.match_id, token, stored.actions


def wait_until_finished(store: MemoryStore, match_id: str, seconds: float = 60.0) -> StoredMatch:
    deadline = time.monotonic() + seconds
    while True:
        stored = store.load(match_id)
        assert stored is not None
        if stored.finished:
            return stored
        assert time.monotonic() < deadline, f"match {match_id} did not finish"
        time.sleep(0.05)


def test_the_app_answers_while_a_match_is_still_being_resumed() -> None:
    store = GatedStore()
    slow, _ = crashed_bot_match(store, seed=1)
    store.gated.add(slow)
    with TestClient(create_app(store)) as client:
        assert store.entered.wait(GatedStore.GATE_SECONDS)
        lobby = client.get("/")
        games = client.get("/api/games")
        assert store.waiting_now == 1, "the requests were answered only after the resume"
        assert lobby.status_code == 200 and games.status_code == 200
        store.gate.set()


def test_the_first_request_for_a_match_not_yet_resumed_sees_it_caught_up() -> None:
    store = GatedStore()
    slow, _ = crashed_bot_match(store, seed=1)  # resumed first: the resumer waits on it
    store.gated.add(slow)
    duel, token, expected = crashed_duel(store)
    with TestClient(create_app(store)) as client:
        assert store.entered.wait(GatedStore.GATE_SECONDS)
        answer = client.get(f"/api/matches/{duel}/state", headers=auth(token))
        assert store.waiting_now == 1, "answered only after the resume"
        assert answer.status_code == 200, answer.text
        state = answer.json()
        assert state["version"] == len(expected)  # the bot's reply was played first
        assert state["choices"]  # and it is the person's turn
        stored = store.load(duel)
        assert stored is not None and stored.actions == expected
        store.gate.set()


def test_an_all_bot_match_plays_to_its_end_after_a_start_with_no_request() -> None:
    store = GatedStore()
    slow, expected = crashed_bot_match(store, seed=1)
    store.gated.add(slow)
    with TestClient(create_app(store)):
        assert store.entered.wait(GatedStore.GATE_SECONDS)
        assert store.waiting_now == 1  # the app runs while the match is being loaded
        store.gate.set()
        finished = wait_until_finished(store, slow)
    assert finished.actions == expected  # the very moves of a server that never stopped


def test_the_resumer_plays_one_batch_of_bot_matches_at_a_time() -> None:
    """Resumed all at once, every unfinished bot match stayed in memory while its
    bots played.  With room for 2, one resumed match plays at a time: the next is
    loaded once it is done."""
    store = MemoryStore()
    matches = [crashed_bot_match(store, seed, left=1_000)[0] for seed in (1, 2, 3)]
    jobs: list[Callable[[], None]] = []  # background slices, run here by the test
    limits = LiveLimits(max_live=2)
    coordinator = Coordinator(store, MemoryTransport(), background=jobs.append, limits=limits)
    resumer = Resumer(coordinator)
    assert resumer.limit == 1
    resumer.start()
    try:
        for index, match_id in enumerate(matches):
            deadline = time.monotonic() + 30
            while not coordinator.resume_busy(match_id):
                assert time.monotonic() < deadline, f"match {index} was not resumed"
                time.sleep(0.01)
            time.sleep(0.2)  # time enough for the resumer to start the next, were it to
            assert all(m in coordinator.pending_resume for m in matches[index + 1 :])
            assert sum(coordinator.resume_busy(m) for m in matches) == 1
            assert coordinator.live_count() <= limits.max_live
            while jobs:  # the bots play on
                jobs.pop(0)()
            assert wait_until_finished(store, match_id, seconds=0).finished
        assert resumer.done.wait(30) and resumer.resumed == 3
    finally:
        resumer.stop()


def test_a_match_loaded_only_to_resume_it_leaves_memory_when_nothing_must_move() -> None:
    store = MemoryStore()
    for seed in range(3):  # people's turns: nothing to play on
        Coordinator(store, MemoryTransport()).create_match(
            GAME, {"players": 2}, seats(None, "random"), seed=seed
        )
    coordinator = Coordinator(store, MemoryTransport())
    assert coordinator.resume_all() == 3
    assert coordinator.live_count() == 0  # the cache holds what people use, not these


def test_a_pending_match_is_caught_up_on_its_first_access_and_resumed_once() -> None:
    store = MemoryStore()
    duel, token, expected = crashed_duel(store)
    coordinator = Coordinator(store, MemoryTransport())
    assert coordinator.plan_resume() == [duel]
    grant = coordinator.authorize(duel, token)
    assert coordinator.live(duel).match.state.history() == expected
    assert coordinator.resume_one(duel) is False  # already caught up: not twice
    stored = store.load(duel)
    assert stored is not None and stored.actions == expected and grant.seats == (0,)


def test_in_a_cluster_a_pending_match_catches_up_under_its_lease_only() -> None:
    from roadtrip.server.cluster import ClusterCoordinator, MemoryBus
    from roadtrip.server.leases import MemoryLeases

    store, bus, leases = MemoryStore(), MemoryBus(), MemoryLeases()
    duel, token, expected = crashed_duel(store)

    def process(name: str) -> ClusterCoordinator:
        return ClusterCoordinator(
            store,
            MemoryTransport(),
            bus=bus,
            leases=leases,
            process_id=name,
            local_seats=lambda _match_id: set(),
        )

    a, b = process("a"), process("b")
    assert a.plan_resume() == b.plan_resume() == [duel]
    assert leases.acquire(duel, "a", 30)  # a runs it right now
    b.authorize(duel, token)
    stored = store.load(duel)
    assert stored is not None and len(stored.actions) == 1  # b left it to a
    leases.release(duel, "a")
    assert a.resume_one(duel)
    stored = store.load(duel)
    assert stored is not None and stored.actions == expected
    assert leases.holder(duel) is None
    assert a.take_over_orphans() == [] and b.take_over_orphans() == []
