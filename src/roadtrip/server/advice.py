"""Advice and game review over HTTP, computed off the event loop.

- ``GET /api/matches/{id}/advice?seat=S``: the advisor's figures on every legal
  decision of seat S now (default: the asker's seat that must act).  Refused
  (403 ``advice_off``) where the match does not allow advice, to spectators and
  for a seat the token does not play: advice is only ever computed for the
  requesting seat, from what that seat may see.  Answers are cached per match,
  seat and move, so a page that asks again gets the same figures at once.
- ``POST /api/matches/{id}/review?seat=S`` starts the review of a finished
  match (every decision of seat S judged by the advisor; see
  :func:`roadtrip.bots.advice.review_match`) and ``GET`` the same address reports
  its progress and, once done, the review.  Reviews are cached per match and
  seat for as long as the server runs.  Anyone holding a token of the match may
  review any seat once it is over (its full record is theirs then too).

The advisor has a time budget per decision (``ROADTRIP_ADVICE_SECONDS``, default
1.0; ``ROADTRIP_REVIEW_SECONDS``, default 0.5, for each decision of a review).  It
computes in the app's bot processes (:mod:`roadtrip.server.bot_pool`) when the app
has them, else in this process; either way a thread of a small pool waits for it,
never the event loop.
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from fastapi import FastAPI, Request

from roadtrip.bots.advice import AdviceReport, advise, review_match
from roadtrip.core.errors import GameOver, InvalidSeat, NotYourTurn
from roadtrip.server.advice_policy import AdviceOff, NotOverYet, advice_allowed
from roadtrip.server.bot_pool import BotPool, BotPoolFailure, WorkDropped
from roadtrip.server.coordinator import Coordinator
from roadtrip.server.errors import MATCH_REFUSALS, error_responses
from roadtrip.server.quotas import (
    ADVICE_QUOTA,
    ADVICE_QUOTA_ENV,
    REVIEW_QUOTA,
    REVIEW_QUOTA_ENV,
    Buckets,
    Quota,
    ReviewQuota,
    TooManyRequests,
    client_address,
    install_quota_errors,
)
from roadtrip.server.seats import display_names
from roadtrip.server.storage import Grant

ADVICE_CACHE = 256  # answers kept (match, seat, move)
REVIEW_CACHE = 128  # reviews kept (match, seat); the oldest finished ones go first


def env_seconds(name: str, default: float) -> float:
    """A positive number of seconds from the environment, else ``default``."""
    try:
        value = float(os.environ.get(name, ""))
    except ValueError:
        return default
    return value if value > 0 else default


@dataclass
class ReviewJob:
    """A review being computed (or done) for one match and seat."""

    seat: int
    done: int = 0
    total: int | None = None
    review: dict[str, Any] | None = None
    error: str | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)

    def status(self) -> dict[str, Any]:
        with self.lock:
            state = "failed" if self.error else "done" if self.review is not None else "running"
            return {
                "seat": self.seat,
                "status": state,
                "done": self.done,
                "total": self.total,
                "review": self.review,
                "error": self.error,
            }


class AdviceService:
    """Computes advice and reviews for a coordinator's matches in worker threads."""

    def __init__(
        self,
        coordinator: Coordinator,
        *,
        seconds: float | None = None,
        review_seconds: float | None = None,
        workers: int = 2,
        pool: BotPool | None = None,
    ) -> None:
        self.coordinator = coordinator
        self.pool = pool
        self.seconds = seconds or env_seconds("ROADTRIP_ADVICE_SECONDS", 1.0)
        self.review_seconds = review_seconds or env_seconds("ROADTRIP_REVIEW_SECONDS", 0.5)
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="advisor")
        self._answers: OrderedDict[tuple[str, int, int], dict[str, Any]] = OrderedDict()
        # Advice being computed: a second request for the same move waits for it.
        self._pending: dict[tuple[str, int, int], Future[AdviceReport]] = {}
        self.quota = Buckets(Quota.from_env(ADVICE_QUOTA_ENV, ADVICE_QUOTA), "advice")
        self._reviews: dict[tuple[str, int], ReviewJob] = {}

    # ------------------------------------------------------------ live advice
    def check(self, grant: Grant, seat: int | None) -> int:
        """The seat to advise; AdviceOff unless ``grant`` may have advice for it."""
        live = self.coordinator.live(grant.match_id)
        if grant.is_spectator:
            raise AdviceOff("spectators get no advice: only a player, for their own seat")
        if not advice_allowed(live.stored):
            raise AdviceOff("advice is off in this match (it was chosen when it was created)")
        state = live.match.state
        if seat is None:
            seat = grant.seat_to_act(state.active_seats())
        elif seat not in grant.seats:
            raise AdviceOff(f"advice is only for your own seat; you do not play seat {seat}")
        if state.is_terminal():
            raise GameOver("the match is over: there is no decision to advise on")
        if seat not in state.active_seats() or not state.legal_actions(seat):
            raise NotYourTurn(f"seat {seat} has no decision to make now")
        return seat

    async def advice(
        self, grant: Grant, seat: int | None, client: str = "unknown"
    ) -> dict[str, Any]:
        """The advice for ``grant``'s seat now, asked by address ``client``: from the
        cache, or joined to the same advice being computed, or computed (which
        spends one of the client's advice quota: TooManyRequests without one)."""
        seat = self.check(grant, seat)
        live = self.coordinator.live(grant.match_id)
        state = live.match.state.clone()
        version = state.move_number()
        key = (grant.match_id, seat, version)
        answer = self._answers.get(key)
        if answer is not None:
            return answer
        pending = self._pending.get(key)
        if pending is None:
            self.quota.take(client)
            names = display_names(live.stored.seats)
            seed = f"{grant.match_id}:{version}"
            if self.pool is not None:  # a job of the fair queue; no thread waits for it
                pending = self.pool.advise_later(
                    grant.match_id,
                    state,
                    seat,
                    self.seconds,
                    seed=seed,
                    names=names,
                    client=client,
                )
            else:
                pending = self.executor.submit(
                    advise, state, seat, self.seconds, seed=seed, names=names
                )
            self._pending[key] = pending
            pending.add_done_callback(lambda _done: self._pending.pop(key, None))
        report = await asyncio.wrap_future(pending)
        answer = {"match": grant.match_id, "version": version, **report.to_json()}
        self._answers[key] = answer
        while len(self._answers) > ADVICE_CACHE:
            self._answers.popitem(last=False)
        return answer

    # ----------------------------------------------------------------- review
    def review_seat(self, grant: Grant, seat: int | None) -> int:
        live = self.coordinator.live(grant.match_id)
        if not live.match.state.is_terminal():
            raise NotOverYet("a match can be reviewed once it is over")
        seats = live.match.state.num_players()
        if seat is None:
            seat = grant.seats[0] if grant.seats else 0
        if not 0 <= seat < seats:
            raise InvalidSeat(f"this match has seats 0 to {seats - 1}; got {seat}")
        return seat

    def start_review(self, grant: Grant, seat: int | None) -> dict[str, Any]:
        seat = self.review_seat(grant, seat)
        key = (grant.match_id, seat)
        job = self._reviews.get(key)
        if job is None or job.error is not None:
            self._forget_old_reviews()
            job = self._reviews[key] = ReviewJob(seat)
            live = self.coordinator.live(grant.match_id)
            record = live.match.record()
            names = display_names(live.stored.seats)
            self.executor.submit(self._review, job, record, names, self._advisor(grant.match_id))
        return job.status()

    def review_status(self, grant: Grant, seat: int | None) -> dict[str, Any]:
        seat = self.review_seat(grant, seat)
        job = self._reviews.get((grant.match_id, seat))
        if job is None:
            return {"seat": seat, "status": "idle", "done": 0, "total": None, "review": None}
        return job.status()

    def _forget_old_reviews(self) -> None:
        """Keep at most REVIEW_CACHE - 1 reviews before a new one (running ones stay)."""
        finished = [
            key for key, job in self._reviews.items() if job.status()["status"] != "running"
        ]
        while len(self._reviews) >= REVIEW_CACHE and finished:
            del self._reviews[finished.pop(0)]

    def _advisor(self, match_id: str) -> Callable[..., AdviceReport]:
        """:func:`advise`, or the same computed in a bot process of the pool."""
        if self.pool is None:
            return advise
        return partial(self.pool.advise, match_id)

    def _review(
        self, job: ReviewJob, record: Any, names: list[str], advisor: Callable[..., AdviceReport]
    ) -> None:
        def progress(done: int, total: int) -> None:
            with job.lock:
                job.done, job.total = done, total

        try:
            review = review_match(
                record,
                job.seat,
                self.review_seconds,
                progress=progress,
                names=names,
                advisor=advisor,
            )
        except Exception as exc:  # reported to the page; the job may be started again
            with job.lock:
                job.error = str(exc) or type(exc).__name__
            return
        with job.lock:
            job.review = review.to_json()
            job.total = job.total if job.total is not None else 0

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)


