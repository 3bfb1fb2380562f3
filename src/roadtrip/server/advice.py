"""Advice over HTTP, computed off the event loop.

- ``GET /api/matches/{id}/advice?seat=S``: the advisor's figures on every legal
  decision of seat S now (default: the asker's seat that must act).  Refused
  (403 ``advice_off``) where the match does not allow advice, to spectators and
  for a seat the token does not play: advice is only ever computed for the
  requesting seat, from what that seat may see.  Answers are cached per match,
  seat and move, so a page that asks again gets the same figures at once.

Reviews of finished matches are :mod:`roadtrip.server.reviews`.  The advisor has a
time budget per decision (``ROADTRIP_ADVICE_SECONDS``, default 1.0).  It computes
in the app's bot processes (:mod:`roadtrip.server.bot_pool`) when the app has them,
else in this process; either way a thread of a small pool waits for it, never the
event loop.
"""

from __future__ import annotations

import asyncio
import os
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

from fastapi import FastAPI, Request

from roadtrip.bots.advice import AdviceReport, advise, canonical_seed
from roadtrip.core.errors import GameOver, NotYourTurn
from roadtrip.server.advice_policy import AdviceOff, advice_allowed
from roadtrip.server.bot_pool import BotPool, BotPoolFailure
from roadtrip.server.coordinator import Coordinator
from roadtrip.server.errors import MATCH_REFUSALS, error_responses
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
    """Computes advice for a coordinator's matches in worker threads."""

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

    async def advice(self, grant: Grant, seat: int | None) -> dict[str, Any]:
        seat = self.check(grant, seat)
        live = self.coordinator.live(grant.match_id)
        state = live.match.state.clone()
        version = state.move_number()
        key = (grant.match_id, seat, version)
        answer = self._answers.get(key)
        if answer is None:
            names = display_names(live.stored.seats)
            future = self.executor.submit(
                self._advisor(grant.match_id),
                state,
                seat,
                self.seconds,
                seed=canonical_seed(state, seat),
                names=names,
            )
            report = await asyncio.wrap_future(future)
            answer = {"match": grant.match_id, "version": version, **report.to_json()}
            self._answers[key] = answer
            while len(self._answers) > ADVICE_CACHE:
                self._answers.popitem(last=False)
        return answer

    def _advisor(self, match_id: str) -> Callable[..., AdviceReport]:
        """:func:`advise`, or the same computed in a bot process of the pool."""
        if self.pool is None:
            return advise
        return partial(self.pool.advise, match_id)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)


def install_advice(
    app: FastAPI,
    coordinator: Coordinator,
    grant_of: Callable[[Request, str], Grant],
    pool: BotPool | None = None,
) -> AdviceService:
    """Add the advice route to ``app``; the service behind it
    (computing in ``pool``'s processes, if given; its threads only wait then)."""
    service = AdviceService(coordinator, pool=pool, workers=2 if pool is None else 8)

    @app.get(
        "/api/matches/{match_id}/advice",
        responses=error_responses(
            *MATCH_REFUSALS, AdviceOff, GameOver, NotYourTurn, BotPoolFailure
        ),
    )
    async def advice(match_id: str, request: Request, seat: int | None = None) -> dict[str, Any]:
        return await service.advice(grant_of(request, match_id), seat)

    return service
