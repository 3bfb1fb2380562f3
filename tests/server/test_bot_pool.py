"""Bots that think and the advisor compute in the bot pool's processes
(roadtrip.server.bot_pool, issue 12 item 6): the event loop and other matches never
wait for them, a hung or dead worker never wedges a match, the pool stops with the
app; and the same scheduling runs under leases on several processes."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from random import Random
from typing import Any

import pytest
import slow_bots
from fastapi.testclient import TestClient
from server_kit import GAME, act_http, create_http, decisions_of, reference_state, seats

from roadtrip.core.registry import load_game
from roadtrip.core.state import State
from roadtrip.server.app import create_app
from roadtrip.server.bot_pool import BotPool
from roadtrip.server.cluster import ClusterCoordinator, MemoryBus
from roadtrip.server.coordinator import Coordinator
from roadtrip.server.leases import MemoryLeases
from roadtrip.server.storage import Grant, MemoryStore
from roadtrip.server.transport import MemoryTransport

pytestmark = pytest.mark.usefixtures("slow_bot_kinds")


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def wait_for(condition: Callable[[], bool], seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.05)


def bot_moves(app: Any, match_id: str) -> int:
    """Decisions the bot seats made so far in ``match_id``."""
    live = app.state.coordinator.live(match_id)
    return sum(1 for seat, _ in live.match.state.history() if seat in live.bots)


def serving(pool: BotPool) -> Any:
    return TestClient(create_app(MemoryStore(), bot_pool=pool))


def test_a_thinking_bot_moves_in_a_bot_process_never_inside_the_request() -> None:
    pool = BotPool(1, setup=slow_bots.register)
    with serving(pool) as client:
        created = create_http(client, players=2, bots=["burner", "burner"])
        app = client.app
        # the request answered before any bot decision: they are left to the pool
        assert bot_moves(app, created["match"]) == 0
        wait_for(lambda: bot_moves(app, created["match"]) >= 2)
        assert pool.pids() and slow_bots.CHOSEN_IN == []  # none chose in this process
        workers = pool.pids()
    assert not any(alive(pid) for pid in workers)  # stopped with the app


def test_a_move_is_answered_while_the_bot_against_it_thinks() -> None:
    """The bot takes 0.8 s a decision; the player's moves are answered at once (they
    used to wait for the bot's reply inside the request)."""
    pool = BotPool(1, setup=slow_bots.register)
    with serving(pool) as client:
        created = create_http(client, players=2, bots=[None, "sleepy"])
        match_id, token = created["match"], created["seats"][0]["token"]
        other = create_http(client)  # a solo match nobody thinks in
        rng = Random(4)
        slowest = 0.0
        for _ in range(4):
            message = client.get(f"/api/matches/{match_id}/state", headers=_auth(token)).json()
            wait_for(lambda m=match_id, t=token: _my_turn(client, m, t))
            message = client.get(f"/api/matches/{match_id}/state", headers=_auth(token)).json()
            if message["finished"]:
                break
            started = time.perf_counter()
            response = act_http(
                client,
                match_id,
                token,
                rng.choice(message["choices"])["action"],
                my_moves=message["my_moves"],
            )
            slowest = max(slowest, time.perf_counter() - started)
            assert response.status_code == 200, response.text
            solo = client.get(
                f"/api/matches/{other['match']}/state", headers=_auth(other["seats"][0]["token"])
            ).json()
            started = time.perf_counter()
            assert act_http(
                client,
                other["match"],
                other["seats"][0]["token"],
                solo["choices"][0]["action"],
                my_moves=solo["my_moves"],
            ).status_code in (200, 409)
            slowest = max(slowest, time.perf_counter() - started)
        assert slowest < 0.6  # a bot decision takes 0.8 s
        assert bot_moves(client.app, match_id) >= 2 and slow_bots.CHOSEN_IN == []


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _my_turn(client: Any, match_id: str, token: str) -> bool:
    message = client.get(f"/api/matches/{match_id}/state", headers=_auth(token)).json()
    return bool(message["finished"] or message["choices"])


def test_a_hung_bot_process_is_killed_and_a_fallback_bot_moves() -> None:
    pool = BotPool(1, limit_seconds=1.0, setup=slow_bots.register)
    with serving(pool) as client:
        created = create_http(client, players=2, bots=["hanger", "hanger"])
        wait_for(lambda: bot_moves(client.app, created["match"]) >= 2)
        assert pool.restarts >= 2
        _assert_replays(client.app, created["match"])
        workers = pool.pids()
    assert not any(alive(pid) for pid in workers)


def test_a_crashing_bot_process_is_restarted_and_the_match_goes_on() -> None:
    pool = BotPool(1, setup=slow_bots.register)
    with serving(pool) as client:
        created = create_http(client, players=2, bots=["crasher", "crasher"])
        wait_for(lambda: bot_moves(client.app, created["match"]) >= 2)
        assert pool.restarts >= 4  # each decision: tried twice, then the fallback
        _assert_replays(client.app, created["match"])


def test_a_killed_bot_process_loses_no_move() -> None:
    """SIGKILL the worker while it thinks: the decision is asked again of a new one."""
    pool = BotPool(1, setup=slow_bots.register)
    with serving(pool) as client:
        created = create_http(client, players=2, bots=["sleepy", "sleepy"])
        wait_for(lambda: bool(pool.pids()))
        first = pool.pids()[0]
        time.sleep(0.3)  # inside a 0.8 s decision
        os.kill(first, signal.SIGKILL)
        wait_for(lambda: bot_moves(client.app, created["match"]) >= 3)
        assert pool.restarts == 1 and pool.pids() and pool.pids()[0] != first
        _assert_replays(client.app, created["match"])


