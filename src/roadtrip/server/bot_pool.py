"""The web app's bot processes: bots that think, and the advisor, off the event loop.

A bot that searches for a second holds the interpreter lock for that second: in
the server's own process it would make every other match wait.  So the decisions
of bots that think (:func:`roadtrip.bots.bot_thinks`: the experts and ``mcts``)
and the advisor's figures are computed in worker processes, ``roadtrip serve
--bot-workers N`` of them (default: one fewer than the cores, at least one), each
at a lower priority than the web process (``nice``), so that moves in other
matches are answered first.

Each worker is a *lane*: a one-process ``ProcessPoolExecutor`` that runs one job
at a time.  Every job of a match goes to the same lane (by a hash of its id), so
that the bots kept there keep their plans (:mod:`roadtrip.server.bot_worker`).
Jobs wait in the lane's fair queue (:mod:`roadtrip.server.thinking`: clients take
turns, bot moves before advice before reviews) and one thread per lane (its
dispatcher) runs them; callers get a ``Future`` and no thread waits for a lane:

* a job that runs longer than its limit (``limit_seconds``: well past any bot's
  budget; the advisor's seconds plus ``ADVICE_SLACK`` for advice) is taken to hang:
  the lane's process is killed and started again, and the bot's move is left to
  the caller's fallback (``None``);
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
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from typing import Any

from roadtrip.bots.advice import AdviceReport
from roadtrip.bots.work import check_seconds
from roadtrip.core.state import State
from roadtrip.server import bot_worker
from roadtrip.server.bot_worker import AdviceAsk, BotAsk
from roadtrip.server.thinking import (
    MAX_QUEUED_PER_CLIENT,
    BotPoolFailure,
    FairQueue,
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
START_SECONDS = 60.0  # seconds a new worker has to start (import the bots)
WORKER_NICE = 5  # how much lower the workers' priority is than the web process's
ATTEMPTS = 2  # a job whose worker dies is tried this often in all


def default_workers() -> int:
    """One fewer than the cores this process may use, at least one."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    return max(1, cores - 1)