def install_advice(
    app: FastAPI,
    coordinator: Coordinator,
    grant_of: Callable[[Request, str], Grant],
    pool: BotPool | None = None,
) -> AdviceService:
    """Add the advice and review routes to ``app``; the service behind them
    (computing in ``pool``'s processes, if given; its threads only wait then)."""
    service = AdviceService(coordinator, pool=pool, workers=2 if pool is None else 8)
    # Per-address quotas: advice in the service (only advice that must be computed),
    # review starts before their route (server/quotas.py).
    install_quota_errors(app)
    review_quota = Buckets(Quota.from_env(REVIEW_QUOTA_ENV, REVIEW_QUOTA), "a review")
    app.add_middleware(ReviewQuota, buckets=review_quota)
    app.state.review_quota = review_quota
    review_refusals = error_responses(*MATCH_REFUSALS, NotOverYet, InvalidSeat)

    @app.get(
        "/api/matches/{match_id}/advice",
        responses=error_responses(
            *MATCH_REFUSALS,
            AdviceOff,
            GameOver,
            NotYourTurn,
            TooManyRequests,
            WorkDropped,
            BotPoolFailure,
        ),
    )
    async def advice(match_id: str, request: Request, seat: int | None = None) -> dict[str, Any]:
        grant = grant_of(request, match_id)
        return await service.advice(grant, seat, client_address(request.scope))

    # (429: the review quota, charged before the route by ReviewQuota)
    @app.post(
        "/api/matches/{match_id}/review",
        responses=error_responses(*MATCH_REFUSALS, NotOverYet, InvalidSeat, TooManyRequests),
    )
    async def start_review(
        match_id: str, request: Request, seat: int | None = None
    ) -> dict[str, Any]:
        return service.start_review(grant_of(request, match_id), seat)

    @app.get("/api/matches/{match_id}/review", responses=review_refusals)
    async def review(match_id: str, request: Request, seat: int | None = None) -> dict[str, Any]:
        return service.review_status(grant_of(request, match_id), seat)

    return service
