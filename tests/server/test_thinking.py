"""A fair share of thinking (issue 23, item 6): one fair queue per bot lane, clients
by address, bot moves before advice before reviews; queued work of abandoned
matches dropped without leaving a lane stuck; the client of a match's thinking is
the address that created it or moved in it.  Order of service is asserted, never
wall time."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from random import Random
from typing import Any

import pytest
import slow_bots
from fastapi.testclient import TestClient
from server_kit import GAME, act_http, create_http, play_to_end, seats, state_http

from roadtrip.core.registry import load_game
from roadtrip.core.state import State
from roadtrip.server import bot_worker
from roadtrip.server.app import create_app
from roadtrip.server.bot_pool import BotPool
from roadtrip.server.bot_worker import BotAsk
from roadtrip.server.coordinator import Coordinator
from roadtrip.server.errors import error_code
from roadtrip.server.http_guards import CLIENT
from roadtrip.server.live_cache import LiveLimits
from roadtrip.server.storage import Grant, MemoryStore
from roadtrip.server.thinking import FairQueue, Job, Kind, QueueFull, WorkDropped
from roadtrip.server.transport import MemoryTransport

pytestmark = pytest.mark.usefixtures("slow_bot_kinds")


def job(kind: Kind, client: str, match: str) -> Job:
    return Job(kind, client, match, lambda ask: ask, None, 1.0)


def popped(queue: FairQueue) -> list[tuple[str, str]]:
    out = []
    while (next_job := queue.pop()) is not None:
        out.append((next_job.client, next_job.match))
    return out


# ------------------------------------------------------------------ the queue
def test_a_new_client_is_served_right_after_the_running_job_however_much_another_queued() -> None:
    queue = FairQueue()
    for i in range(20):
        queue.push(job(Kind.BOT, "attacker", f"a{i}"))
    assert queue.pop() is not None  # a0 runs
    victim = job(Kind.BOT, "victim", "v")
    queue.push(victim)
    assert popped(queue)[0] == ("victim", "v")
    assert victim.start_index == victim.started_before  # nothing started in between


def test_a_client_with_one_job_at_a_time_never_waits_behind_anothers_backlog() -> None:
    """A player's bot asks for one decision, then the next once it has moved."""
    queue = FairQueue()
    for i in range(20):
        queue.push(job(Kind.BOT, "attacker", f"a{i}"))
    for _ in range(3):
        assert queue.pop() is not None  # an attacker's job runs
        queue.push(job(Kind.BOT, "victim", "v"))
        served = queue.pop()
        assert served is not None and served.client == "victim"


def test_two_busy_clients_alternate() -> None:
    queue = FairQueue()
    for i in range(3):
        queue.push(job(Kind.BOT, "a", f"a{i}"))
        queue.push(job(Kind.ADVICE, "b", f"b{i}"))
    assert [client for client, _ in popped(queue)] == ["a", "b"] * 3


def test_within_a_client_bot_moves_then_advice_then_reviews_and_matches_take_turns() -> None:
    queue = FairQueue()
    queue.push(job(Kind.REVIEW, "c", "r"))
    queue.push(job(Kind.ADVICE, "c", "x"))
    queue.push(job(Kind.BOT, "c", "m1"))
    queue.push(job(Kind.BOT, "c", "m1"))
    queue.push(job(Kind.BOT, "c", "m2"))
    assert [m for _, m in popped(queue)] == ["m1", "m2", "m1", "x", "r"]


def test_a_client_may_queue_only_so_much_advice_bot_moves_are_not_capped() -> None:
    queue = FairQueue(max_queued=2)
    queue.push(job(Kind.ADVICE, "c", "m"))
    queue.push(job(Kind.REVIEW, "c", "m"))
    with pytest.raises(QueueFull) as refused:
        queue.push(job(Kind.ADVICE, "c", "n"))
    assert refused.value.retry_after > 0
    assert error_code(refused.value) == (429, "too_many_requests")
    for i in range(5):
        queue.push(job(Kind.BOT, "c", f"b{i}"))
    queue.push(job(Kind.ADVICE, "other", "m"))  # another address has its own cap
    assert len(queue) == 8


def test_dropping_a_match_removes_only_its_queued_jobs() -> None:
    queue = FairQueue()
    for match in ("gone", "kept", "gone"):
        queue.push(job(Kind.BOT, "c", match))
    queue.push(job(Kind.ADVICE, "d", "gone"))
    assert len(queue.drop("gone")) == 3
    assert popped(queue) == [("c", "kept")]


# ------------------------------------------------------- the pool's lanes
def decision_state() -> State:
    state = load_game(GAME, players=1).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


def bot_job(pool: BotPool, match: str, client: str, bot: str = "napper") -> Job:
    ask = BotAsk(match, decision_state(), 0, bot, "seed")
    return pool.submit(Kind.BOT, match, client, bot_worker.choose, ask, 30.0)


def wait_until(condition: Callable[[], bool], seconds: float = 60.0) -> None:
    import time

    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def test_a_flood_of_one_address_delays_another_matchs_bot_move_by_one_job_at_most() -> None:
    """20 matches of one address flood the only lane; the victim's move (another
    address) starts right after the job running when it was asked."""
    pool = BotPool(1, setup=slow_bots.register)
    try:
        bot_job(pool, "warm-up", "x").future.result(timeout=60)  # the worker has started
        flood = [bot_job(pool, f"a{i}", "10.0.0.2") for i in range(20)]
        wait_until(lambda: pool.lanes[0].running is not None)
        victim = bot_job(pool, "victim", "10.0.0.1")
        assert victim.future.result(timeout=60) is not None
        assert victim.start_index - victim.started_before == 0
        for attacker in flood:
            attacker.future.result(timeout=60)  # every one served too
        later = sorted(a.start_index for a in flood if a.start_index > victim.start_index)
        assert len(later) >= 15  # most of the flood waited behind the victim
    finally:
        pool.close()


