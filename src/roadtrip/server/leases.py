"""Leases: which server process runs a match's unattended play right now.

When several ``roadtrip serve`` processes share one database, the play nobody waits
for (a new match's opening bot and chance moves, a match resumed at start-up, and
later turn timers) must run in exactly one of them.  A process takes a match's
lease before running it and gives it back afterwards; a lease expires ``ttl``
seconds after it was taken or renewed, so when its holder dies in the middle, the
match is picked up by another process once the lease has expired (see
:meth:`roadtrip.server.cluster.ClusterCoordinator.take_over_expired`).

The one rule: at any moment at most one holder has an unexpired lease on a match.
A lease is not what keeps the stored history whole; the store's ``append`` is
(it refuses a gap or an overlap), so even a holder whose lease expired while it
was still working cannot store anything twice.

:class:`MemoryLeases` is the in-memory fake (its clock is passed in);
:class:`SqlLeases` keeps the leases in a table of the match database.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

from sqlalchemy import Column, Engine, Float, MetaData, String, Table, delete, insert, select
from sqlalchemy import update as sql_update
from sqlalchemy.exc import IntegrityError

DEFAULT_LEASE_SECONDS = 30.0


class Leases(Protocol):
    """Per-match leases with expiry."""

    def acquire(self, match_id: str, holder: str, ttl: float) -> bool:
        """Take (or renew) the lease of ``match_id`` for ``ttl`` seconds: True when
        ``holder`` now holds it, False when another holder's lease is still valid."""

    def release(self, match_id: str, holder: str) -> None:
        """Give the lease back (nothing happens unless ``holder`` holds it)."""

    def expired(self) -> list[str]:
        """Matches whose lease has expired: their holder died while running them."""

    def holder(self, match_id: str) -> str | None:
        """Who holds an unexpired lease on ``match_id``, if anyone."""


class MemoryLeases:
    """Leases in a dict, for tests: several coordinators in one process share one."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self._leases: dict[str, tuple[str, float]] = {}

    def acquire(self, match_id: str, holder: str, ttl: float) -> bool:
        now = self.clock()
        current = self._leases.get(match_id)
        if current is not None and current[0] != holder and current[1] > now:
            return False
        self._leases[match_id] = (holder, now + ttl)
        return True

    def release(self, match_id: str, holder: str) -> None:
        current = self._leases.get(match_id)
        if current is not None and current[0] == holder:
            del self._leases[match_id]

    def expired(self) -> list[str]:
        now = self.clock()
        return [m for m, (_, until) in self._leases.items() if until <= now]

    def holder(self, match_id: str) -> str | None:
        current = self._leases.get(match_id)
        return current[0] if current is not None and current[1] > self.clock() else None


lease_metadata = MetaData()

match_leases = Table(
    "match_leases",
    lease_metadata,
    Column("match_id", String(32), primary_key=True),
    Column("holder", String(64), nullable=False),
    Column("expires_at", Float, nullable=False, index=True),
)


class SqlLeases:
    """Leases as rows of ``match_leases`` in the match database (made by the migrations,
    :mod:`roadtrip.server.migrate`, when the store opened it).

    Taking a lease is one guarded UPDATE (mine, or expired) or, when there is no
    row, one INSERT whose primary key makes a second taker fail: both are atomic in
    PostgreSQL and SQLite alike.  Expiry uses each process's wall clock, so the
    machines' clocks must agree to well within the lease time (NTP does).
    """

    def __init__(self, engine: Engine, clock: Callable[[], float] = time.time) -> None:
        self.engine = engine
        self.clock = clock

    def acquire(self, match_id: str, holder: str, ttl: float) -> bool:
        now = self.clock()
        with self.engine.begin() as conn:
            taken = conn.execute(
                sql_update(match_leases)
                .where(
                    match_leases.c.match_id == match_id,
                    (match_leases.c.holder == holder) | (match_leases.c.expires_at <= now),
                )
                .values(holder=holder, expires_at=now + ttl)
            )
            if taken.rowcount == 1:
                return True
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(match_leases).values(
                        match_id=match_id, holder=holder, expires_at=now + ttl
                    )
                )
        except IntegrityError:
            return False  # another holder's valid lease (or it just took the row)
        return True

    def release(self, match_id: str, holder: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                delete(match_leases).where(
                    match_leases.c.match_id == match_id, match_leases.c.holder == holder
                )
            )

    def expired(self) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(match_leases.c.match_id).where(match_leases.c.expires_at <= self.clock())
            )
            return [str(r[0]) for r in rows]

    def holder(self, match_id: str) -> str | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                select(match_leases.c.holder).where(
                    match_leases.c.match_id == match_id,
                    match_leases.c.expires_at > self.clock(),
                )
            ).first()
        return str(row[0]) if row is not None else None
