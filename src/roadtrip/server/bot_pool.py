"""The web app's bot processes: bots that think, and the advisor, off the event loop.

A bot that searches for a second holds the interpreter lock for that second: in
the server's own process it would make every other match wait.  So the decisions
of bots that think (:func:`roadtrip.bots.bot_thinks`: the experts and ``mcts``)
and the advisor's figures are computed in worker processes, ``roadtrip serve
--bot-workers N`` of them (default: one fewer than the cores, at least one), each
at a lower priority than the web process (``nice``), so that moves in other
matches are answered first.

Each worker is a *lane* (:mod:`roadtrip.server.bot_lane`): a process that runs one
job at a time, from the lane's fair queue (:mod:`roadtrip.server.thinking`: clients
take turns, bot moves before advice before reviews), with a spare process that runs
a waking player's bot move at once while the running job is paused.  Every job of a
match goes to the same lane (by a hash of its id); what a bot must remember between
its decisions travels with the jobs (the pool keeps it, per match and seat), so the
answer never depends on which process gave it.  Callers get a ``Future``:

* a job that runs longer than its limit (``limit_seconds``: well past any bot's
  budget; the advisor's seconds plus ``ADVICE_SLACK`` for advice) is taken to hang:
  the process is killed and started again, and the bot's move is left to the
  caller's fallback (``None``);
* a worker that dies (killed, out of memory) fails its job; the job is tried once
  more on a fresh process, then left to the fallback;
* queued jobs of an abandoned match are dropped (:meth:`BotPool.drop`).

No match ever waits on a dead or hung worker, and no move is lost: the caller
keeps the state, and a job's answer is only a proposal it checks.
"""

from __future__ import annotations

import logging
import os
import threading
import time
import zlib
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from typing import Any

from roadtrip.bots.advice import AdviceReport
from roadtrip.bots.work import check_seconds
from roadtrip.core.state import State
from roadtrip.server import bot_worker
from roadtrip.server.bot_lane import Lane
from roadtrip.server.bot_worker import AdviceAsk, BotAnswer, BotAsk
from roadtrip.server.thinking import (
    MAX_QUEUED_PER_CLIENT,
    BotPoolFailure,
    Job,
    Kind,
    WorkDropped,
)

__all__ = ["BotPool", "BotPoolFailure", "Kind", "WorkDropped", "default_workers"]

log = logging.getLogger("roadtrip.server")

DECISION_LIMIT = 30.0  # seconds a bot decision may take before its worker is killed
ADVICE_SLACK = 15.0  # seconds an advice job may run past the advisor's own budget
# (its first job in a worker also imports the advisor and loads compiled kernels:
# 5 s was too little on a loaded machine)
WORKER_NICE = 5  # how much lower the workers' priority is than the web process's
KEPT_MEMORIES = 4096  # matches whose bots' memories the pool keeps (the oldest go)