def test_dropped_jobs_answer_at_once_and_the_lane_goes_on() -> None:
    pool = BotPool(1, setup=slow_bots.register)
    try:
        running = bot_job(pool, "busy", "c", bot="sleepy")
        wait_until(lambda: pool.lanes[0].running is running)
        state = decision_state()
        bot_moves = [pool.choose_later("gone", state, 0, "napper", f"s{i}", "c") for i in range(3)]
        ask = BotAsk("gone", state, 0, "napper", "s")
        advice = pool.submit(Kind.ADVICE, "gone", "c", bot_worker.choose, ask, 30.0).future
        assert pool.drop("gone") == 4
        assert [move.result(timeout=1) for move in bot_moves] == [None] * 3  # the fallback
        with pytest.raises(WorkDropped):
            advice.result(timeout=1)
        assert running.future.result(timeout=60) is not None  # the running job finishes
        assert bot_job(pool, "after", "c").future.result(timeout=60) is not None
    finally:
        pool.close()


def test_closing_the_pool_fails_queued_jobs_instead_of_leaving_them_waiting() -> None:
    pool = BotPool(1, setup=slow_bots.register)
    running = bot_job(pool, "busy", "c", bot="sleepy")
    wait_until(lambda: pool.lanes[0].running is running)
    queued = bot_job(pool, "queued", "c")
    pool.close()
    assert queued.future.exception(timeout=5) is not None
    running.future.exception(timeout=30)  # settled (answered or failed), not left waiting
    assert not pool.pids()


# ------------------------------------------------- the coordinator's wiring
class RecordingThinker:
    """A thinker whose answers come later (as the pool's do); records clients and
    drops."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, str | None]] = []
        self.dropped: list[str] = []

    def choose(self, key: str, state: State, seat: int, bot: str, rng_seed: str) -> int | None:
        raise AssertionError("the coordinator waits for no answer when it can be told")

    def choose_later(
        self, key: str, state: State, seat: int, bot: str, rng_seed: str, client: str | None
    ) -> Future[int | None]:
        self.asked.append((key, client))
        future: Future[int | None] = Future()
        future.set_result(state.legal_actions(seat)[0])
        return future

    def drop(self, key: str) -> None:
        self.dropped.append(key)


def coordinator_with(thinker: RecordingThinker, **extra: Any) -> tuple[Coordinator, list[Any]]:
    jobs: list[Any] = []
    coordinator = Coordinator(
        MemoryStore(),
        MemoryTransport(),
        background=jobs.append,
        thinker=thinker,
        think_runner=jobs.append,
        **extra,
    )
    return coordinator, jobs


def run_all(jobs: list[Any]) -> None:
    for _ in range(10_000):
        if not jobs:
            return
        jobs.pop(0)()


def test_a_bot_move_is_thought_for_the_address_that_created_or_moved_in_the_match() -> None:
    thinker = RecordingThinker()
    coordinator, jobs = coordinator_with(thinker)
    token = CLIENT.set("192.0.2.7")
    try:
        created = coordinator.create_match(GAME, {"players": 2}, seats(None, "sleepy"), seed=3)
    finally:
        CLIENT.reset(token)
    match_id = created.match_id
    assert coordinator.client_of(match_id) == "192.0.2.7"
    grant = Grant(match_id, (0,))
    state = coordinator.live(match_id).match.state
    token = CLIENT.set("192.0.2.8")
    try:
        coordinator.act(grant, state.legal_actions(0)[0], 0)
    finally:
        CLIENT.reset(token)
    run_all(jobs)
    assert thinker.asked and thinker.asked[-1] == (match_id, "192.0.2.8")
    assert [s for s, _ in coordinator.live(match_id).match.state.history() if s == 1]


def test_the_queued_thinking_of_an_ended_set_aside_or_forgotten_match_is_dropped() -> None:
    thinker = RecordingThinker()
    now = [0.0]
    coordinator, _jobs = coordinator_with(
        thinker, limits=LiveLimits(max_live=10, idle_seconds=5), clock=lambda: now[0]
    )
    ended = coordinator.create_match(GAME, {"players": 1}, seats(None), seed=1).match_id
    play_to_end(coordinator, [Grant(ended, (0,))], Random(1))
    assert thinker.dropped == [ended]
    coordinator._set_aside("broken", ValueError("a history the rules refuse"))
    assert thinker.dropped[-1] == "broken"
    idle = coordinator.create_match(GAME, {"players": 1}, seats(None), seed=2).match_id
    now[0] += 60
    assert idle in coordinator.sweep()
    assert thinker.dropped[-1] == idle


def test_the_app_takes_the_client_address_of_a_request() -> None:
    with TestClient(create_app(MemoryStore()), client=("198.51.100.4", 5000)) as client:
        created = create_http(client)
        coordinator = client.app.state.coordinator  # type: ignore[attr-defined]
        assert coordinator.client_of(created["match"]) == "198.51.100.4"
    with TestClient(client.app, client=("198.51.100.5", 5000)) as other:
        token = created["seats"][0]["token"]
        message = state_http(other, created["match"], token)
        choice = message["choices"][0]["action"]
        act_http(other, created["match"], token, choice, my_moves=message["my_moves"])
        assert coordinator.client_of(created["match"]) == "198.51.100.5"
