"""One fair queue per bot lane: who thinks next when several want to.

Everything that thinks in the web app (thinking bots' decisions, live advice, the
decisions of a review) runs in the bot pool's lanes (:mod:`roadtrip.server.bot_pool`),
one job at a time per lane, every job of a match on the same lane (its bots keep
their plans there).  Which queued job a lane runs next is decided here, so that one
match or one client address cannot take the thinking away from the others:

* **between clients** (a client is an address: for a bot move, the address that
  created the match or last moved in it; for advice and reviews, the requester's),
  start-time fair queueing with a unit cost a job: a client that was idle starts
  at the current virtual time, so a victim's bot move waits for the job running
  now and at most one job of each other client due as early, however many jobs
  those clients queued;
* **within a client**, bot moves before advice, advice before review decisions;
* **within a client and kind**, its matches take turns (round robin), and one
  match's jobs run in the order they came.

Every job is bounded by its own budget (the pool kills a job that runs past its
limit), so "one job of each other client" is a bounded wait; and a woken client's
bot move does not even wait for the running job: the lane pauses it and runs the
newcomer in a spare process (:mod:`roadtrip.server.bot_lane`).  Queued jobs of a
match that was abandoned (over, set aside, forgotten) are dropped
(:meth:`FairQueue.drop`): their callers hear :class:`WorkDropped` at once.  A client
may queue at most ``max_queued`` advice and review jobs in a lane
(:class:`QueueFull`, answered 429); bot moves are not capped here (a match asks for
one at a time).
"""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

from roadtrip.core.errors import RoadtripError
from roadtrip.server.quotas import TooManyRequests

MAX_QUEUED_PER_CLIENT = 16  # advice and review jobs one address may have queued in a lane
QUEUE_FULL_RETRY = 5.0  # seconds a client whose queue is full is told to wait


class Kind(IntEnum):
    """What a job is for; lower runs first within a client."""

    BOT = 0
    ADVICE = 1
    REVIEW = 2


class BotPoolFailure(RoadtripError):
    """The bot processes could not answer (a worker hung or died twice)."""


class WorkDropped(BotPoolFailure):
    """The match moved on, ended or was set aside before the work was started."""


class QueueFull(TooManyRequests):
    """This address has too much thinking queued; ask again later."""


@dataclass(eq=False)
class Job:
    """One unit of thinking: ``call(ask)`` in a worker within ``limit`` seconds."""

    kind: Kind
    client: str
    match: str
    call: Callable[[Any], Any]
    ask: Any
    limit: float
    future: Future[Any] = field(default_factory=Future)
    # When it was submitted and when a process started it (time.monotonic): its
    # wait in the queue, for the metrics (server/metrics.py).
    submitted_at: float = field(default_factory=time.monotonic)
    started_at: float | None = None
    started_before: int = -1  # jobs the lane had started when this one was queued
    start_index: int = -1  # this job's place in the lane's order of service
    woke: bool = False  # its client had nothing queued when it came (see bot_lane)
    paused_by: str | None = None  # the client whose bot moves paused it (see bot_lane)
    pauses: int = 0  # how often it was paused


class _Client:
    """One address's queued jobs: per kind, its matches in turn."""

    def __init__(self, tag: float, seq: int) -> None:
        self.tag = tag  # start tag of its next job (virtual time)
        self.seq = seq  # ties: who became due first
        self.kinds: dict[Kind, OrderedDict[str, deque[Job]]] = {}
        self.count = 0
        self.capped = 0  # advice and review jobs queued

    def push(self, job: Job) -> None:
        matches = self.kinds.setdefault(job.kind, OrderedDict())
        matches.setdefault(job.match, deque()).append(job)
        self.count += 1
        self.capped += job.kind != Kind.BOT

    def peek(self) -> Job:
        return next(iter(self._next_matches().values()))[0]

    def _next_matches(self) -> OrderedDict[str, deque[Job]]:
        return self.kinds[min(k for k, matches in self.kinds.items() if matches)]

    def pop(self) -> Job:
        matches = self._next_matches()
        match, jobs = next(iter(matches.items()))
        job = jobs.popleft()
        if jobs:
            matches.move_to_end(match)  # its other matches take their turn first
        else:
            del matches[match]
        self.count -= 1
        self.capped -= job.kind != Kind.BOT
        return job

    def drop(self, match: str) -> list[Job]:
        dropped: list[Job] = []
        for matches in self.kinds.values():
            dropped.extend(matches.pop(match, ()))
        self.count -= len(dropped)
        self.capped -= sum(job.kind != Kind.BOT for job in dropped)
        return dropped


class FairQueue:
    """The queued jobs of one lane (see the module docstring).  Not locked: the
    lane calls it under its own condition."""

    def __init__(self, max_queued: int = MAX_QUEUED_PER_CLIENT) -> None:
        self.max_queued = max_queued
        self.virtual = 0.0  # the start tag of the job started last
        self._clients: dict[str, _Client] = {}
        self._seq = 0
        self.started = 0  # jobs popped so far

    def __len__(self) -> int:
        return sum(client.count for client in self._clients.values())

    def queued(self, client: str) -> int:
        entry = self._clients.get(client)
        return 0 if entry is None else entry.count

    def push(self, job: Job) -> None:
        """Queue ``job``; QueueFull when its client has too much advice or review
        queued."""
        client = self._clients.get(job.client)
        if job.kind != Kind.BOT and client is not None and client.capped >= self.max_queued:
            raise QueueFull(
                f"this address has {client.capped} requests for the advisor waiting; "
                "ask again once they are answered",
                retry_after=QUEUE_FULL_RETRY,
            )
        if client is None:
            # An idle client starts now: behind the running job, level with the
            # clients due next (a client with one job at a time, like a player's
            # bot, never waits behind a backlog it did not make).
            client = self._clients[job.client] = _Client(self.virtual, self._next_seq())
            job.woke = True
        job.started_before = self.started
        client.push(job)

    def peek(self) -> Job | None:
        """The job :meth:`pop` would return now, left in the queue."""
        if not self._clients:
            return None
        return self._next_client()[1].peek()

    def _next_client(self) -> tuple[str, _Client]:
        return min(self._clients.items(), key=lambda item: (item[1].tag, item[1].seq))

    def pop(self) -> Job | None:
        """The next job to run, or None if none is queued."""
        if not self._clients:
            return None
        name, client = self._next_client()
        self.virtual = client.tag
        job = client.pop()
        client.tag += 1.0
        if client.count:
            client.seq = self._next_seq()
        else:
            del self._clients[name]
        job.start_index = self.started
        self.started += 1
        return job

    def drop(self, match: str) -> list[Job]:
        """Remove every queued job of ``match``; return them (not yet failed)."""
        dropped: list[Job] = []
        for name, client in list(self._clients.items()):
            dropped.extend(client.drop(match))
            if not client.count:
                del self._clients[name]
        return dropped

    def drain(self) -> list[Job]:
        """Remove and return every queued job."""
        jobs: list[Job] = []
        for client in self._clients.values():
            while client.count:
                jobs.append(client.pop())
        self._clients.clear()
        return jobs

    def _next_seq(self) -> int:
        self._seq += 1
        return self._seq
