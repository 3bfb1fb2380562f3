"""Human ratings: the storage Protocol, an in-memory fake, and the rating rule.

A rated match (issue 28 item 4) has a row in ``rated_matches`` from its creation.
When it ends, :meth:`RatingStore.apply_match` applies it once (on a cluster too:
the row's ``applied_at`` moves from NULL to a time in the same transaction that
writes the new ratings, so a second attempt, on this process or another, finds it
applied and changes nothing).  Only seats held by accounts are rated; a match
with a seat that is not an account's (a guest, a bot) or with fewer than two
accounts is marked applied with the reason and changes no rating, so bots and
guests never move a human rating.  ``players`` keeps who was rated (account ids)
so that :func:`replay_ratings` recomputes the table from the stored matches
exactly, even after an opponent's account was deleted.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from openskill.models import PlackettLuce

from roadtrip.server.account_store import MemoryAccounts

MODEL = PlackettLuce()
Key = tuple[str, str]  # (account id, game)


@dataclass(frozen=True)
class Rating:
    """An account's rating in one game: openskill's mu and sigma, and how many
    rated matches made it.  ``conservative`` (mu - 3 sigma) orders leaderboards."""

    account_id: str
    game: str
    mu: float
    sigma: float
    matches: int
    name: str = ""  # the account's name, where the store read it

    @property
    def conservative(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class AppliedMatch:
    """A rated match as applied: its game, the rated (seat, account) pairs (empty
    when it was not rated, see ``outcome``) and its final returns."""

    match_id: str
    game: str
    players: tuple[tuple[int, str], ...]
    returns: tuple[float, ...]


def rate(
    current: dict[str, Rating],
    game: str,
    players: Sequence[tuple[int, str]],
    returns: Sequence[float],
) -> dict[str, Rating]:
    """The new ratings of ``players`` after one match (higher return ranks first;
    equal returns tie).  ``current``: their ratings so far, by account id."""
    before = [current.get(a) for _seat, a in players]
    teams = [
        [MODEL.rating() if r is None else MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before
    ]
    ranks = [-float(returns[seat]) for seat, _a in players]
    after = MODEL.rate(teams, ranks=ranks)
    return {
        account: Rating(
            account,
            game,
            float(team[0].mu),
            float(team[0].sigma),
            (0 if old is None else old.matches) + 1,
        )
        for (_seat, account), team, old in zip(players, after, before, strict=True)
    }


def replay_ratings(applied: Iterable[AppliedMatch]) -> dict[Key, Rating]:
    """Every rating recomputed from the applied matches, in the order applied."""
    table: dict[Key, Rating] = {}
    for match in applied:
        if not match.players:
            continue
        current = {a: table[(a, match.game)] for _s, a in match.players if (a, match.game) in table}
        for account, rating in rate(current, match.game, match.players, match.returns).items():
            table[(account, match.game)] = rating
    return table


def unrated_reason(seats: int, held: dict[int, str]) -> str | None:
    """Why a finished rated match changes no rating (None: it is rated): every
    seat must be an account's, and two accounts at least must play."""
    guests = [s for s in range(seats) if s not in held]
    if guests:
        return f"seat {guests[0]} was not played by an account"
    if len(set(held.values())) < 2:
        return "fewer than two accounts played"
    return None


class RatingStore(Protocol):
    """Durable storage of rated matches and the accounts' ratings."""

    def mark_rated(self, match_id: str, game: str, now: float) -> None:
        """Record that ``match_id`` (just created) is rated."""

    def is_rated(self, match_id: str) -> bool:
        """Whether ``match_id`` was created rated."""

    def apply_match(
        self, match_id: str, returns: Sequence[float], seats: int, now: float
    ) -> str | None:
        """Apply a finished rated match once: rate its seats' accounts (read from
        the account seats).  Returns the outcome ("rated", or why not), or None when
        it is not rated or was applied already (then nothing changes)."""

    def pending(self, limit: int) -> list[str]:
        """Rated matches that are finished but not applied (at most ``limit``): a
        process stopped between storing the finish and applying it."""

    def ratings(self, game: str | None = None, account_id: str | None = None) -> list[Rating]:
        """The stored ratings (of one game, of one account), with the accounts' names."""

    def applied_matches(self) -> list[AppliedMatch]:
        """The applied rated matches in the order they were applied."""


class MemoryRatings:
    """An in-memory RatingStore beside :class:`MemoryAccounts` (who holds which seat)."""

    def __init__(self, accounts: MemoryAccounts) -> None:
        self._accounts = accounts
        self._rated: dict[str, tuple[str, float | None]] = {}  # match -> game, applied
        self._applied: list[AppliedMatch] = []
        self._table: dict[Key, Rating] = {}
        self._lock = threading.Lock()

    def seats_of(self, match_id: str) -> dict[int, str]:
        held = self._accounts._seats
        return {s: a for (m, s, member), (a, _at) in held.items() if m == match_id and member == 0}

    def mark_rated(self, match_id: str, game: str, now: float) -> None:
        self._rated[match_id] = (game, None)

    def is_rated(self, match_id: str) -> bool:
        return match_id in self._rated

    def apply_match(
        self, match_id: str, returns: Sequence[float], seats: int, now: float
    ) -> str | None:
        with self._lock:
            found = self._rated.get(match_id)
            if found is None or found[1] is not None:
                return None
            game = found[0]
            self._rated[match_id] = (game, now)
            held = self.seats_of(match_id)
            reason = unrated_reason(seats, held)
            players = () if reason else tuple(sorted(held.items()))
            self._applied.append(AppliedMatch(match_id, game, players, tuple(returns)))
            if reason:
                return reason
            current = {a: self._table[(a, game)] for _s, a in players if (a, game) in self._table}
            for account, rating in rate(current, game, players, returns).items():
                self._table[(account, game)] = rating
            return "rated"

    def pending(self, limit: int) -> list[str]:
        def finished(match_id: str) -> bool:
            stored = self._accounts.matches.load(match_id)
            return stored is not None and stored.finished

        waiting = [m for m, (_g, applied) in self._rated.items() if applied is None]
        return [m for m in waiting if finished(m)][:limit]

    def ratings(self, game: str | None = None, account_id: str | None = None) -> list[Rating]:
        names = {a.id: a.name for a in self._accounts._accounts.values()}
        return [
            dataclasses.replace(r, name=names[r.account_id])
            for r in self._table.values()
            if game in (None, r.game)
            and account_id in (None, r.account_id)
            and r.account_id in self._accounts._accounts  # a deleted account's are gone
        ]

    def applied_matches(self) -> list[AppliedMatch]:
        return list(self._applied)
