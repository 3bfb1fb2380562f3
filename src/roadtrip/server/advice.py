"""Advice over HTTP, computed off the event loop.

- ``GET /api/matches/{id}/advice?seat=S``: the advisor's figures on every legal
  decision of seat S now (default: the asker's seat that must act).  Refused
  (403 ``advice_off``) where the match does not allow advice, to spectators and
  for a seat the token does not play: advice is only ever computed for the
  requesting seat, from what that seat may see.  Answers are cached per match,
  seat and move, so a page that asks again gets the same figures at once, and
  the figures are those of the advisor's canonical seed for the position (the
  terminal's ``--hint`` and the review give the same).

Reviews of finished matches are :mod:`roadtrip.server.reviews`.  The advisor has a
budget per decision (``ROADTRIP_ADVICE_SECONDS``, default 1.0, turned into units of
work).  It computes as a job of the fair queue of the app's bot processes
(:mod:`roadtrip.server.thinking`) when the app has them, else in a thread of this
process; never on the event loop.  Advice that must be computed spends one of the
asking address's quota (:mod:`roadtrip.server.quotas`), once per turn: the next
decisions of the same seat with no other move between (the cards of one Road Rally
drive) are free, so a fast player who asks at every card does not run out.
Authorizing a request and reading the position happen in a worker thread too: a
match that is not in memory is loaded from the store and replayed (one move stalled
655 ms behind such a load on the event loop after a restart).
"""

from __future__ import annotations

import asyncio
import os
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from fastapi import FastAPI, Request
from starlette.concurrency import run_in_threadpool

from roadtrip.bots.advice import AdviceReport, advise, canonical_seed
from roadtrip.core.errors import GameOver, NotYourTurn
from roadtrip.core.state import State
from roadtrip.server.advice_policy import AdviceOff, advice_allowed
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


def env_seconds(name: str, default: float) -> float:
    """A positive number of seconds from the environment, else ``default``."""
    try:
        value = float(os.environ.get(name, ""))
    except ValueError:
        return default
    return value if value > 0 else default


class AdviceService:
    """Computes advice for a coordinator's matches off the event loop."""

    def __init__(
        self,
        coordinator: Coordinator,
        *,
        seconds: float | None = None,
        workers: int = 2,
        pool: BotPool | None = None,
    ) -> None:
        self.coordinator = coordinator
        self.pool = pool
        self.seconds = seconds or env_seconds("ROADTRIP_ADVICE_SECONDS", 1.0)
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="advisor")
        self._answers: OrderedDict[tuple[str, int, int], dict[str, Any]] = OrderedDict()
        # Advice being computed: a second request for the same move waits for it.
        self._pending: dict[tuple[str, int, int], Future[AdviceReport]] = {}
        self.quota = Buckets(Quota.from_env(ADVICE_QUOTA_ENV, ADVICE_QUOTA), "advice")
        # (match, seat) -> the move number last advised: whether a turn was paid for.
        self._turns: OrderedDict[tuple[str, int], int] = OrderedDict()

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

    def _position(self, grant: Grant, seat: int | None) -> tuple[int, State, list[str]]:
        """The seat to advise, a copy of the position and the seats' names (in a
        worker thread: the match may have to be loaded from the store)."""
        seat = self.check(grant, seat)
        live = self.coordinator.live(grant.match_id)
        return seat, live.match.state.clone(), display_names(live.stored.seats)

    async def advice(
        self, grant: Grant, seat: int | None, client: str = "unknown"
    ) -> dict[str, Any]:
        """The advice for ``grant``'s seat now, asked by address ``client``: from the
        cache, or joined to the same advice being computed, or computed (which
        spends one of the client's advice quota: TooManyRequests without one)."""
        advised, state, names = await run_in_threadpool(self._position, grant, seat)
        version = state.move_number()
        key = (grant.match_id, advised, version)
        answer = self._answers.get(key)
        if answer is not None:
            return answer
        pending = self._pending.get(key)
        if pending is None:
            if not self._turn_paid(grant.match_id, advised, state):
                self.quota.take(client)
            self._turns[grant.match_id, advised] = version
            self._turns.move_to_end((grant.match_id, advised))
            while len(self._turns) > ADVICE_CACHE:
                self._turns.popitem(last=False)
            seed = canonical_seed(state, advised)  # the same figures as every front end
            if self.pool is not None:  # a job of the fair queue; no thread waits for it
                pending = self.pool.advise_later(
                    grant.match_id,
                    state,
                    advised,
                    self.seconds,
                    seed=seed,
                    names=names,
                    client=client,
                )
            else:
                pending = self.executor.submit(
                    advise, state, advised, self.seconds, seed=seed, names=names
                )
            self._pending[key] = pending
            pending.add_done_callback(lambda _done: self._pending.pop(key, None))
        report = await asyncio.wrap_future(pending)
        answer = {"match": grant.match_id, "version": version, **report.to_json()}
        self._answers[key] = answer
        while len(self._answers) > ADVICE_CACHE:
            self._answers.popitem(last=False)
        return answer

    def _turn_paid(self, match_id: str, seat: int, state: State) -> bool:
        """Whether ``seat``'s advice was paid for earlier in this turn: it was
        advised at a move since which only ``seat`` has moved (no other seat, no
        chance)."""
        last = self._turns.get((match_id, seat))
        version = state.move_number()
        if last is None or not last < version:
            return False
        return all(mover == seat for mover, _ in state.history()[last:version])

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)


def install_advice(
    app: FastAPI,
    coordinator: Coordinator,
    grant_of: Callable[[Request, str], Grant],
    pool: BotPool | None = None,
) -> AdviceService:
    """Add the advice route and the advice and review quotas to ``app``; the service
    behind the route (computing in ``pool``'s fair queue, if given)."""
    service = AdviceService(coordinator, pool=pool, workers=2 if pool is None else 8)
    # Per-address quotas: advice in the service (only advice that must be computed),
    # review starts before their route (server/quotas.py).
    install_quota_errors(app)
    review_quota = Buckets(Quota.from_env(REVIEW_QUOTA_ENV, REVIEW_QUOTA), "a review")
    app.add_middleware(ReviewQuota, buckets=review_quota)
    app.state.review_quota = review_quota

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
        # Authorizing loads the match if it is not in memory (a long match: a replay
        # of thousands of moves): on a worker thread, never on the event loop.
        grant = await run_in_threadpool(grant_of, request, match_id)
        return await service.advice(grant, seat, client_address(request.scope))

    return service
