"""Match storage: the Protocol the coordinator depends on, and an in-memory fake.

The coordinator stores every accepted action (chance outcomes included) *before*
anyone is told about it, through :meth:`MatchStore.append`, which refuses a gap or
an overlap in action indexes so that two writers can never interleave a match.
Tokens are stored only as hashes.  A finished match's reviews (one per seat) are
stored with it: :class:`ReviewRow`, claimed by one process while it computes.
"""

from __future__ import annotations

import copy
import dataclasses
import threading
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any, Protocol

from roadtrip.core.errors import RoadtripError
from roadtrip.server.turn_clock import TurnClock

SPECTATOR = -1  # the seat of a spectator grant

# A timed match's running deadlines: seat -> (when its decision expires, as a wall
# clock time; how many moves the seat had made when the decision began).
Deadlines = dict[int, tuple[float, int]]


class StorageError(RoadtripError):
    """A write that would corrupt a stored match (gap, overlap, unknown id)."""


@dataclass(frozen=True)
class SeatSpec:
    """Who plays a seat: a human (``bot`` is None) or a bot kind.  A human seat may
    be a team of two (``partner`` names the second player): both act for the seat,
    each with a token of their own."""

    name: str
    bot: str | None = None
    partner: str | None = None

    @property
    def label(self) -> str:
        """The seat's name as shown: "Ann & Bob" for a team."""
        return f"{self.name} & {self.partner}" if self.partner else self.name

    @property
    def members(self) -> tuple[str, ...]:
        """The people of a human seat (one, or two for a team); none for a bot."""
        if self.bot is not None:
            return ()
        return (self.name, self.partner) if self.partner else (self.name,)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "bot": self.bot}
        if self.partner:
            data["partner"] = self.partner
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SeatSpec:
        # Matches stored before teams existed have no "partner": a one-person seat.
        partner = data.get("partner")
        return cls(name=str(data["name"]), bot=data.get("bot"), partner=partner or None)