class _Lane:
    """One worker process, one job at a time, its jobs in a fair queue."""

    def __init__(self, pool: BotPool, index: int) -> None:
        self.pool = pool
        self.index = index
        self.cond = threading.Condition()  # guards queue, running and the thread
        self.queue = FairQueue(pool.max_queued)
        self.running: Job | None = None
        self.thread: threading.Thread | None = None
        self.executor: ProcessPoolExecutor | None = None
        self.pids: list[int] = []

    def submit(self, job: Job) -> Future[Any]:
        """Queue ``job`` (QueueFull when its client has too much queued)."""
        with self.cond:
            if self.pool.closed:
                job.future.set_exception(BotPoolFailure("the bot processes are stopping"))
                return job.future
            self.queue.push(job)
            if self.thread is None:
                self.thread = threading.Thread(
                    target=self._serve, name=f"roadtrip-lane-{self.index}", daemon=True
                )
                self.thread.start()
            self.cond.notify()
        return job.future

    def drop(self, match: str) -> int:
        """Fail the queued (not running) jobs of ``match`` with WorkDropped."""
        with self.cond:
            dropped = self.queue.drop(match)
        for job in dropped:
            if job.future.set_running_or_notify_cancel():
                job.future.set_exception(WorkDropped(f"match {match} no longer needs this"))
        return len(dropped)

    def _serve(self) -> None:
        """The dispatcher: run the queue's next job, one at a time, until closed."""
        while True:
            with self.cond:
                while not len(self.queue) and not self.pool.closed:
                    self.cond.wait()
                if self.pool.closed:
                    return
                job = self.queue.pop()
                self.running = job
            try:
                if job is not None and job.future.set_running_or_notify_cancel():
                    try:
                        result = self._execute(job.call, job.ask, job.limit)
                    except BaseException as exc:  # handed to the caller
                        job.future.set_exception(exc)
                    else:
                        job.future.set_result(result)
            finally:
                with self.cond:
                    self.running = None

    def _execute(self, call: Callable[[Any], Any], ask: Any, limit: float) -> Any:
        """Run ``call(ask)`` in this lane's process within ``limit`` seconds of its
        start; BotPoolFailure when it hangs or its worker dies twice."""
        failure = "no attempt"
        for _ in range(ATTEMPTS):
            if self.pool.closed:
                raise BotPoolFailure("the bot processes are stopping")
            executor = self._started()
            if self.pool.closed:  # the pool closed while this process started
                self.close()
                raise BotPoolFailure("the bot processes are stopping")
            future = executor.submit(call, ask)
            try:
                return future.result(timeout=limit)
            except FutureTimeout:
                self._kill(f"a job ran longer than {limit:g} s")
                raise BotPoolFailure(f"a bot process took longer than {limit:g} s") from None
            except BrokenProcessPool:
                failure = "its process died"
                self._kill(failure)
        raise BotPoolFailure(f"a bot process failed {ATTEMPTS} times: {failure}")

    def _started(self) -> ProcessPoolExecutor:
        if self.executor is None:
            executor = ProcessPoolExecutor(
                max_workers=1,
                mp_context=get_context(self.pool.start_method),
                initializer=bot_worker.started,
                initargs=(self.pool.nice, self.pool.setup),
            )
            try:
                pid = executor.submit(bot_worker.ready).result(timeout=START_SECONDS)
            except (FutureTimeout, BrokenProcessPool) as exc:
                self.executor = executor
                self._kill("it did not start")
                raise BotPoolFailure(f"a bot process did not start: {exc!r}") from None
            self.executor, self.pids = executor, [pid]
        return self.executor

    def _kill(self, why: str) -> None:
        """Stop this lane's process now (the next job starts a new one)."""
        executor, self.executor = self.executor, None
        if executor is None:
            return
        log.warning("bot process %d is restarted: %s", self.index, why)
        processes = dict(getattr(executor, "_processes", None) or {})
        for process in processes.values():
            process.kill()
        executor.shutdown(wait=True, cancel_futures=True)
        self.pool.restarts += 1

    def close(self) -> None:
        """Fail the queued jobs, wake the dispatcher and stop the process (killed if
        a job runs: it may hang)."""
        with self.cond:
            queued = self.queue.drain()
            busy = self.running is not None
            self.cond.notify_all()
        for job in queued:
            if job.future.set_running_or_notify_cancel():
                job.future.set_exception(BotPoolFailure("the bot processes are stopping"))
        executor, self.executor = self.executor, None
        if executor is None:
            return
        if busy:
            for process in dict(getattr(executor, "_processes", None) or {}).values():
                process.kill()
        executor.shutdown(wait=True, cancel_futures=True)


class BotPool:
    """``workers`` bot processes (see the module docstring).  ``setup`` runs in
    every worker as it starts (a picklable function: tests register bots with it);
    ``nice`` lowers their priority; ``limit_seconds`` bounds a bot decision;
    ``max_queued``: advice and review jobs one client may have queued in a lane;
    ``think``: the thinking bots' budget, about this many seconds a decision in
    units of work (None: each bot's default, about 1 s)."""

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
        self.closed = False
        self.restarts = 0  # processes killed and started again (hung or died)
        self.lanes = [_Lane(self, i) for i in range(count)]

    @property
    def workers(self) -> int:
        return len(self.lanes)

    def lane_of(self, key: str) -> _Lane:
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
        ask = BotAsk(key, state, seat, bot, rng_seed, self.think)
        started = time.perf_counter()
        job = self.submit(Kind.BOT, key, client, bot_worker.choose, ask, self.limit_seconds)
        answer: Future[int | None] = Future()

        def settle(done: Future[Any]) -> None:
            exc = done.exception()
            if exc is None:
                answer.set_result(done.result())
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
        """Drop the queued (not running) jobs of match ``key``: bot moves get the
        fallback, advice WorkDropped.  Returns how many."""
        return self.lane_of(key).drop(key)

    def pids(self) -> list[int]:
        """The worker processes running now (for tests and diagnostics)."""
        return [pid for lane in self.lanes if lane.executor is not None for pid in lane.pids]

    def close(self) -> None:
        """Stop every worker; queued jobs fail (their callers fall back)."""
        self.closed = True
        for lane in self.lanes:
            lane.close()
