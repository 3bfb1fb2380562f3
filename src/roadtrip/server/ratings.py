"""Rated matches and leaderboards (issue 28 item 4): the routes and the end hook.

A rated match is created by a logged-in account with ``POST /api/account/matches``
and ``"rated": true`` (the session cookie reaches only ``/api/account``), between
people only: no bot seat, no team seat, two seats at least, no hot-seat link, and
advice off.  The creator's seat is the account's at once; the others become
accounts' when their players open their invite links logged in (the match page
claims the seat).  At the end the match is applied once
(:mod:`roadtrip.server.rating_store`): rated if every seat was an account's (two
accounts at least), else it changes no rating and says why.  Every state message
carries ``"rated"``.  ``GET /api/leaderboard/{game}`` ranks the accounts with
enough rated matches by the conservative rating mu - 3 sigma.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request

from roadtrip.core.errors import UnknownGame
from roadtrip.core.registry import game_class
from roadtrip.server.account_store import (
    Account,
    AccountStore,
    CrossSite,
    MemoryAccounts,
    NotLoggedIn,
)
from roadtrip.server.advice_policy import advice_allowed
from roadtrip.server.coordinator import Coordinator
from roadtrip.server.coordinator_base import MoveObserver
from roadtrip.server.errors import error_responses
from roadtrip.server.match_api import CreateIn, created_answer
from roadtrip.server.quotas import TooManyRequests, client_address
from roadtrip.server.rating_store import MemoryRatings, RatingStore
from roadtrip.server.seats import SetupError
from roadtrip.server.sessions import session_secret
from roadtrip.server.sql_ratings import SqlRatings
from roadtrip.server.storage import SeatSpec
from roadtrip.server.tokens import token_hash
from roadtrip.server.turn_clock import TimerError, turn_clock_of

logger = logging.getLogger(__name__)
LEADERBOARD_MIN_ENV = "ROADTRIP_LEADERBOARD_MIN"  # rated matches to be listed
LEADERBOARD_MIN = 3
LEADERBOARD_SIZE = 100
CATCH_UP = 1000  # unapplied finished rated matches applied when the app starts
REMEMBERED = 4096  # matches whose "rated" a process remembers (it never changes)

Clock = Callable[[], float]


def rated_refusal(body: CreateIn, seats: list[SeatSpec]) -> str | None:
    """Why these settings cannot make a rated match (None: they can)."""
    for index, seat in enumerate(seats):
        if seat.bot is not None:
            return f"a rated match is between accounts: seat {index} is a bot"
        if seat.partner:
            return f"a rated match has no team seats: seat {index} is a team"
    if len(seats) < 2:
        return "a rated match needs two seats at least (two accounts)"
    if body.hotseat:
        return "a rated match has no hot-seat link: each account plays its own seat"
    if body.advice:
        return "advice is off in rated matches"
    return None


class RatedMatches:
    """The coordinator's lookup of rated matches, and its observer at a match's
    end (applying the ratings there, once); other moves go to ``inner``."""

    def __init__(
        self, coordinator: Coordinator, ratings: RatingStore, inner: MoveObserver, clock: Clock
    ) -> None:
        self.coordinator = coordinator
        self.ratings = ratings
        self.inner = inner
        self.clock = clock
        self._known: OrderedDict[str, bool] = OrderedDict()
        self._lock = threading.Lock()

    def rated(self, match_id: str) -> bool:
        with self._lock:
            known = self._known.get(match_id)
        if known is None:
            known = self.ratings.is_rated(match_id)
            self.remember(match_id, known)
        return known

    def remember(self, match_id: str, rated: bool) -> None:
        with self._lock:
            self._known[match_id] = rated
            while len(self._known) > REMEMBERED:
                self._known.popitem(last=False)

    def moved(self, game: str, seconds: float) -> None:
        self.inner.moved(game, seconds)

    def stored(self, match_id: str, game: str, actions: int, finished: bool) -> None:
        self.inner.stored(match_id, game, actions, finished)
        if finished and self.rated(match_id):
            self.apply(match_id)

    def catch_up(self) -> int:
        """Apply the finished rated matches left unapplied (a process stopped
        between a match's finish and its ratings; the release before finished it);
        how many were applied now."""
        done = 0
        for match_id in self.ratings.pending(CATCH_UP):
            done += self.apply(match_id) is not None
        return done

    def apply(self, match_id: str) -> str | None:
        """Apply a finished rated match (once; None if it was, or is not rated).
        A failure is logged, never raised: the move that ended it stands."""
        try:
            stored = self.coordinator.store.load(match_id)
            if stored is None or not stored.finished or stored.returns is None:
                return None
            outcome = self.ratings.apply_match(
                match_id, stored.returns, len(stored.seats), self.clock()
            )
        except Exception:
            logger.exception("match %s: applying its ratings failed", match_id)
            return None
        if outcome is not None:
            logger.info("match %s: ratings %s", match_id, outcome)
        return outcome


def default_ratings(accounts: AccountStore) -> RatingStore | None:
    """The ratings beside ``accounts``: the SQL store's own tables, or a fake."""
    if isinstance(accounts, MemoryAccounts):
        return MemoryRatings(accounts)
    return accounts if isinstance(accounts, SqlRatings) else None


def install_ratings(
    app: FastAPI,
    coordinator: Coordinator,
    accounts: AccountStore,
    ratings: RatingStore,
    clock: Clock = time.time,
    leaderboard_min: int | None = None,
) -> RatedMatches:
    """Add the rated-match and leaderboard routes; hook the end of matches."""
    rated = RatedMatches(coordinator, ratings, coordinator.observer, clock)
    coordinator.ratings = rated
    coordinator.observer = rated
    rated.catch_up()
    least = leaderboard_min
    if least is None:
        least = int(os.environ.get(LEADERBOARD_MIN_ENV, "") or LEADERBOARD_MIN)

    def account_of(request: Request) -> Account:
        secret = session_secret(request.headers)
        account = accounts.session_account(token_hash(secret), clock()) if secret else None
        if account is None:
            raise NotLoggedIn("log in first (no session, or it expired or was revoked)")
        return account

    @app.post(
        "/api/account/matches",
        status_code=201,
        responses=error_responses(
            NotLoggedIn,
            CrossSite,
            UnknownGame,
            SetupError,
            TimerError,
            TooManyRequests,
            body=True,
        ),
    )
    def create(body: CreateIn, request: Request) -> dict[str, Any]:
        """A new match whose first seat is this account's; rated if asked."""
        account = account_of(request)
        seats = [SeatSpec(name=s.name, bot=s.bot, partner=s.partner) for s in body.seats]
        refusal = rated_refusal(body, seats) if body.rated else None
        if refusal:
            raise SetupError(refusal)
        game_class(body.game)
        turn_clock = turn_clock_of(body.game, body.turn_clock)
        creations = app.state.create_quota
        address = client_address(request.scope)
        creations.take(address)
        try:
            created = coordinator.create_match(
                body.game,
                dict(body.options),
                seats,
                hotseat=body.hotseat,
                advice=False if body.rated else body.advice,
                turn_clock=turn_clock,
            )
        except Exception:
            creations.give_back(address)
            raise
        mid = created.match_id
        if body.rated:
            ratings.mark_rated(mid, body.game, clock())
        rated.remember(mid, body.rated)
        if 0 in created.seat_tokens:
            accounts.claim_seats(account.id, mid, [0], 0, clock())
        stored = coordinator.live(mid).stored
        return {
            **created_answer(created, stored.seats),
            "advice": advice_allowed(stored),
            "turn_clock": stored.clock.to_dict() if stored.clock else None,
            "rated": body.rated,
        }

    @app.get("/api/leaderboard/{game}", responses=error_responses(UnknownGame))
    def leaderboard(game: str) -> dict[str, Any]:
        """The game's rated accounts with ``least`` rated matches or more, best
        conservative rating (mu - 3 sigma) first."""
        game_class(game)  # 404 unknown_game, naming the games
        rows = [r for r in ratings.ratings(game=game) if r.matches >= least]
        rows.sort(key=lambda r: (-r.conservative, r.name))
        return {
            "game": game,
            "min_matches": least,
            "accounts": [
                {
                    "rank": i + 1,
                    "name": r.name,
                    "rating": round(r.conservative, 2),
                    "mu": round(r.mu, 2),
                    "sigma": round(r.sigma, 2),
                    "matches": r.matches,
                }
                for i, r in enumerate(rows[:LEADERBOARD_SIZE])
            ],
        }

    return rated
