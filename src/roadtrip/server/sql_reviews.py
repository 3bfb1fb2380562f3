"""Stored reviews of finished matches on SQL: one row per (match, seat).

The key (match, seat) admits one row.  A process claims the computation of a
review by inserting the row "running" (``owner``: that process; ``updated_at``:
when it last said it is alive, with its progress), and stores the review's JSON
("done") only while it holds the claim, so that however many processes ask at
once, a review is stored once and never replaced.  A running claim whose owner
has not been heard of lately may be taken over (its process is presumed gone).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    JSON,
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    delete,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from roadtrip.server.storage import ReviewRow, StorageError


def reviews_table(metadata: MetaData) -> Table:
    """The ``match_reviews`` table, in the matches' ``metadata`` (a table of its own:
    databases made before reviews were stored gain it empty)."""
    return Table(
        "match_reviews",
        metadata,
        Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
        Column("seat", Integer, primary_key=True, autoincrement=False),
        Column("status", String(16), nullable=False),
        Column("owner", String(64), nullable=False),
        Column("updated_at", Float, nullable=False),
        Column("done", Integer, nullable=False, default=0),
        Column("total", Integer, nullable=True),
        Column("review", JSON, nullable=True),
    )


class SqlReviews:
    """The review methods of the SQL MatchStore (``reviews``: its table)."""

    engine: Engine
    reviews: Table

    def load_review(self, match_id: str, seat: int) -> ReviewRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(self.reviews).where(*self._key(match_id, seat))).first()
        return _review_of(row._mapping) if row is not None else None

    def claim_review(
        self, match_id: str, seat: int, owner: str, now: float, stale_before: float
    ) -> tuple[ReviewRow, bool]:
        for _attempt in range(3):  # a claim released between our two writes: again
            claimed = self._insert_or_take(match_id, seat, owner, now, stale_before)
            row = self.load_review(match_id, seat)
            if row is not None:
                return row, claimed and row.status == "running" and row.owner == owner
        raise StorageError(f"no stored match {match_id}")

    def _insert_or_take(
        self, match_id: str, seat: int, owner: str, now: float, stale_before: float
    ) -> bool:
        """Insert a running claim, else take over one that may be taken."""
        table = self.reviews
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(table).values(
                        match_id=match_id,
                        seat=seat,
                        status="running",
                        owner=owner,
                        updated_at=now,
                        done=0,
                        total=None,
                        review=None,
                    )
                )
            return True
        except IntegrityError:
            pass  # a row exists already (or the match does not: the caller's load says)
        with self.engine.begin() as conn:
            # A claim of our own or one nobody has heard of lately; the guard on
            # status makes a finished review impossible to take.
            taken = conn.execute(
                update(table)
                .where(
                    *self._key(match_id, seat),
                    table.c.status == "running",
                    (table.c.owner == owner) | (table.c.updated_at < stale_before),
                )
                .values(owner=owner, updated_at=now, done=0, total=None)
            )
        return bool(taken.rowcount == 1)

    def review_progress(
        self, match_id: str, seat: int, owner: str, done: int, total: int | None, now: float
    ) -> bool:
        with self.engine.begin() as conn:
            result = conn.execute(
                update(self.reviews)
                .where(*self._claimed(match_id, seat, owner))
                .values(done=done, total=total, updated_at=now)
            )
        return bool(result.rowcount == 1)

    def finish_review(self, match_id: str, seat: int, owner: str, review: dict[str, Any]) -> bool:
        with self.engine.begin() as conn:
            result = conn.execute(
                update(self.reviews)
                .where(*self._claimed(match_id, seat, owner))
                .values(status="done", review=review)
            )
        return bool(result.rowcount == 1)

    def release_review(self, match_id: str, seat: int, owner: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(self.reviews).where(*self._claimed(match_id, seat, owner)))

    def _key(self, match_id: str, seat: int) -> tuple[Any, ...]:
        return (self.reviews.c.match_id == match_id, self.reviews.c.seat == seat)

    def _claimed(self, match_id: str, seat: int, owner: str) -> tuple[Any, ...]:
        """The row of a review that ``owner`` is computing (not finished)."""
        table = self.reviews
        return (
            *self._key(match_id, seat),
            table.c.status == "running",
            table.c.owner == owner,
        )


def _review_of(row: Any) -> ReviewRow:
    return ReviewRow(
        match_id=str(row["match_id"]),
        seat=int(row["seat"]),
        status=str(row["status"]),
        owner=str(row["owner"]),
        updated_at=float(row["updated_at"]),
        done=int(row["done"]),
        total=int(row["total"]) if row["total"] is not None else None,
        review=dict(row["review"]) if row["review"] is not None else None,
    )
