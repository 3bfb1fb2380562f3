"""Wake-up preemption in a bot lane (issue 23 item 6: "one match's or one address's
work cannot delay another match's bot move by more than its own budget plus a
bounded wait"): a waking player's bot move runs at once in the lane's spare process
while the running job of another client is paused, and the paused job loses
nothing.  What a bot remembers travels with its jobs, so which process made a
decision never changes it.  Order and state are asserted, never wall time."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import Future
from random import Random

import pytest
import slow_bots
from test_thinking import bot_job, decision_state, wait_until

import roadtrip
from roadtrip.core import sample_chance
from roadtrip.server import bot_worker
from roadtrip.server.bot_pool import BotPool
from roadtrip.server.bot_worker import BotAsk
from roadtrip.server.thinking import Kind

VICTIM, ATTACKER, OTHER = "10.0.0.1", "10.0.0.2", "10.0.0.3"


pytestmark = pytest.mark.usefixtures("slow_bot_kinds")


@pytest.fixture
def pool() -> Iterator[BotPool]:
    """A one-lane pool, both its processes started."""
    made = BotPool(1, setup=slow_bots.register)
    try:
        bot_job(made, "warm-up", "x").future.result(timeout=60)
        made.lanes[0].spare.started()
        yield made
    finally:
        made.close()


def test_a_waking_players_bot_move_runs_at_once_while_the_running_job_waits(
    pool: BotPool,
) -> None:
    lane = pool.lanes[0]
    running = bot_job(pool, "attack", ATTACKER, bot="plodder")
    queued = [bot_job(pool, f"attack-{i}", ATTACKER) for i in range(5)]
    wait_until(lambda: lane.running is running)
    victim = bot_job(pool, "victim", VICTIM)
    assert victim.future.result(timeout=60) is not None
    assert not running.future.done()  # it was paused: the victim did not wait for it
    assert lane.preemptions == 1 and running.paused_by == VICTIM
    assert running.future.result(timeout=60) is not None  # and it still answers
    assert all(job.future.result(timeout=60) is not None for job in queued)


def test_a_job_is_paused_only_by_one_client_so_it_waits_for_one_players_turn_at_most(
    pool: BotPool,
) -> None:
    lane = pool.lanes[0]
    running = bot_job(pool, "attack", ATTACKER, bot="plodder")
    wait_until(lambda: lane.running is running)
    first = bot_job(pool, "victim", VICTIM, bot="sleepy")
    assert first.future.result(timeout=60) is not None
    again = bot_job(pool, "victim", VICTIM)  # the victim's next decision of its turn
    assert again.future.result(timeout=60) is not None
    assert not running.future.done()  # paused again, by the same client
    other = bot_job(pool, "other", OTHER)  # a third client may not pause it
    assert other.future.result(timeout=60) is not None
    assert running.future.done()  # the third client waited for the paused job
    assert lane.preemptions == 2 and running.pauses == 2 and running.paused_by == VICTIM


def test_no_preemption_for_the_same_client_advice_or_a_client_with_a_backlog(
    pool: BotPool,
) -> None:
    lane = pool.lanes[0]
    running = bot_job(pool, "attack", ATTACKER, bot="plodder")
    wait_until(lambda: lane.running is running)
    own = bot_job(pool, "attack-2", ATTACKER)  # the running job's own client
    state = decision_state()
    ask = BotAsk("ask", state, 0, "napper", "s")
    advice = pool.submit(Kind.ADVICE, "ask", VICTIM, bot_worker.choose, ask, 30.0)
    behind = bot_job(pool, "victim", VICTIM)  # its client has advice queued already
    for job in (own, advice, behind):
        assert job.future.result(timeout=60) is not None
    assert lane.preemptions == 0 and running.future.done()


def test_a_paused_jobs_time_limit_does_not_run_while_it_is_paused(pool: BotPool) -> None:
    main = pool.lanes[0].main
    answer: Future[float] = Future()
    thread = threading.Thread(
        target=lambda: answer.set_result(main.run(slow_bots.burn_cpu, 0.5, limit=2.0))
    )
    thread.start()
    assert main.pause()
    paused_for = 2.5  # more than the limit: had the pause counted, the job had failed
    wait_until(lambda: main.paused_seconds() >= paused_for)
    assert not answer.done()  # the job was still to do when it was paused
    main.resume()
    thread.join(timeout=60)
    assert answer.result(timeout=1) == 0.5


def test_what_a_bot_remembers_travels_with_its_jobs(pool: BotPool) -> None:
    state = decision_state()
    for _ in range(2):
        assert pool.choose("m", state, 0, "tally", "s", VICTIM) is not None
    assert pool._memory("m", 0, "tally") == 2
    pool._remember("m", 0, "tally", 10)  # as if the last decision was made elsewhere
    pool.choose("m", state, 0, "tally", "s", VICTIM)
    assert pool._memory("m", 0, "tally") == 11
    pool.drop("m")
    assert pool._memory("m", 0, "tally") is None


def test_a_road_rally_experts_plan_gives_the_same_play_in_any_process() -> None:
    """The expert picks a whole play of cards at its first card; with its memory
    carried, a seat's decisions are the same whether one process makes them all or
    each is made by a process that has never seen the match."""
    game = roadtrip.load_game("road-rally", players=2)

    def play(fresh_process: bool) -> tuple[list[int], int]:
        state, rng = game.new_initial_state(), Random(3)
        memory, planned = None, 0
        actions: list[int] = []
        while not state.is_terminal() and len(actions) < 40:
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            seat = state.current_player()
            if seat != 0:
                state.apply_action(rng.choice(state.legal_actions(seat)), seat)
                continue
            if fresh_process:
                bot_worker._bots.clear()
            ask = BotAsk("rr", state, 0, "expert", f"s{len(actions)}", 0.02, memory)
            answer = bot_worker.decide(ask)
            memory = answer.memory
            planned += bool(memory)
            actions.append(answer.action)
            state.apply_action(answer.action, 0)
        bot_worker._bots.clear()
        return actions, planned

    kept, planned = play(fresh_process=False)
    assert planned > 0  # some decisions left a plan to carry
    assert play(fresh_process=True) == (kept, planned)
