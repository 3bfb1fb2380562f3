"""Reviews of finished matches over HTTP: computed once, stored, shared.

- ``POST /api/matches/{id}/review?seat=S`` starts the review of seat S of a
  finished match (every decision judged by the advisor, see
  :func:`roadtrip.bots.advice.review_match`), unless it is stored or running.
- ``GET`` the same address reports its progress and, once done, the review.

Anyone holding a token of the match (a spectator's too) may ask for any seat once
the match is over: its full record is theirs then.  A review is computed at most
once: a process *claims* it in the store (:meth:`MatchStore.claim_review`, a row
keyed by match and seat), computes it in a worker thread (the advisor itself runs
in the app's bot processes when it has them), and stores the finished review's
JSON with the match, where every later request reads it.  Nothing finished is
kept in memory.  A claim of a process that stopped is taken over on the next
request: at once where one process serves the database (the claim cannot be a
live one), after ``STALE_SECONDS`` without news where several do (each running
claim is refreshed every ``HEARTBEAT_SECONDS``).

The review reads the match's actions from the store, never the live match (which
a 17,000-move match would make the server replay and keep): ``review_match``
replays the record itself.  Stored JSON is bounded (:func:`bounded_review`).
"""

from __future__ import annotations

import contextlib
import math
import os
import secrets
import socket
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

from fastapi import FastAPI, Request

from roadtrip.bots.advice import AdviceReport, advise, review_match
from roadtrip.core.errors import InvalidSeat
from roadtrip.core.records import MatchRecord
from roadtrip.server.advice import env_seconds
from roadtrip.server.advice_policy import NotOverYet
from roadtrip.server.bot_pool import BotPool
from roadtrip.server.coordinator import Coordinator, NotFound
from roadtrip.server.errors import MATCH_REFUSALS, error_responses
from roadtrip.server.match_api import GrantOf, bearer
from roadtrip.server.quotas import TooManyRequests, client_address
from roadtrip.server.review_jobs import ReviewJob, ReviewStopped, bounded_review, row_status
from roadtrip.server.seats import display_names
from roadtrip.server.storage import Grant, StorageError
from roadtrip.server.thinking import Kind
from roadtrip.server.tokens import token_hash

# Several processes: a running claim not refreshed for this long belongs to a
# process presumed gone, and the next request takes it over.
STALE_SECONDS = 60.0
HEARTBEAT_SECONDS = 15.0
PROGRESS_SECONDS = 2.0  # at most one progress write per review this often
MATCH_SECONDS = 120.0  # a review's budget for a whole match (about two minutes)
SEATS_KEPT = 1024  # finished matches whose seat count is remembered
FAILED_KEPT = 64  # failed reviews whose error is still reported


