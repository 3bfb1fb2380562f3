"""The daily challenge's rules: the day's seed, its attempts, and how a result counts.

One seed per game per UTC day for the solo games (:data:`DAILY_GAMES`), the same
dice or bag draws for everyone.  The seed is an HMAC-SHA256 of the game id and the
date under a server secret (:func:`daily_seed`): without the secret no one can
compute tomorrow's dice.  The secret comes from ``ROADTRIP_DAILY_SECRET`` or, unset,
is made once and kept in the database (:meth:`DailyStore.server_secret`), so it
survives restarts and every process of a cluster draws the same seed.

An account has one counted attempt per game and day (a row keyed by account, game
and day).  Its result counts only after the finished match's actions replay
against the day's seed (:func:`verified_result`): a match played on other dice
(a forged row, a tampered seed) raises :class:`~roadtrip.core.errors.SeedMismatch`
and is refused.  The store protocol and its in-memory fake live here; the SQL
tables in :mod:`roadtrip.server.sql_daily`.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import threading
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from typing import Protocol

from roadtrip.core.errors import RoadtripError
from roadtrip.core.records import MatchRecord, replay
from roadtrip.core.state import State
from roadtrip.server.storage import StoredMatch

SECRET_ENV = "ROADTRIP_DAILY_SECRET"
SECRET_NAME = "daily"  # its row in server_secrets


@dataclass(frozen=True)
class DailyGame:
    """How a solo game's daily result reads: points (more is better) or turns."""

    result_name: str
    lower_is_better: bool


DAILY_GAMES: dict[str, DailyGame] = {
    "road-to-300": DailyGame("points", lower_is_better=False),
    "get-your-kicks": DailyGame("turns", lower_is_better=True),
    "mileage-may-vary": DailyGame("turns", lower_is_better=True),
}
DAILY_OPTIONS = {"players": 1}  # the rulebook's solo game
FINISHED = ("done", "lost")  # an attempt's statuses once its result is stored


class NotDaily(RoadtripError, LookupError):
    """The game has no daily challenge (only the solo games have one)."""


class BadDay(RoadtripError, ValueError):
    """The date is not a day of the challenge: malformed, or not yet begun."""


class AlreadyPlayed(RoadtripError):
    """The account has already finished its counted attempt of this day."""


class NotRevealed(RoadtripError, PermissionError):
    """The day's leaderboard and seed are shown after the day, or to those who finished."""


@dataclass(frozen=True)
class Attempt:
    """An account's counted attempt at one game's challenge of one day.  ``status``:
    "playing", "done" or "lost" (``result`` and ``seconds`` stored; "lost": a Main
    Street mat not completed) or "refused" (its match did not replay on the day's
    seed)."""

    account_id: str
    game: str
    day: str  # YYYY-MM-DD, UTC
    match_id: str
    name: str  # the account's name when it started
    started_at: float
    status: str = "playing"
    result: float | None = None
    seconds: float | None = None


class DailyStore(Protocol):
    """Where the daily secret and attempts live (the matches' database)."""

    def server_secret(self, name: str, made: str) -> str:
        """The secret called ``name``; stores ``made`` if there is none yet (the
        first writer wins; every caller gets the stored one)."""

    def start_attempt(self, attempt: Attempt) -> Attempt:
        """Store ``attempt`` unless the account has one for its game and day;
        answer the stored one."""

    def settle_attempt(self, attempt: Attempt) -> None:
        """Store a playing attempt's outcome (status, result, seconds)."""

    def attempts_of_day(self, game: str, day: str) -> list[Attempt]:
        """Every counted attempt at ``game`` on ``day``."""

    def attempts_of(self, account_id: str, game: str) -> list[Attempt]:
        """The account's attempts at ``game``, every day."""

    def forget_account(self, account_id: str) -> None:
        """Delete the account's attempts (it was deleted: its name leaves the boards)."""


