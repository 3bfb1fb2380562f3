"""A lane of the bot pool: its fair queue, the thread that runs it, and its processes.

A lane runs its jobs one at a time, in the order its fair queue gives
(:mod:`roadtrip.server.thinking`), in its main process.  One thread per lane (its
dispatcher) runs them; callers get a ``Future`` and no thread of theirs waits.

**Wake-up preemption.**  A bot move of a client that had nothing queued (a player's
bot, asking for one decision at a time) waits in the fair queue only for the job
running when it came; on a lane whose one process is busy with another client's
job that is a second of someone else's thinking before its own.  So when such a
job is the queue's next, the lane pauses the running job's process (SIGSTOP), runs
the newcomer at once in the lane's spare process, then lets the paused job go on,
as an operating system's scheduler lets a task that wakes up run before one that
has used its share.  The paused job loses no work and gives the same answer (it
counts units of work, and its time limit does not run while paused).  It may be
paused again only by the same client (the next decisions of the same turn: The Open
Road's rider makes several in a row), at most ``MAX_PAUSES`` times, so it is
delayed by one player's turn at most.  Only one job runs in the spare at a time,
so the lane never uses more than one core's worth at once.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from roadtrip.server.bot_process import WorkerProcess
from roadtrip.server.thinking import BotPoolFailure, FairQueue, Job, Kind, WorkDropped

if TYPE_CHECKING:
    from roadtrip.server.bot_pool import BotPool

MAX_PAUSES = 8  # times one job may be paused (all by the same client)


class Lane:
    """One fair queue, its dispatcher thread, a main process and a spare one."""

    def __init__(self, pool: BotPool, index: int) -> None:
        self.pool = pool
        self.index = index
        self.cond = threading.Condition()  # guards queue, running, urgent and the thread
        self.queue = FairQueue(pool.max_queued)
        self.running: Job | None = None  # the main process's job
        self.urgent: Job | None = None  # the spare process's job
        self.thread: threading.Thread | None = None
        self.main = WorkerProcess(pool, str(index))
        self.spare = WorkerProcess(pool, f"{index} (spare)")
        self.preemptions = 0  # jobs run in the spare so far

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
            self._preempt_if_due()
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
                if job is not None:
                    self._settle(job, self.main)
            finally:
                with self.cond:
                    self.running = None

    def _preempt_if_due(self) -> None:
        """Under ``cond``: run the queue's next job in the spare process now if it is
        a woken client's bot move and the main process runs another client's job
        that no third client paused (see the module docstring)."""
        running, head = self.running, self.queue.peek()
        if (
            not self.pool.preempt
            or running is None
            or running.pauses >= MAX_PAUSES
            or self.urgent is not None
            or head is None
            or head.kind != Kind.BOT
            or not head.woke
            or head.client == running.client
            or running.paused_by not in (None, head.client)
        ):
            return
        job = self.queue.pop()
        if job is None:  # pragma: no cover - peek just saw it
            return
        running.paused_by = job.client
        running.pauses += 1
        self.urgent = job
        self.preemptions += 1
        threading.Thread(
            target=self._run_urgent,
            args=(job,),
            name=f"roadtrip-lane-{self.index}-spare",
            daemon=True,
        ).start()

    def _run_urgent(self, job: Job) -> None:
        try:
            try:
                self.spare.started()  # before pausing: starting may take seconds
            except BotPoolFailure as exc:
                if job.future.set_running_or_notify_cancel():
                    job.future.set_exception(exc)
                return
            paused = self.main.pause()
            try:
                self._settle(job, self.spare)
            finally:
                if paused:
                    self.main.resume()
        finally:
            with self.cond:
                self.urgent = None

    def _settle(self, job: Job, process: WorkerProcess) -> None:
        """Run ``job`` in ``process`` and settle its future (unless it was cancelled)."""
        if not job.future.set_running_or_notify_cancel():
            return
        job.started_at = time.monotonic()
        if self.pool.on_start is not None:
            self.pool.on_start(job)
        try:
            result = process.run(job.call, job.ask, job.limit)
        except BaseException as exc:  # handed to the caller
            job.future.set_exception(exc)
        else:
            job.future.set_result(result)

    def queued(self) -> int:
        """How many jobs wait in this lane's queue now."""
        with self.cond:
            return len(self.queue)

    def pids(self) -> list[int]:
        """The processes of this lane running now."""
        return [
            p.pid for p in (self.main, self.spare) if p.executor is not None and p.pid is not None
        ]

    def close(self) -> None:
        """Fail the queued jobs, wake the dispatcher and stop the processes (killed if
        a job runs: it may hang)."""
        with self.cond:
            queued = self.queue.drain()
            busy, urgent = self.running is not None, self.urgent is not None
            self.cond.notify_all()
        for job in queued:
            if job.future.set_running_or_notify_cancel():
                job.future.set_exception(BotPoolFailure("the bot processes are stopping"))
        self.main.close(busy=busy)
        self.spare.close(busy=urgent)
