"""Account storage: the Protocol the account routes depend on, and an in-memory fake.

An account is a unique name and an Argon2 hash of its password
(:mod:`roadtrip.server.passwords`); a session is the SHA-256 of the cookie's
secret, so a stolen database holds no usable session.  Seats belong to an account
by rows (match, seat, member) -> account: one account per seat and team member, so
a seat taken by one account cannot be claimed by another (and the ratings of issue
28 item 4 read who played which seat from them).  A device that opens one of the
account's matches gets a *link*: a fresh seat token (its hash in the tokens table,
as for any token) minted for its session, which lives as long as that session, so
logging out everywhere, or deleting the account, revokes every link it minted.
Deleting an account deletes its name, password hash, sessions, links and seat
rows; the matches keep the seat's name as a guest's, and guest tokens still work.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Protocol

from roadtrip.core.errors import RoadtripError
from roadtrip.server.storage import Grant, MemoryStore


class NameTaken(RoadtripError):
    """An account with this name exists already."""


class NotLoggedIn(RoadtripError, PermissionError):
    """No session cookie, or one that expired or was revoked (log in first)."""


class BadCredentials(RoadtripError, PermissionError):
    """The name or the password is wrong (the answer never says which)."""


class CrossSite(RoadtripError, PermissionError):
    """A state-changing request with a session cookie (or to an account route)
    from another site, without its Origin, or not JSON."""


@dataclass(frozen=True)
class Account:
    """A stored account.  ``name_key``: the name as compared (case-folded), unique."""

    id: str
    name: str
    name_key: str
    password_hash: str
    created_at: float


@dataclass(frozen=True)
class AccountSeat:
    """A seat (and team member) of a match that belongs to an account."""

    match_id: str
    seat: int
    member: int
    claimed_at: float


class AccountStore(Protocol):
    """Durable storage of accounts, their sessions, seats and device links."""

    def create_account(self, account: Account) -> None:
        """Store a new account; NameTaken if its ``name_key`` is taken."""

    def account_named(self, name_key: str) -> Account | None:
        """The account whose case-folded name is ``name_key``, or None."""

    def delete_account(self, account_id: str) -> None:
        """Delete the account with its sessions, seat rows and minted links."""

    def add_session(
        self, session_hash: str, account_id: str, created_at: float, expires_at: float
    ) -> None:
        """Store a new session (the hash of the cookie's secret)."""

    def session_account(self, session_hash: str, now: float) -> Account | None:
        """The account of a session that has not expired at ``now``, or None."""

    def drop_session(self, session_hash: str) -> None:
        """Delete one session and the links minted for it."""

    def drop_sessions(self, account_id: str, now: float) -> None:
        """Delete every session of an account (and their links); also called at
        log-in to drop its expired sessions (only those expired at ``now``, when
        ``now`` is positive)."""

    def claim_seats(
        self, account_id: str, match_id: str, seats: Collection[int], member: int, now: float
    ) -> bool:
        """Make ``seats`` (of team member ``member``) the account's; refused (False,
        nothing stored) when one of them belongs to another account."""

    def account_seats(
        self, account_id: str, limit: int, match_id: str | None = None
    ) -> list[AccountSeat]:
        """The account's seats, newest claim first, of at most ``limit`` matches
        (of match ``match_id`` only, if given)."""

    def add_link(
        self,
        token_hash: str,
        grant: Grant,
        account_id: str,
        session_hash: str,
        now: float,
        keep: int,
    ) -> None:
        """Store a device link (a seat token) minted for a session, keeping the
        session's newest ``keep`` links to that match (older ones are revoked)."""


class MemoryAccounts:
    """An in-memory AccountStore beside a :class:`MemoryStore` (whose tokens the
    device links are)."""

    def __init__(self, matches: MemoryStore) -> None:
        self.matches = matches
        self._accounts: dict[str, Account] = {}
        self._sessions: dict[str, tuple[str, float]] = {}  # hash -> (account, expires)
        self._seats: dict[tuple[str, int, int], tuple[str, float]] = {}
        self._links: dict[str, tuple[str, str, str, float]] = {}  # hash -> acc, ses, match
        self._lock = threading.Lock()

    def create_account(self, account: Account) -> None:
        with self._lock:
            if any(a.name_key == account.name_key for a in self._accounts.values()):
                raise NameTaken(f"the name {account.name!r} is taken")
            self._accounts[account.id] = account

    def account_named(self, name_key: str) -> Account | None:
        return next((a for a in self._accounts.values() if a.name_key == name_key), None)

    def delete_account(self, account_id: str) -> None:
        self.drop_sessions(account_id, 0.0)
        with self._lock:
            self._accounts.pop(account_id, None)
            for key in [k for k, (a, _) in self._seats.items() if a == account_id]:
                del self._seats[key]

    def add_session(
        self, session_hash: str, account_id: str, created_at: float, expires_at: float
    ) -> None:
        self._sessions[session_hash] = (account_id, expires_at)

    def session_account(self, session_hash: str, now: float) -> Account | None:
        found = self._sessions.get(session_hash)
        if found is None or found[1] <= now:
            return None
        return self._accounts.get(found[0])

    def drop_session(self, session_hash: str) -> None:
        with self._lock:
            self._sessions.pop(session_hash, None)
            self._drop_links(lambda link: link[1] == session_hash)

    def drop_sessions(self, account_id: str, now: float) -> None:
        with self._lock:
            dropped = {
                h
                for h, (a, expires) in self._sessions.items()
                if a == account_id and (now <= 0 or expires <= now)
            }
            for session in dropped:
                del self._sessions[session]
            self._drop_links(lambda link: link[1] in dropped)

    def _drop_links(self, which: Callable[[tuple[str, str, str, float]], bool]) -> None:
        """Revoke the links ``which`` selects (the caller holds the lock)."""
        for token in [h for h, link in self._links.items() if which(link)]:
            del self._links[token]
            self.matches._grants.pop(token, None)

    def claim_seats(
        self, account_id: str, match_id: str, seats: Collection[int], member: int, now: float
    ) -> bool:
        keys = [(match_id, seat, member) for seat in seats]
        with self._lock:
            if any(self._seats.get(k, (account_id,))[0] != account_id for k in keys):
                return False
            for key in keys:
                self._seats.setdefault(key, (account_id, now))
            return True

    def account_seats(
        self, account_id: str, limit: int, match_id: str | None = None
    ) -> list[AccountSeat]:
        with self._lock:
            mine = [
                AccountSeat(m, s, member, at)
                for (m, s, member), (a, at) in self._seats.items()
                if a == account_id and match_id in (None, m)
            ]
        return newest_matches(mine, limit)

    def add_link(
        self,
        token_hash: str,
        grant: Grant,
        account_id: str,
        session_hash: str,
        now: float,
        keep: int,
    ) -> None:
        with self._lock:
            self._links[token_hash] = (account_id, session_hash, grant.match_id, now)
            self.matches._grants[token_hash] = grant
            same = sorted(
                (at, h)
                for h, (_a, ses, m, at) in self._links.items()
                if ses == session_hash and m == grant.match_id
            )
            old = {h for _at, h in same[: max(0, len(same) - keep)]}
            for token in old:
                del self._links[token]
                self.matches._grants.pop(token, None)


def newest_matches(seats: list[AccountSeat], limit: int) -> list[AccountSeat]:
    """The rows of the ``limit`` matches claimed last, newest first."""
    latest: dict[str, float] = {}
    for row in seats:
        latest[row.match_id] = max(latest.get(row.match_id, 0.0), row.claimed_at)
    kept = set(sorted(latest, key=lambda m: (-latest[m], m))[:limit])
    return sorted(
        (r for r in seats if r.match_id in kept),
        key=lambda r: (-latest[r.match_id], r.match_id, r.seat, r.member),
    )