class MemoryDaily:
    """A DailyStore in memory (tests, and the app without a database)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._secrets: dict[str, str] = {}
        self._attempts: dict[tuple[str, str, str], Attempt] = {}

    def server_secret(self, name: str, made: str) -> str:
        with self._lock:
            return self._secrets.setdefault(name, made)

    def start_attempt(self, attempt: Attempt) -> Attempt:
        with self._lock:
            key = (attempt.account_id, attempt.game, attempt.day)
            return self._attempts.setdefault(key, attempt)

    def settle_attempt(self, attempt: Attempt) -> None:
        with self._lock:
            key = (attempt.account_id, attempt.game, attempt.day)
            if self._attempts.get(key, attempt).status == "playing":
                self._attempts[key] = attempt

    def attempts_of_day(self, game: str, day: str) -> list[Attempt]:
        with self._lock:
            return [a for a in self._attempts.values() if a.game == game and a.day == day]

    def attempts_of(self, account_id: str, game: str) -> list[Attempt]:
        with self._lock:
            mine = (account_id, game)
            return [a for a in self._attempts.values() if (a.account_id, a.game) == mine]

    def forget_account(self, account_id: str) -> None:
        with self._lock:
            for key in [k for k in self._attempts if k[0] == account_id]:
                del self._attempts[key]


def daily_secret(store: DailyStore) -> bytes:
    """The server's daily secret: the environment's, else the database's (made once)."""
    configured = os.environ.get(SECRET_ENV, "")
    if configured:
        return configured.encode("utf-8")
    return store.server_secret(SECRET_NAME, secrets.token_hex(32)).encode("utf-8")


def daily_seed(secret: bytes, game: str, day: str) -> int:
    """The seed of ``game``'s challenge on ``day``: 62 bits, like every match's seed."""
    mac = hmac.new(secret, f"roadtrip-daily:{game}:{day}".encode(), hashlib.sha256).digest()
    return int.from_bytes(mac[:8], "big") >> 2


def utc_day(now: float) -> str:
    return datetime.fromtimestamp(now, UTC).date().isoformat()


def checked_game(game: str) -> DailyGame:
    kind = DAILY_GAMES.get(game)
    if kind is None:
        raise NotDaily(f"no daily challenge for '{game}'; the games: {', '.join(DAILY_GAMES)}")
    return kind


# The first day of the challenge: the archive starts here.  Every day asked for may
# cost the expert a game (computed once a process), so the days are bounded.
FIRST_DAY = "2026-01-01"


def checked_day(text: str, today: str) -> str:
    """``text`` as a day of the challenge (YYYY-MM-DD, from FIRST_DAY to today)."""
    try:
        day = date.fromisoformat(text).isoformat()
    except ValueError:
        raise BadDay(f"'{text[:20]}' is not a date (YYYY-MM-DD)") from None
    if day != text:
        raise BadDay(f"'{text}' is not a date (YYYY-MM-DD)")
    if day > today:
        raise BadDay(f"the challenge of {day} has not begun (today is {today}, UTC)")
    if day < FIRST_DAY:
        raise BadDay(f"the daily challenge began on {FIRST_DAY}; {day} has none")
    return day


def game_result(game: str, state: State) -> tuple[float, bool]:
    """A finished solo game's result and whether it was won: Road to 300's points
    (every game counts), Main Street's turns (a lost mat -- six black cubes, say --
    ends in few turns, so it ranks after every won one)."""
    if checked_game(game).result_name == "points":
        return float(state.scores()[0]), True
    return float(state.rounds_played() or 0), bool(state.winners())


def verified_result(stored: StoredMatch, game: str, seed: int) -> tuple[float, bool] | None:
    """The result of a finished daily match, replayed against the day's ``seed``
    (SeedMismatch or CorruptRecord where it was not played on it); None while it
    is not over."""
    if stored.game != game or dict(stored.options).get("players") != 1:
        raise NotDaily(f"match {stored.id} is not a solo {game} match")
    state = replay(MatchRecord(game, dict(stored.options), seed, tuple(stored.actions)))
    return game_result(game, state) if state.is_terminal() else None


def settled(attempt: Attempt, *, result: tuple[float, bool] | None, now: float) -> Attempt:
    """``attempt`` "done" (or "lost") with ``result`` (None: "refused"), timed until
    ``now``."""
    if result is None:
        return replace(attempt, status="refused")
    value, won = result
    status = "done" if won else "lost"
    return replace(attempt, status=status, result=value, seconds=now - attempt.started_at)


def ranked(attempts: list[Attempt], kind: DailyGame) -> list[Attempt]:
    """The finished attempts, best first: won before lost, then by result, then the
    faster."""
    finished = [a for a in attempts if a.status in FINISHED and a.result is not None]
    sign = 1.0 if kind.lower_is_better else -1.0
    return sorted(
        finished,
        key=lambda a: (a.status != "done", sign * (a.result or 0.0), a.seconds or 0.0, a.name),
    )