class ReviewService:
    """Starts, tracks and serves the reviews of a coordinator's finished matches.

    ``stale_seconds`` 0 (one process on the database): a running claim this
    process does not know of is abandoned; more (several processes): only once it
    is that old.  ``advisor`` replaces the advisor (tests count its calls)."""

    def __init__(
        self,
        coordinator: Coordinator,
        *,
        seconds: float | None = None,
        match_seconds: float | None = None,
        workers: int = 2,
        pool: BotPool | None = None,
        stale_seconds: float = 0.0,
        advisor: Callable[..., AdviceReport] | None = None,
    ) -> None:
        self.coordinator = coordinator
        self.store = coordinator.store
        self.pool = pool
        self.advisor = advisor
        # A decision is judged at the live advice's budget, so that the review says
        # what the advice said during play; a match gets at most ``match_seconds``
        # in all (the decisions that matter first: bots/advice/review.py).
        self.seconds = seconds or env_seconds("ROADTRIP_REVIEW_SECONDS", 1.0)
        self.match_seconds = match_seconds or env_seconds(
            "ROADTRIP_REVIEW_MATCH_SECONDS", MATCH_SECONDS
        )
        self.stale_seconds = stale_seconds
        # Who claims reviews in the store: this process (its start, not just its pid).
        self.owner = f"{socket.gethostname()[:32]}:{os.getpid()}:{secrets.token_hex(4)}"
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="reviewer")
        self._jobs: dict[tuple[str, int], ReviewJob] = {}
        self._lock = threading.Lock()
        self._seats: OrderedDict[str, int] = OrderedDict()
        self._closed = threading.Event()
        if stale_seconds > 0:
            threading.Thread(target=self._heartbeat, name="review-heartbeat", daemon=True).start()

    # ------------------------------------------------------------- requests
    def start_review(
        self, grant: Grant, seat: int | None, client: str | None = None
    ) -> dict[str, Any]:
        """Start the review of ``seat`` unless it is stored or running; its status.
        ``client``: the asking address, whose share of the thinking pays for it."""
        seat = self._seat(grant, seat)
        self._check(grant.match_id, seat)  # before the store sees the seat (any int)
        key = (grant.match_id, seat)
        job = self._job(key)
        if job is not None and job.error is None:
            return job.status()
        row = self.store.load_review(*key)
        if row is not None and row.status == "done":
            return row_status(row)
        with self._lock:  # one claim per process at a time: two POSTs start one job
            job = self._jobs.get(key)
            if job is not None and job.error is None:
                return job.status()
            now = time.time()
            row, claimed = self.store.claim_review(*key, self.owner, now, self._stale_before(now))
            if not claimed:  # stored meanwhile, or running in another live process
                return row_status(row)
            job = self._jobs[key] = ReviewJob(*key, client=client)
            self._forget_failed()
        try:
            self.executor.submit(self._run, job)
        except RuntimeError:  # shut down: the server is stopping
            job.fail("the server is stopping")
        return job.status()

    def review_status(self, grant: Grant, seat: int | None) -> dict[str, Any]:
        """The review of ``seat``: stored, running (here or elsewhere) or idle."""
        seat = self._seat(grant, seat)
        self._check(grant.match_id, seat)  # before the store sees the seat (any int)
        key = (grant.match_id, seat)
        job = self._job(key)
        if job is not None:
            return job.status()
        row = self.store.load_review(*key)
        if row is not None and (row.status == "done" or row.updated_at >= self._stale_before()):
            return row_status(row)
        return {"seat": seat, "status": "idle", "done": 0, "total": None, "review": None}

    def close(self) -> None:
        """Stop: reviews stop at their next decision and release their claims."""
        self._closed.set()
        self.executor.shutdown(wait=False, cancel_futures=True)
        with self._lock:
            running = [job for job in self._jobs.values() if job.running]
        for job in running:
            with contextlib.suppress(Exception):  # the store may be gone already
                self.store.release_review(job.match_id, job.seat, self.owner)

    # ------------------------------------------------------------ internals
    @staticmethod
    def _seat(grant: Grant, seat: int | None) -> int:
        """The seat asked for; by default the token's first seat (a spectator: 0)."""
        if seat is not None:
            return seat
        return grant.seats[0] if grant.seats else 0

    def _job(self, key: tuple[str, int]) -> ReviewJob | None:
        with self._lock:
            return self._jobs.get(key)

    def _stale_before(self, now: float | None = None) -> float:
        """Running claims last heard of before this time may be taken over."""
        if self.stale_seconds <= 0:
            return math.inf  # one process: a claim it does not know of is abandoned
        return (time.time() if now is None else now) - self.stale_seconds

    def _check(self, match_id: str, seat: int) -> None:
        """NotOverYet unless the match is over; InvalidSeat unless it has ``seat``."""
        seats = self._seats.get(match_id)
        if seats is None:
            stored = self.store.load(match_id)
            if stored is None:
                raise NotFound(f"no match '{match_id}'")
            # A process stopped between storing the last moves and the finish: the
            # live match finds out (and stores the finish); it is in memory anyway
            # while the match is played.
            if not stored.finished and not self._terminal(match_id):
                raise NotOverYet("a match can be reviewed once it is over")
            seats = self._seats[match_id] = len(stored.seats)
            while len(self._seats) > SEATS_KEPT:
                self._seats.popitem(last=False)
        if not 0 <= seat < seats:
            raise InvalidSeat(f"this match has seats 0 to {seats - 1}; got {seat}")

    def _terminal(self, match_id: str) -> bool:
        return self.coordinator.live(match_id).match.state.is_terminal()

    def _forget_failed(self) -> None:
        """Keep the errors of at most FAILED_KEPT failed reviews (the oldest go)."""
        failed = [key for key, job in self._jobs.items() if job.error is not None]
        for key in failed[: max(0, len(failed) - FAILED_KEPT)]:
            del self._jobs[key]

    def _advisor(self, job: ReviewJob) -> Callable[..., AdviceReport]:
        """The advisor a review asks: the pool's fair queue (a review job of the
        asking address, after its bot moves and advice) where there is one."""
        if self.advisor is not None:
            return self.advisor
        if self.pool is None:
            return advise
        return partial(self.pool.advise, job.match_id, client=job.client, kind=Kind.REVIEW)

    def _run(self, job: ReviewJob) -> None:
        """Compute ``job``'s review (in a worker thread) and store it."""
        try:
            stored = self.store.load(job.match_id)
            if stored is None:
                raise NotFound(f"no match '{job.match_id}'")
            record = MatchRecord(stored.game, stored.options, stored.seed, tuple(stored.actions))
            names = display_names(stored.seats)
            del stored  # the record shares its actions; nothing else is needed
            review = review_match(
                record=record,
                seat=job.seat,
                seconds=self.seconds,
                progress=partial(self._progress, job),
                names=names,
                advisor=self._advisor(job),
                match_seconds=self.match_seconds,
            )
            data = bounded_review(review.to_json())
            if not self.store.finish_review(job.match_id, job.seat, self.owner, data):
                # Taken over by a process that thought this one gone: serve theirs.
                row = self.store.load_review(job.match_id, job.seat)
                if row is None or row.review is None:
                    raise StorageError("another process took this review over")
                data = row.review
        except Exception as exc:  # reported to the page; the review may be started again
            with contextlib.suppress(Exception):
                self.store.release_review(job.match_id, job.seat, self.owner)
            job.fail(str(exc) or type(exc).__name__)
            return
        job.finish(data)
        with self._lock:  # stored: served from the store from now on
            if self._jobs.get((job.match_id, job.seat)) is job:
                del self._jobs[(job.match_id, job.seat)]

    def _progress(self, job: ReviewJob, done: int, total: int) -> None:
        """After each decision judged: stop if the server is stopping; tell the
        other processes now and then (where there are several)."""
        if self._closed.is_set():
            raise ReviewStopped("the server is stopping")
        job.advance(done, total)
        if self.stale_seconds > 0 and job.due(PROGRESS_SECONDS):
            self._tell(job)

    def _tell(self, job: ReviewJob) -> None:
        done, total = job.progress()
        now = time.time()
        if not self.store.review_progress(job.match_id, job.seat, self.owner, done, total, now):
            raise ReviewStopped("another process took this review over")

    def _heartbeat(self) -> None:
        """Keep this process's running claims fresh, even while their decisions
        wait in a queue of the bot pool (several processes only)."""
        while not self._closed.wait(HEARTBEAT_SECONDS):
            with self._lock:
                running = [job for job in self._jobs.values() if job.running]
            for job in running:
                with contextlib.suppress(Exception):  # the next beat tries again
                    self._tell(job)