def default_workers() -> int:
    """One fewer than the cores this process may use, at least one."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    return max(1, cores - 1)


class BotPool:
    """``workers`` bot processes (see the module docstring).  ``setup`` runs in
    every worker as it starts (a picklable function: tests register bots with it);
    ``nice`` lowers their priority; ``limit_seconds`` bounds a bot decision;
    ``max_queued``: advice and review jobs one client may have queued in a lane;
    ``think``: the thinking bots' budget, about this many seconds a decision in
    units of work (None: each bot's default, about 1 s); ``preempt``: a waking
    player's bot move may pause the running job (see bot_lane)."""

    def __init__(
        self,
        workers: int | None = None,
        *,
        limit_seconds: float = DECISION_LIMIT,
        nice: int = WORKER_NICE,
        setup: Callable[[], None] | None = None,
        start_method: str = "spawn",
        max_queued: int = MAX_QUEUED_PER_CLIENT,
        think: float | None = None,
        preempt: bool = True,
    ) -> None:
        count = default_workers() if workers is None else workers
        if think is not None:
            check_seconds(think)
        if count < 1:
            raise ValueError(f"a bot pool needs at least one worker; got {count}")
        self.limit_seconds = limit_seconds
        self.nice = nice
        self.setup = setup
        self.start_method = start_method
        self.max_queued = max_queued
        self.think = think  # bots' budget, about this many seconds (None: their default)
        self.preempt = preempt
        self.closed = False
        self.restarts = 0  # processes killed and started again (hung or died)
        self.lanes = [Lane(self, i) for i in range(count)]
        # Called (on a lane's thread) as each job starts: the app's metrics.
        self.on_start: Callable[[Job], None] | None = None
        # What each match's bots remember between decisions: key -> (seat, bot) -> memory.
        self._memories: OrderedDict[str, dict[tuple[int, str], Any]] = OrderedDict()
        self._memory_lock = threading.Lock()

    @property
    def workers(self) -> int:
        return len(self.lanes)

    def lane_of(self, key: str) -> Lane:
        return self.lanes[zlib.crc32(key.encode()) % len(self.lanes)]

    def submit(
        self,
        kind: Kind,
        key: str,
        client: str | None,
        call: Callable[[Any], Any],
        ask: Any,
        limit: float,
    ) -> Job:
        """Queue ``call(ask)`` for match ``key`` on behalf of ``client`` (None: the
        match is its own client); the job, whose ``future`` has the answer."""
        job = Job(kind, client or f"match:{key}", key, call, ask, limit)
        self.lane_of(key).submit(job)
        return job

    def choose_later(
        self,
        key: str,
        state: State,
        seat: int,
        bot: str,
        rng_seed: str,
        client: str | None = None,
    ) -> Future[int | None]:
        """A future of the action bot ``bot`` chooses for ``seat`` in ``state``
        (match ``key``): None when the pool could not answer or the job was dropped
        (the caller falls back); BotPoolFailure once the pool is closed."""
        ask = BotAsk(key, state, seat, bot, rng_seed, self.think, self._memory(key, seat, bot))
        started = time.perf_counter()
        job = self.submit(Kind.BOT, key, client, bot_worker.decide, ask, self.limit_seconds)
        answer: Future[int | None] = Future()

        def settle(done: Future[Any]) -> None:
            exc = done.exception()
            if exc is None:
                decided: BotAnswer = done.result()
                self._remember(key, seat, bot, decided.memory)
                answer.set_result(decided.action)
            elif isinstance(exc, BotPoolFailure) and not self.closed:
                log.warning(
                    "bot %s of match %s: %s after %.1f s; a fallback moves",
                    bot,
                    key,
                    exc,
                    time.perf_counter() - started,
                )
                answer.set_result(None)
            else:  # stopping: no fallback move; the match resumes on restart
                answer.set_exception(exc)

        job.future.add_done_callback(settle)
        return answer

    def choose(
        self,
        key: str,
        state: State,
        seat: int,
        bot: str,
        rng_seed: str,
        client: str | None = None,
    ) -> int | None:
        """:meth:`choose_later`, waited for."""
        return self.choose_later(key, state, seat, bot, rng_seed, client).result()

    def advise_later(
        self,
        key: str,
        state: State,
        seat: int,
        seconds: float,
        *,
        seed: int | str = 0,
        names: Sequence[str] | None = None,
        client: str | None = None,
        kind: Kind = Kind.ADVICE,
    ) -> Future[AdviceReport]:
        """A future of the advisor's report for ``seat`` in ``state`` (BotPoolFailure
        when the pool could not answer; QueueFull, raised now, when ``client`` has
        too much queued).  ``kind``: ADVICE, or REVIEW for a review's decisions."""
        ask = AdviceAsk(key, state, seat, seconds, str(seed), names)
        job = self.submit(kind, key, client, bot_worker.advice, ask, seconds + ADVICE_SLACK)
        return job.future

    def advise(
        self,
        key: str,
        state: State,
        seat: int,
        seconds: float,
        *,
        seed: int | str = 0,
        names: Sequence[str] | None = None,
        client: str | None = None,
        kind: Kind = Kind.ADVICE,
    ) -> AdviceReport:
        """:meth:`advise_later`, waited for.  The same arguments as
        :func:`roadtrip.bots.advise`, plus who asks."""
        future = self.advise_later(
            key, state, seat, seconds, seed=seed, names=names, client=client, kind=kind
        )
        return future.result()

    def drop(self, key: str) -> int:
        """Drop the queued (not running) jobs of match ``key`` and what its bots
        remember: bot moves get the fallback, advice WorkDropped.  Returns how many."""
        with self._memory_lock:
            self._memories.pop(key, None)
        return self.lane_of(key).drop(key)

    def _memory(self, key: str, seat: int, bot: str) -> Any:
        with self._memory_lock:
            return self._memories.get(key, {}).get((seat, bot))

    def _remember(self, key: str, seat: int, bot: str, memory: Any) -> None:
        with self._memory_lock:
            if memory is None and key not in self._memories:
                return  # most bots remember nothing
            bots = self._memories.setdefault(key, {})
            self._memories.move_to_end(key)
            if memory is None:
                bots.pop((seat, bot), None)
            else:
                bots[(seat, bot)] = memory
            while len(self._memories) > KEPT_MEMORIES:
                self._memories.popitem(last=False)

    def pids(self) -> list[int]:
        """The worker processes running now (for tests and diagnostics)."""
        return [pid for lane in self.lanes for pid in lane.pids()]

    def close(self) -> None:
        """Stop every worker; queued jobs fail (their callers fall back)."""
        self.closed = True
        for lane in self.lanes:
            lane.close()
