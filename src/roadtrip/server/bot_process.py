"""One of the web app's bot processes: started on first use, killed when a job hangs
or its process dies, and paused while another process runs a more urgent job.

A :class:`WorkerProcess` is a one-process ``ProcessPoolExecutor`` that runs one job
at a time for a lane (:mod:`roadtrip.server.bot_lane`):

* a job that runs longer than its limit is taken to hang: the process is killed
  (the next job starts a new one) and the job fails with BotPoolFailure;
* a process that dies (killed, out of memory) fails its job; the job is tried once
  more on a fresh process, then fails;
* :meth:`pause` stops the process with SIGSTOP and :meth:`resume` lets it go on;
  the time it spent stopped does not count towards its job's limit.  The job's
  answer does not change: thinking is counted in units of work, not seconds.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from typing import Any, Protocol

from roadtrip.server import bot_worker
from roadtrip.server.thinking import BotPoolFailure

log = logging.getLogger("roadtrip.server")

START_SECONDS = 60.0  # seconds a new worker has to start (import the bots)
ATTEMPTS = 2  # a job whose worker dies is tried this often in all


class PoolSettings(Protocol):
    """What a worker process needs of its pool."""

    nice: int
    setup: Callable[[], None] | None
    start_method: str
    closed: bool
    restarts: int


class WorkerProcess:
    """One bot process (see the module docstring); ``name`` is for the log."""

    def __init__(self, pool: PoolSettings, name: str) -> None:
        self.pool = pool
        self.name = name
        self.executor: ProcessPoolExecutor | None = None
        self.pid: int | None = None
        self._lock = threading.Lock()  # guards the pause bookkeeping and the signals
        self._paused_since: float | None = None
        self._paused_total = 0.0

    def started(self) -> ProcessPoolExecutor:
        """The running executor, started (and its bots imported) if need be."""
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
                self.kill("it did not start")
                raise BotPoolFailure(f"a bot process did not start: {exc!r}") from None
            self.executor, self.pid = executor, pid
        return self.executor

    def run(self, call: Callable[[Any], Any], ask: Any, limit: float) -> Any:
        """``call(ask)`` in this process within ``limit`` seconds of running (time
        paused excluded); BotPoolFailure when it hangs or the process dies twice."""
        failure = "no attempt"
        for _ in range(ATTEMPTS):
            if self.pool.closed:
                raise BotPoolFailure("the bot processes are stopping")
            executor = self.started()
            if self.pool.closed:  # the pool closed while this process started
                self.close(busy=False)
                raise BotPoolFailure("the bot processes are stopping")
            future = executor.submit(call, ask)
            try:
                return self._wait(future, limit)
            except FutureTimeout:
                self.kill(f"a job ran longer than {limit:g} s")
                raise BotPoolFailure(f"a bot process took longer than {limit:g} s") from None
            except BrokenProcessPool:
                failure = "its process died"
                self.kill(failure)
        raise BotPoolFailure(f"a bot process failed {ATTEMPTS} times: {failure}")

    def _wait(self, future: Future[Any], limit: float) -> Any:
        begun, paused_before = time.monotonic(), self.paused_seconds()
        while True:
            ran = time.monotonic() - begun - (self.paused_seconds() - paused_before)
            try:
                return future.result(timeout=max(0.0, limit - ran))
            except FutureTimeout:
                ran = time.monotonic() - begun - (self.paused_seconds() - paused_before)
                if ran >= limit:
                    raise

    def pause(self) -> bool:
        """Stop the process where it is (SIGSTOP); False if there is none."""
        with self._lock:
            if self.pid is None or self.executor is None or self._paused_since is not None:
                return False
            try:
                os.kill(self.pid, signal.SIGSTOP)
            except ProcessLookupError:
                return False
            self._paused_since = time.monotonic()
            return True

    def resume(self) -> None:
        """Let a paused process go on (SIGCONT)."""
        with self._lock:
            if self._paused_since is None:
                return
            self._paused_total += time.monotonic() - self._paused_since
            self._paused_since = None
            if self.pid is not None:
                with contextlib.suppress(ProcessLookupError):  # died: its job is tried again
                    os.kill(self.pid, signal.SIGCONT)

    def paused_seconds(self) -> float:
        """Seconds this process has been paused, in all."""
        with self._lock:
            since = self._paused_since
            return self._paused_total + (0.0 if since is None else time.monotonic() - since)

    def kill(self, why: str) -> None:
        """Stop this process now (the next job starts a new one)."""
        executor, self.executor = self.executor, None
        if executor is None:
            return
        log.warning("bot process %s is restarted: %s", self.name, why)
        self._end(executor, kill=True)
        self.pool.restarts += 1

    def close(self, busy: bool) -> None:
        """Stop the process (killed if ``busy``: its job may hang)."""
        executor, self.executor = self.executor, None
        if executor is not None:
            self._end(executor, kill=busy)

    def _end(self, executor: ProcessPoolExecutor, kill: bool) -> None:
        if kill:
            for process in dict(getattr(executor, "_processes", None) or {}).values():
                process.kill()  # a stopped process dies of SIGKILL too
        self.resume()  # a paused process never leaves the executor waiting
        executor.shutdown(wait=True, cancel_futures=True)
        with self._lock:
            self.pid = None
