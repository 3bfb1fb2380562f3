"""The daily challenge's routes: start today's (or an archived day's) solo match on
the day's seed, and the day's leaderboard with the expert's result, your streak and
a spoiler-free share text.

They live under ``/api/account/daily`` because the session cookie reaches only
``/api/account`` (server/sessions.py); a guest calls them without a cookie and plays
unranked.  An account's attempt is settled (verified against the day's seed and
stored, :mod:`roadtrip.server.daily`) at the next daily request after the match
ends; its time stops when the match ends (:class:`DailyApi` hears of it as the
coordinator's observer), or at settling where another process saw the end.
The routes are plain functions, so replays and the expert's game run on worker
threads, never on the event loop.
"""

from __future__ import annotations

import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from random import Random
from typing import Any

from fastapi import FastAPI, Request
from pydantic import BaseModel

from roadtrip.bots import make_bot, observe
from roadtrip.core.errors import CorruptRecord, SeedMismatch
from roadtrip.core.match import Match
from roadtrip.core.registry import load_game
from roadtrip.server.account_store import Account, AccountStore, CrossSite
from roadtrip.server.accounts import LINKS_KEPT
from roadtrip.server.coordinator import Coordinator
from roadtrip.server.coordinator_base import MoveObserver, Unobserved
from roadtrip.server.daily import (
    DAILY_GAMES,
    DAILY_OPTIONS,
    FINISHED,
    AlreadyPlayed,
    Attempt,
    BadDay,
    DailyStore,
    NotDaily,
    NotRevealed,
    checked_day,
    checked_game,
    daily_secret,
    daily_seed,
    game_result,
    ranked,
    settled,
    utc_day,
    verified_result,
)
from roadtrip.server.errors import error_responses
from roadtrip.server.match_api import created_answer, link
from roadtrip.server.quotas import (
    ADVICE_QUOTA,
    ADVICE_QUOTA_ENV,
    CREATE_QUOTA,
    CREATE_QUOTA_ENV,
    Buckets,
    Quota,
    TooManyRequests,
    client_address,
)
from roadtrip.server.sessions import session_secret
from roadtrip.server.storage import Grant, SeatSpec
from roadtrip.server.tokens import new_token, token_hash

EXPERT_THINK_ENV = "ROADTRIP_DAILY_EXPERT_THINK"
EXPERT_THINK = 0.05  # seconds of work per decision (units of work: the same anywhere)
GAME_NAMES = {
    "road-to-300": "Road to 300",
    "get-your-kicks": "Get Your Kicks",
    "mileage-may-vary": "Your Mileage May Vary",
}


class Empty(BaseModel):
    """A JSON body (``{}``)."""


def expert_result(game_id: str, seed: int) -> tuple[float, bool]:
    """The expert bot's result on the day's seed (and whether it won), with a
    fixed budget of work."""
    think = float(os.environ.get(EXPERT_THINK_ENV, "") or EXPERT_THINK)
    game = load_game(game_id, **DAILY_OPTIONS)
    match = Match(game, seed, game.new_initial_state())
    bot = make_bot("expert", game, think=think)
    rng = Random(f"daily-expert:{seed}")
    match.advance()
    while not match.state.is_terminal():
        match.act(bot.choose(observe(match.state, 0), rng), 0)
        match.advance()
    return game_result(game_id, match.state)