def install_reviews(
    app: FastAPI,
    coordinator: Coordinator,
    grant_of: GrantOf,
    pool: BotPool | None = None,
    *,
    several_processes: bool = False,
) -> ReviewService:
    """Add the review routes to ``app``; the service behind them.  The routes are
    plain functions: FastAPI runs them in worker threads, so that reading the store
    never holds the event loop."""
    service = ReviewService(
        coordinator,
        pool=pool,
        workers=2 if pool is None else 4,
        stale_seconds=STALE_SECONDS if several_processes else 0.0,
    )
    refusals = error_responses(*MATCH_REFUSALS, NotOverYet, InvalidSeat)
    # (429: the review quota, charged before the route by quotas.ReviewQuota)
    start_refusals = error_responses(*MATCH_REFUSALS, NotOverYet, InvalidSeat, TooManyRequests)

    def review_grant(request: Request, match_id: str) -> Grant:
        """The token's grant, read from the store without loading the match (whose
        live copy a long match would make the server replay); a token that is not
        valid gets the same refusal as on every route."""
        token = bearer(request)
        grant = coordinator.store.grant(token_hash(token)) if token else None
        if grant is not None and grant.match_id == match_id:
            return grant
        return grant_of(request, match_id)

    @app.post("/api/matches/{match_id}/review", responses=start_refusals)
    def start_review(match_id: str, request: Request, seat: int | None = None) -> dict[str, Any]:
        grant = review_grant(request, match_id)
        return service.start_review(grant, seat, client_address(request.scope))

    @app.get("/api/matches/{match_id}/review", responses=refusals)
    def review(match_id: str, request: Request, seat: int | None = None) -> dict[str, Any]:
        return service.review_status(review_grant(request, match_id), seat)

    return service