def _assert_replays(app: Any, match_id: str) -> None:
    coordinator = app.state.coordinator
    stored = coordinator.store.load(match_id)
    state = reference_state(stored, decisions_of(stored.actions))
    assert state.history() == stored.actions


def test_advice_is_computed_in_a_bot_process() -> None:
    pool = BotPool(1)
    try:
        state = load_game(GAME).new_initial_state()
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        report = pool.advise("m1", state, 0, 0.2, seed="s")
        assert {a.action for a in report.choices} == set(state.legal_actions(0))
        assert pool.pids()
    finally:
        pool.close()


class FakeThinker:
    """An in-process thinker: the first legal action, and the calls it got."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int, str]] = []

    def choose(self, key: str, state: State, seat: int, bot: str, rng_seed: str) -> int | None:
        self.calls.append((key, seat, bot))
        return state.legal_actions(seat)[0]


@pytest.mark.parametrize("cluster", [False, True])
def test_thinking_decisions_go_to_the_thinker_and_the_lease_is_given_back(cluster: bool) -> None:
    store, thinker = MemoryStore(), FakeThinker()
    jobs: list[Callable[[], None]] = []
    thinking: list[Callable[[], None]] = []
    common: dict[str, Any] = {
        "background": jobs.append,
        "thinker": thinker,
        "think_runner": thinking.append,
    }
    leases = MemoryLeases()
    coordinator: Coordinator = (
        ClusterCoordinator(
            store,
            MemoryTransport(),
            bus=MemoryBus(),
            leases=leases,
            process_id="a",
            local_seats=lambda m: set(),
            **common,
        )
        if cluster
        else Coordinator(store, MemoryTransport(), **common)
    )
    created = coordinator.create_match(GAME, {"players": 2}, seats("sleepy", "random"), seed=5)
    match_id = created.match_id
    assert not [s for s, _ in coordinator.live(match_id).match.state.history() if s == 0]
    for _ in range(10_000):
        if not (jobs or thinking):
            break
        (thinking or jobs).pop(0)()
    state = coordinator.live(match_id).match.state
    assert state.is_terminal()
    decisions = [a for s, a in state.history() if s == 0]
    assert len(thinker.calls) == len(decisions) > 0
    assert all(call == (match_id, 0, "sleepy") for call in thinker.calls)
    assert leases.holder(match_id) is None
    stored = store.load(match_id)
    assert stored is not None and stored.finished
    assert reference_state(stored, decisions_of(stored.actions)).history() == stored.actions


def test_a_decision_for_a_state_that_moved_on_is_dropped_and_asked_again() -> None:
    """Everyone decides on the same roll in Road to 300: the player moves while the
    bot thinks, so the bot's answer (for the state before) is not played; it is
    asked again on the new state and played once."""
    store, jobs, thinking = MemoryStore(), [], []  # type: ignore[var-annotated]
    coordinator: Coordinator

    class MovingThinker(FakeThinker):
        def choose(self, key: str, state: State, seat: int, bot: str, rng_seed: str) -> int | None:
            if not self.calls:  # the player moves while the bot thinks the first time
                live = coordinator.live(key)
                action = live.match.state.legal_actions(0)[0]
                coordinator.act(Grant(key, (0,)), action, 0)
            return super().choose(key, state, seat, bot, rng_seed)

    thinker = MovingThinker()
    coordinator = Coordinator(
        store,
        MemoryTransport(),
        background=jobs.append,
        thinker=thinker,
        think_runner=thinking.append,
    )
    created = coordinator.create_match(GAME, {"players": 2}, seats(None, "sleepy"), seed=5)
    assert coordinator.live(created.match_id).match.state.active_seats() == (0, 1)
    thinking.pop(0)()  # the first thought: the player moved meanwhile
    history = coordinator.live(created.match_id).match.state.history()
    assert [s for s, _ in history if s == 1] == []  # dropped
    while thinking or jobs:
        (thinking or jobs).pop(0)()
        if len(thinker.calls) >= 2:
            break
    history = coordinator.live(created.match_id).match.state.history()
    assert len(thinker.calls) == 2 and [s for s, _ in history].count(1) == 1


SERVER_WITH_A_WORKER = """
import sys, time
from roadtrip.server.bot_pool import BotPool
pool = BotPool(1)
pool.lanes[0].main.started()
print(pool.pids()[0], flush=True)
time.sleep(120)
"""


def test_the_workers_of_a_killed_server_end_with_it() -> None:
    import subprocess
    import sys

    server = subprocess.Popen(
        [sys.executable, "-c", SERVER_WITH_A_WORKER], stdout=subprocess.PIPE, text=True
    )
    try:
        assert server.stdout is not None
        worker = int(server.stdout.readline())
        assert alive(worker)
    finally:
        server.kill()
        server.wait()
    wait_for(lambda: not alive(worker), 10)


def test_the_pools_think_budget_reaches_the_bots_in_units_of_work() -> None:
    """Issue 23 item 1: ``roadtrip serve --bot-think S`` gives every thinking bot
    about S seconds a decision, turned into its units (mcts: iterations)."""
    from roadtrip.bots.search.bot import ITERATIONS
    from roadtrip.bots.work import BudgetError
    from roadtrip.server import bot_worker
    from roadtrip.server.bot_worker import BotAsk

    state = load_game("road-to-300").new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    ask = BotAsk("think-test", state, 0, "mcts", "seed", think=0.05)
    assert bot_worker.choose(ask) in state.legal_actions(0)
    bot = bot_worker._bots["think-test"][(0, "mcts")]
    assert bot.settings.budget.iterations == ITERATIONS["road-to-300"].units(0.05)  # type: ignore[attr-defined]
    with pytest.raises(BudgetError):
        BotPool(1, think=0.0)