def share_text(game: str, day: str, result: float, expert: float | None) -> str:
    """Wordle-style: the game, the day, the result and squares of progress; no dice."""
    kind = checked_game(game)
    if kind.result_name == "points":
        filled = max(0, min(10, int(result // 30)))
        squares = "🟩" * filled + "⬜" * (10 - filled)
    else:
        par = int(expert) if expert is not None else int(result)
        turns = int(result)
        squares = "🟩" * min(turns, par) + "🟨" * max(0, turns - par)
    line = f"{int(result)} {kind.result_name}"
    if expert is not None:
        line += f" (expert {int(expert)})"
    return f"roadtrip daily · {GAME_NAMES[game]} · {day}\n{line}\n{squares}"


def streak(attempts: list[Attempt], today: str) -> int:
    """Consecutive days, ending today (or yesterday), with a finished counted attempt."""
    from datetime import date, timedelta

    days = {a.day for a in attempts if a.status in FINISHED}
    day = date.fromisoformat(today)
    if today not in days:
        day -= timedelta(days=1)
    count = 0
    while day.isoformat() in days:
        count += 1
        day -= timedelta(days=1)
    return count


FINISHES_KEPT = 10_000  # daily matches' end times remembered until settled


class DailyApi:
    """The routes' clock (tests move it to another day), the expert cache, and
    when this process saw daily matches end (an attempt's time stops there)."""

    def __init__(self, store: DailyStore, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        self.experts: dict[tuple[str, str], tuple[float, bool]] = {}
        self.finished_at: OrderedDict[str, float] = OrderedDict()
        self._heard: MoveObserver = Unobserved()

    def observe(self, coordinator: Coordinator) -> None:
        """Hear of the coordinator's finished matches (beside its other observer)."""
        self._heard, coordinator.observer = coordinator.observer, self

    def moved(self, game: str, seconds: float) -> None:
        self._heard.moved(game, seconds)

    def stored(self, match_id: str, game: str, actions: int, finished: bool) -> None:
        self._heard.stored(match_id, game, actions, finished)
        if finished and game in DAILY_GAMES:  # only a note: the move's path stays fast
            self.finished_at[match_id] = self.clock()
            while len(self.finished_at) > FINISHES_KEPT:
                self.finished_at.popitem(last=False)


def install_daily(
    app: FastAPI, coordinator: Coordinator, accounts: AccountStore | None, daily: DailyStore
) -> DailyApi:
    """Add the ``/api/account/daily`` routes to ``app``."""
    api = DailyApi(daily)
    experts = api.experts
    # One expert game at a time per game (at most three threads think), and each
    # game computed anew spends the asker's thinking quota, as advice does: the
    # archive's days cannot be crawled to keep the server thinking.
    expert_locks = {game: threading.Lock() for game in DAILY_GAMES}
    thinking = Buckets(Quota.from_env(ADVICE_QUOTA_ENV, ADVICE_QUOTA), "the expert's game")

    secret: list[bytes] = []  # read once: it never changes while the server runs

    def seed_of(game: str, day: str) -> int:
        if not secret:
            secret.append(daily_secret(daily))
        return daily_seed(secret[0], game, day)

    def account_of(request: Request) -> tuple[Account, str] | None:
        secret = session_secret(request.headers)
        if secret is None or accounts is None:
            return None
        hashed = token_hash(secret)
        account = accounts.session_account(hashed, api.clock())
        return None if account is None else (account, hashed)

    def settle(attempt: Attempt) -> Attempt:
        if attempt.status != "playing":
            return attempt
        stored = coordinator.store.load(attempt.match_id)  # every action, from the store
        if stored is None:
            return attempt
        try:
            result = verified_result(stored, attempt.game, seed_of(attempt.game, attempt.day))
        except (SeedMismatch, CorruptRecord, NotDaily):
            result = None  # not played on the day's dice: refused, never counted
        else:
            if result is None:
                return attempt  # still playing
        # The end as this process saw it; else (another process, a restart) now.
        ended = api.finished_at.pop(attempt.match_id, None)
        done = settled(attempt, result=result, now=api.clock() if ended is None else ended)
        daily.settle_attempt(done)
        return done

    def expert(game: str, day: str, client: str) -> tuple[float, bool]:
        key = (game, day)
        with expert_locks[game]:  # computed once per process and day; others wait
            if key not in experts:
                thinking.take(client)
                experts[key] = expert_result(game, seed_of(game, day))
            return experts[key]

    def new_match(game: str, day: str, name: str) -> dict[str, Any]:
        seats = [SeatSpec(name=name)]
        created = coordinator.create_match(
            game, dict(DAILY_OPTIONS), seats, seed=seed_of(game, day), advice=False
        )
        return {"created": created, **created_answer(created, seats)}

    # New matches per address, as POST /api/matches counts them (its own buckets).
    creations = Buckets(Quota.from_env(CREATE_QUOTA_ENV, CREATE_QUOTA), "a new match")
    refusals = (NotDaily, BadDay, AlreadyPlayed, CrossSite, TooManyRequests)

    @app.post(
        "/api/account/daily/{game}",
        status_code=201,
        responses=error_responses(*refusals, body=True),
    )
    def start(game: str, _body: Empty, request: Request, date: str | None = None) -> dict[str, Any]:
        """Today's challenge (counted for an account, unranked for a guest), or a
        past day's (``?date=YYYY-MM-DD``, unranked)."""
        checked_game(game)
        creations.take(client_address(request.scope))
        today = utc_day(api.clock())
        day = checked_day(date, today) if date else today
        who = account_of(request)
        counted = who is not None and day == today
        if who is None or not counted:
            answer = new_match(game, day, who[0].name if who else "Guest")
            answer.pop("created")
            return {**answer, "game": game, "day": day, "counted": False}
        account, hashed = who
        if accounts is None:  # who is not None only when accounts are on
            raise RuntimeError("a counted daily attempt without an account store")
        held = daily.attempts_of(account.id, game)
        mine = next((a for a in held if a.day == day), None)
        if mine is None:
            answer = new_match(game, day, account.name)
            created = answer.pop("created")
            attempt = Attempt(account.id, game, day, created.match_id, account.name, api.clock())
            mine = daily.start_attempt(attempt)
            if mine.match_id == created.match_id:
                accounts.claim_seats(account.id, created.match_id, (0,), 0, api.clock())
                return {**answer, "game": game, "day": day, "counted": True}
        mine = settle(mine)
        if mine.status != "playing":  # finished (or refused): the one attempt is spent
            raise AlreadyPlayed(f"you have played today's {game} challenge; see the leaderboard")
        # The same match again, on this device: a seat token of its own (as a device link).
        token = new_token()
        grant = Grant(mine.match_id, (0,), 0)
        accounts.add_link(token_hash(token), grant, account.id, hashed, api.clock(), LINKS_KEPT)
        return {
            "match": mine.match_id,
            "seats": [{"seat": 0, "token": token, "url": link(mine.match_id, token)}],
            "game": game,
            "day": day,
            "counted": True,
            "resumed": True,
        }

    @app.get(
        "/api/account/daily/{game}/{day}",
        responses=error_responses(NotDaily, BadDay, NotRevealed, TooManyRequests),
    )
    def board(game: str, day: str, request: Request) -> dict[str, Any]:
        """The day's leaderboard, the expert's result on its seed, your streak and
        share text: after the day, or once you have finished it."""
        kind = checked_game(game)
        today = utc_day(api.clock())
        day = checked_day(day, today)
        who = account_of(request)
        attempts = [settle(a) for a in daily.attempts_of_day(game, day)]
        mine = next((a for a in attempts if who and a.account_id == who[0].id), None)
        if day == today and (mine is None or mine.status == "playing"):
            raise NotRevealed(
                "today's leaderboard shows once you have finished today's challenge "
                "(or tomorrow, UTC)"
            )
        expert_score, expert_won = expert(game, day, client_address(request.scope))
        answer: dict[str, Any] = {
            "game": game,
            "day": day,
            "result_name": kind.result_name,
            "lower_is_better": kind.lower_is_better,
            # After the day only: a finisher who passed it on would give away the rolls.
            "seed": seed_of(game, day) if day < today else None,
            "expert": {"result": expert_score, "won": expert_won},
            "leaderboard": [
                {
                    "rank": i + 1,
                    "name": a.name,
                    "result": a.result,
                    "won": a.status == "done",
                    "seconds": a.seconds,
                }
                for i, a in enumerate(ranked(attempts, kind))
            ],
            "you": None,
        }
        if who is not None:
            own = [settle(a) for a in daily.attempts_of(who[0].id, game)]
            answer["you"] = {
                "status": mine.status if mine else None,
                "result": mine.result if mine else None,
                "seconds": mine.seconds if mine else None,
                "match": mine.match_id if mine else None,
                "streak": streak(own, today),
                "share": (
                    share_text(game, day, mine.result, expert_score)
                    if mine and mine.result is not None
                    else None
                ),
            }
        return answer

    return api
