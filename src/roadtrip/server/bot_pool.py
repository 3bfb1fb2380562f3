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
The calling thread (never the event loop) waits for its lane, then for the job:

* a job that runs longer than its limit (``limit_seconds``: well past any bot's
  budget; the advisor's seconds plus ``ADVICE_SLACK`` for advice) is taken to hang:
  the lane's process is killed and started again, and the bot's move is left to
  the caller's fallback (``None``);
* a worker that dies (killed, out of memory) fails its job; the job is tried once
  more on a fresh process, then left to the fallback.

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
from typing import Any, TypeVar

from roadtrip.bots.advice import AdviceReport
from roadtrip.core.errors import RoadtripError
from roadtrip.core.state import State
from roadtrip.server import bot_worker
from roadtrip.server.bot_worker import AdviceAsk, BotAsk

log = logging.getLogger("roadtrip.server")

T = TypeVar("T")

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


class BotPoolFailure(RoadtripError):
    """The bot processes could not answer (a worker hung or died twice)."""


class _Lane:
    """One worker process, one job at a time."""

    def __init__(self, pool: BotPool, index: int) -> None:
        self.pool = pool
        self.index = index
        self.lock = threading.Lock()  # held by the thread whose job runs
        self.executor: ProcessPoolExecutor | None = None
        self.pids: list[int] = []

    def run(self, job: Callable[[Any], T], ask: Any, limit: float) -> T:
        """Run ``job(ask)`` in this lane's process within ``limit`` seconds of its
        start; BotPoolFailure when it hangs or its worker dies twice."""
        with self.lock:
            failure = "no attempt"
            for _ in range(ATTEMPTS):
                if self.pool.closed:
                    raise BotPoolFailure("the bot processes are stopping")
                executor = self._started()
                future: Future[T] = executor.submit(job, ask)
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
        executor, self.executor = self.executor, None
        if executor is None:
            return
        processes = dict(getattr(executor, "_processes", None) or {})
        if self.lock.acquire(timeout=0.5):  # idle: stop it politely
            self.lock.release()
            executor.shutdown(wait=True, cancel_futures=True)
            return
        for process in processes.values():  # busy (maybe hung): stop it anyway
            process.kill()
        executor.shutdown(wait=True, cancel_futures=True)


class BotPool:
    """``workers`` bot processes (see the module docstring).  ``setup`` runs in
    every worker as it starts (a picklable function: tests register bots with it);
    ``nice`` lowers their priority; ``limit_seconds`` bounds a bot decision."""

    def __init__(
        self,
        workers: int | None = None,
        *,
        limit_seconds: float = DECISION_LIMIT,
        nice: int = WORKER_NICE,
        setup: Callable[[], None] | None = None,
        start_method: str = "spawn",
    ) -> None:
        count = default_workers() if workers is None else workers
        if count < 1:
            raise ValueError(f"a bot pool needs at least one worker; got {count}")
        self.limit_seconds = limit_seconds
        self.nice = nice
        self.setup = setup
        self.start_method = start_method
        self.closed = False
        self.restarts = 0  # processes killed and started again (hung or died)
        self.lanes = [_Lane(self, i) for i in range(count)]

    @property
    def workers(self) -> int:
        return len(self.lanes)

    def lane_of(self, key: str) -> _Lane:
        return self.lanes[zlib.crc32(key.encode()) % len(self.lanes)]

    def choose(self, key: str, state: State, seat: int, bot: str, rng_seed: str) -> int | None:
        """The action bot ``bot`` chooses for ``seat`` in ``state`` (match ``key``),
        or None when the pool could not answer (the caller falls back);
        BotPoolFailure once the pool is closed."""
        ask = BotAsk(key, state, seat, bot, rng_seed)
        started = time.perf_counter()
        try:
            return self.lane_of(key).run(bot_worker.choose, ask, self.limit_seconds)
        except BotPoolFailure as exc:
            if self.closed:  # stopping: no fallback move; the match resumes on restart
                raise
            log.warning(
                "bot %s of match %s: %s after %.1f s; a fallback moves",
                bot,
                key,
                exc,
                time.perf_counter() - started,
            )
            return None

    def advise(
        self,
        key: str,
        state: State,
        seat: int,
        seconds: float,
        *,
        seed: int | str = 0,
        names: Sequence[str] | None = None,
    ) -> AdviceReport:
        """The advisor's report for ``seat`` in ``state`` (BotPoolFailure when the
        pool could not answer).  The same arguments as :func:`roadtrip.bots.advise`."""
        ask = AdviceAsk(key, state, seat, seconds, str(seed), names)
        return self.lane_of(key).run(bot_worker.advice, ask, seconds + ADVICE_SLACK)

    def pids(self) -> list[int]:
        """The worker processes running now (for tests and diagnostics)."""
        return [pid for lane in self.lanes if lane.executor is not None for pid in lane.pids]

    def close(self) -> None:
        """Stop every worker; jobs waiting for a lane fail (their callers fall back)."""
        self.closed = True
        for lane in self.lanes:
            lane.close()