@dataclass
class StoredMatch:
    """A match as stored: its setup and every action so far."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[SeatSpec]
    actions: list[tuple[int, int]] = field(default_factory=list)
    finished: bool = False
    returns: list[float] | None = None
    created_at: float = 0.0
    hotseat: bool = False
    # May the players ask the advisor?  None: not chosen at creation (matches stored
    # before the setting existed), which means the default for the seats.
    advice: bool | None = None
    # The per-move time limit (None: none), the deadlines running at action count
    # ``deadline_version`` (-1: none stored yet), and the indexes of the actions the
    # clock made for a seat whose time ran out.
    clock: TurnClock | None = None
    deadlines: Deadlines = field(default_factory=dict)
    deadline_version: int = -1
    timeouts: list[int] = field(default_factory=list)
    # The human seats of a timed match that have opened their link, and when its
    # clocks started (None: not yet, they wait for the people; server/clock_start.py).
    arrived: frozenset[int] = frozenset()
    clock_started_at: float | None = None


@dataclass(frozen=True)
class ClockRow:
    """A timed match's stored clock as it is now (what a copy that missed another
    process's change takes over): who has opened their link, when the clocks
    started (None: not yet), the deadlines as of action count ``version`` and the
    indexes of the moves the clock made."""

    arrived: frozenset[int]
    started_at: float | None
    deadlines: Deadlines
    version: int
    timeouts: tuple[int, ...]

    def into(self, stored: StoredMatch) -> None:
        """Bring ``stored`` (a copy's) up to this row."""
        stored.arrived, stored.clock_started_at = self.arrived, self.started_at
        stored.deadlines, stored.deadline_version = dict(self.deadlines), self.version
        stored.timeouts = list(self.timeouts)


@dataclass(frozen=True)
class ReviewRow:
    """A stored review of one seat of a finished match.  ``status`` "running": the
    process named ``owner`` claimed it and is computing (``done`` of ``total``
    decisions judged, last heard of at ``updated_at``); "done": ``review`` is the
    finished review's JSON, stored once and never replaced."""

    match_id: str
    seat: int
    status: str
    owner: str
    updated_at: float
    done: int = 0
    total: int | None = None
    review: dict[str, Any] | None = None


@dataclass(frozen=True)
class Grant:
    """What a token allows: act for ``seats`` of a match (empty: spectate).
    ``member`` tells the two people of a team seat apart (0: the seat's ``name``,
    1: its ``partner``), so that each gets only messages meant for them."""

    match_id: str
    seats: tuple[int, ...]
    member: int = 0

    @property
    def is_spectator(self) -> bool:
        return not self.seats

    def seat_to_act(self, active: Collection[int]) -> int:
        """The first of a player's seats among ``active`` (the seats that may act
        now), else its first seat: whom a move or a question naming no seat is for."""
        return next((seat for seat in self.seats if seat in active), self.seats[0])


class MatchStore(Protocol):
    """Durable storage of matches, their actions and their tokens."""

    def create(self, match: StoredMatch, grants: dict[str, Grant]) -> None:
        """Store a new match with its token hashes -> grants."""

    def append(self, match_id: str, start: int, actions: list[tuple[int, int]]) -> None:
        """Store ``actions`` as indexes ``start, start+1, ...``; refuse gaps/overlaps."""

    def finish(self, match_id: str, returns: list[float]) -> None:
        """Mark a match finished with its returns."""

    def load(self, match_id: str) -> StoredMatch | None:
        """A stored match with all its actions, or None."""

    def unfinished(self) -> list[str]:
        """Ids of every match that is not finished."""

    def grant(self, token_hash: str) -> Grant | None:
        """The grant of a token hash, or None."""

    def recent(self, limit: int) -> list[StoredMatch]:
        """The newest matches (actions not loaded), newest first."""

    def save_deadlines(
        self, match_id: str, version: int, deadlines: Deadlines, timeouts: list[int]
    ) -> bool:
        """Store a timed match's deadlines as of action count ``version`` (and the
        actions the clock made); refused (False) when newer ones are stored."""

    def overdue(self, now: float, limit: int) -> list[str]:
        """Unfinished timed matches with a deadline at or before ``now``."""

    def arrive(self, match_id: str, seats: Collection[int]) -> ClockRow | None:
        """Record that ``seats`` of a timed match opened their link (added to those
        stored, whichever process stored them; none: only read).  The clock as now
        stored (None: the match has no clock)."""

    def start_clock(self, match_id: str, at: float) -> ClockRow | None:
        """Start a timed match's clocks at ``at`` unless they started already (the
        first start stands).  The clock as now stored (None: no clock)."""

    def load_review(self, match_id: str, seat: int) -> ReviewRow | None:
        """The stored review (finished, or claimed and running) of a seat, or None."""

    def claim_review(
        self, match_id: str, seat: int, owner: str, now: float, stale_before: float
    ) -> tuple[ReviewRow, bool]:
        """Claim the computation of a review for ``owner``: stored as running when
        there is no row, or taken over when the running claim is ``owner``'s own or
        was last heard of before ``stale_before``.  Returns the row as it now is and
        whether ``owner`` holds the claim (a finished review is never claimed)."""

    def review_progress(
        self, match_id: str, seat: int, owner: str, done: int, total: int | None, now: float
    ) -> bool:
        """Store a running claim's progress (and that its owner is alive); False
        when ``owner`` no longer holds the claim."""

    def finish_review(self, match_id: str, seat: int, owner: str, review: dict[str, Any]) -> bool:
        """Store the finished review, only while ``owner`` holds the running claim:
        of two computations of one review, one is stored (False for the other)."""

    def release_review(self, match_id: str, seat: int, owner: str) -> None:
        """Drop ``owner``'s running claim (its computation failed or stopped)."""

    def close(self) -> None:
        """Release connections."""


class MemoryStore:
    """An in-memory MatchStore for tests (and for throwaway servers)."""

    def __init__(self) -> None:
        self._matches: dict[str, StoredMatch] = {}
        self._grants: dict[str, Grant] = {}
        self._reviews: dict[tuple[str, int], ReviewRow] = {}
        # Reviews are claimed, and arrivals recorded, from several threads at once
        # (a database does this with its unique key and guarded updates).
        self._review_lock = threading.Lock()

    def __deepcopy__(self, memo: dict[int, Any]) -> MemoryStore:
        """A copy of the stored data with a lock of its own (tests copy a store
        to compare a server that went down with one that did not)."""
        copied = MemoryStore()
        with self._review_lock:
            copied._matches = copy.deepcopy(self._matches, memo)
            copied._grants = copy.deepcopy(self._grants, memo)
            copied._reviews = copy.deepcopy(self._reviews, memo)
        return copied

    def create(self, match: StoredMatch, grants: dict[str, Grant]) -> None:
        if match.id in self._matches:
            raise StorageError(f"match {match.id} already exists")
        self._matches[match.id] = copy.deepcopy(match)
        self._grants.update(grants)

    def append(self, match_id: str, start: int, actions: list[tuple[int, int]]) -> None:
        match = self._get(match_id)
        if start != len(match.actions):
            raise StorageError(
                f"match {match_id} has {len(match.actions)} actions; refusing to write at {start}"
            )
        match.actions.extend(actions)

    def finish(self, match_id: str, returns: list[float]) -> None:
        match = self._get(match_id)
        match.finished = True
        match.returns = list(returns)

    def load(self, match_id: str) -> StoredMatch | None:
        match = self._matches.get(match_id)
        return copy.deepcopy(match) if match is not None else None

    def unfinished(self) -> list[str]:
        return [m.id for m in self._matches.values() if not m.finished]

    def grant(self, token_hash: str) -> Grant | None:
        return self._grants.get(token_hash)

    def recent(self, limit: int) -> list[StoredMatch]:
        ordered = sorted(self._matches.values(), key=lambda m: m.created_at, reverse=True)
        return [dataclasses.replace(m, actions=[]) for m in ordered[:limit]]

    def save_deadlines(
        self, match_id: str, version: int, deadlines: Deadlines, timeouts: list[int]
    ) -> bool:
        match = self._get(match_id)
        if match.clock is None or version < match.deadline_version:
            return False
        match.deadlines = dict(deadlines)
        match.deadline_version = version
        match.timeouts = list(timeouts)
        return True

    def overdue(self, now: float, limit: int) -> list[str]:
        due = [
            m.id
            for m in self._matches.values()
            if not m.finished and any(at <= now for at, _ in m.deadlines.values())
        ]
        return due[:limit]

    def arrive(self, match_id: str, seats: Collection[int]) -> ClockRow | None:
        match = self._get(match_id)
        if match.clock is None:
            return None
        with self._review_lock:  # processes' threads record arrivals at once
            match.arrived = match.arrived | frozenset(seats)
            return self._clock_row(match)

    def start_clock(self, match_id: str, at: float) -> ClockRow | None:
        match = self._get(match_id)
        if match.clock is None:
            return None
        with self._review_lock:
            if match.clock_started_at is None:
                match.clock_started_at = at
            return self._clock_row(match)

    @staticmethod
    def _clock_row(match: StoredMatch) -> ClockRow:
        return ClockRow(
            match.arrived,
            match.clock_started_at,
            dict(match.deadlines),
            match.deadline_version,
            tuple(match.timeouts),
        )

    def load_review(self, match_id: str, seat: int) -> ReviewRow | None:
        with self._review_lock:
            return copy.deepcopy(self._reviews.get((match_id, seat)))

    def claim_review(
        self, match_id: str, seat: int, owner: str, now: float, stale_before: float
    ) -> tuple[ReviewRow, bool]:
        self._get(match_id)
        key = (match_id, seat)
        with self._review_lock:
            row = self._reviews.get(key)
            if row is None or (
                row.status == "running" and (row.owner == owner or row.updated_at < stale_before)
            ):
                row = self._reviews[key] = ReviewRow(match_id, seat, "running", owner, now)
            return copy.deepcopy(row), row.status == "running" and row.owner == owner

    def review_progress(
        self, match_id: str, seat: int, owner: str, done: int, total: int | None, now: float
    ) -> bool:
        key = (match_id, seat)
        with self._review_lock:
            row = self._reviews.get(key)
            if row is None or row.status != "running" or row.owner != owner:
                return False
            self._reviews[key] = dataclasses.replace(row, done=done, total=total, updated_at=now)
            return True

    def finish_review(self, match_id: str, seat: int, owner: str, review: dict[str, Any]) -> bool:
        key = (match_id, seat)
        with self._review_lock:
            row = self._reviews.get(key)
            if row is None or row.status != "running" or row.owner != owner:
                return False
            self._reviews[key] = dataclasses.replace(
                row, status="done", review=copy.deepcopy(review)
            )
            return True

    def release_review(self, match_id: str, seat: int, owner: str) -> None:
        key = (match_id, seat)
        with self._review_lock:
            row = self._reviews.get(key)
            if row is not None and row.status == "running" and row.owner == owner:
                del self._reviews[key]

    def close(self) -> None:
        pass

    def _get(self, match_id: str) -> StoredMatch:
        match = self._matches.get(match_id)
        if match is None:
            raise StorageError(f"no stored match {match_id}")
        return match
