"""Turn clocks on SQL: the ``match_clocks`` table, one row per timed match.

A row holds the clock's setting, the running deadlines as of action count
``version`` ({seat: [expires_at, moves]}), their earliest (indexed, for the sweep
of overdue matches), the indexes of the actions the clock made, and when the
clocks wait for the people (:mod:`roadtrip.server.clock_start`): ``arrived``, the
human seats that have opened their link, as a bit mask (seat ``s`` is bit
``1 << s``) so that two processes recording two arrivals at once both count
(``arrived | bits`` in one guarded update, never a read then a write), and
``started_at``, when the clocks started (NULL: not yet; the first start stands).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from sqlalchemy import (
    JSON,
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    select,
    update,
)

from roadtrip.server.storage import ClockRow, Deadlines, StoredMatch
from roadtrip.server.turn_clock import turn_clock_from_dict


def clocks_table(metadata: MetaData) -> Table:
    """The ``match_clocks`` table, in the matches' ``metadata`` (a table of its own:
    databases made before turn timers existed gain it empty)."""
    return Table(
        "match_clocks",
        metadata,
        Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
        Column("clock", JSON, nullable=False),
        Column("version", Integer, nullable=False, default=-1),
        Column("deadlines", JSON, nullable=False),
        Column("next_deadline", Float, nullable=True, index=True),
        Column("timeouts", JSON, nullable=False),
        # Added by revision 0002 (rows from before it are marked started then).
        Column("arrived", Integer, nullable=False, server_default="0"),
        Column("started_at", Float, nullable=True),
    )


def seat_bits(seats: Collection[int]) -> int:
    """``seats`` as the ``arrived`` bit mask."""
    bits = 0
    for seat in seats:
        bits |= 1 << seat
    return bits


def seats_of(bits: int) -> frozenset[int]:
    """The seats of an ``arrived`` bit mask."""
    return frozenset(seat for seat in range(bits.bit_length()) if bits >> seat & 1)


class SqlClocks:
    """The turn clock methods of the SQL MatchStore (``clocks``: its table,
    ``matches_table``: the matches, for the overdue sweep's join)."""

    engine: Engine
    clocks: Table
    matches_table: Table

    def save_deadlines(
        self, match_id: str, version: int, deadlines: Deadlines, timeouts: list[int]
    ) -> bool:
        with self.engine.begin() as conn:
            result = conn.execute(
                update(self.clocks)
                .where(self.clocks.c.match_id == match_id, self.clocks.c.version <= version)
                .values(
                    version=version,
                    deadlines={str(seat): [at, moves] for seat, (at, moves) in deadlines.items()},
                    next_deadline=min((at for at, _ in deadlines.values()), default=None),
                    timeouts=list(timeouts),
                )
            )
            return bool(result.rowcount == 1)

    def overdue(self, now: float, limit: int) -> list[str]:
        clocks, matches = self.clocks, self.matches_table
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(clocks.c.match_id)
                .join(matches, matches.c.id == clocks.c.match_id)
                .where(clocks.c.next_deadline <= now, matches.c.finished.is_(False))
                .order_by(clocks.c.next_deadline)
                .limit(limit)
            )
            return [str(r[0]) for r in rows]

    def arrive(self, match_id: str, seats: Collection[int]) -> ClockRow | None:
        bits = seat_bits(seats)
        with self.engine.begin() as conn:
            if bits:
                conn.execute(
                    update(self.clocks)
                    .where(self.clocks.c.match_id == match_id)
                    .values(arrived=self.clocks.c.arrived.op("|")(bits))
                )
            return self._clock_row(conn, match_id)

    def start_clock(self, match_id: str, at: float) -> ClockRow | None:
        with self.engine.begin() as conn:
            conn.execute(
                update(self.clocks)
                .where(self.clocks.c.match_id == match_id, self.clocks.c.started_at.is_(None))
                .values(started_at=at)
            )
            return self._clock_row(conn, match_id)

    def _clock_row(self, conn: Connection, match_id: str) -> ClockRow | None:
        row = conn.execute(select(self.clocks).where(self.clocks.c.match_id == match_id)).first()
        if row is None:
            return None
        stored = StoredMatch(match_id, "", {}, 0, [])
        clock_into(stored, row._mapping)
        return ClockRow(
            stored.arrived,
            stored.clock_started_at,
            stored.deadlines,
            stored.deadline_version,
            tuple(stored.timeouts),
        )


def clock_into(stored: StoredMatch, row: Any) -> None:
    """A stored turn clock row into ``stored``."""
    stored.clock = turn_clock_from_dict(row["clock"])
    stored.deadline_version = int(row["version"])
    stored.deadlines = {
        int(seat): (float(at), int(moves)) for seat, (at, moves) in dict(row["deadlines"]).items()
    }
    stored.timeouts = [int(i) for i in row["timeouts"]]
    stored.arrived = seats_of(int(row["arrived"] or 0))
    started = row["started_at"]
    stored.clock_started_at = None if started is None else float(started)
