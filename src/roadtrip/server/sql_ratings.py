"""Ratings on SQL: the tables of revision 0005 and the RatingStore methods of SqlStore.

- ``rated_matches``: one row per match created rated (its game, when it was made),
  ``applied_at`` NULL until its end is applied; then ``outcome`` ("rated" or why
  not) and ``players`` (the rated [seat, account id] pairs).  Applying sets
  ``applied_at`` with ``UPDATE ... WHERE applied_at IS NULL`` in the transaction
  that writes the ratings, so on a cluster only one process applies a match.
- ``account_ratings``: (account, game) -> mu, sigma, rated matches: what the
  leaderboard and the profile read; :func:`rating_store.replay_ratings` rebuilds
  it from ``rated_matches`` and the matches' returns.
"""

from __future__ import annotations

from collections.abc import Sequence
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
    and_,
    insert,
    select,
    update,
)

from roadtrip.server.rating_store import AppliedMatch, Rating, rate, unrated_reason


def rating_tables(metadata: MetaData) -> tuple[Table, Table]:
    """The tables ``rated_matches`` and ``account_ratings`` in ``metadata``."""
    rated = Table(
        "rated_matches",
        metadata,
        Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
        Column("game", String(64), nullable=False),
        Column("created_at", Float, nullable=False),
        Column("applied_at", Float, nullable=True),
        Column("outcome", String(200), nullable=True),
        Column("players", JSON, nullable=True),
    )
    ratings = Table(
        "account_ratings",
        metadata,
        Column("account_id", String(32), ForeignKey("accounts.id"), primary_key=True),
        Column("game", String(64), primary_key=True),
        Column("mu", Float, nullable=False),
        Column("sigma", Float, nullable=False),
        Column("matches", Integer, nullable=False),
    )
    return rated, ratings


class SqlRatings:
    """The RatingStore methods of the SQL store (its tables as attributes)."""

    engine: Engine
    matches_table: Table
    account_seats_table: Table
    accounts: Table
    rated_matches: Table
    account_ratings: Table

    def mark_rated(self, match_id: str, game: str, now: float) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(self.rated_matches).values(match_id=match_id, game=game, created_at=now)
            )

    def is_rated(self, match_id: str) -> bool:
        table = self.rated_matches
        with self.engine.connect() as conn:
            found = conn.execute(select(table.c.game).where(table.c.match_id == match_id))
            return found.first() is not None

    def apply_match(
        self, match_id: str, returns: Sequence[float], seats: int, now: float
    ) -> str | None:
        rated = self.rated_matches
        with self.engine.begin() as conn:
            claimed = conn.execute(
                update(rated)
                .where(rated.c.match_id == match_id, rated.c.applied_at.is_(None))
                .values(applied_at=now)
            )
            if claimed.rowcount != 1:
                return None  # not rated, or applied already (by this process or another)
            game = str(
                conn.execute(select(rated.c.game).where(rated.c.match_id == match_id)).scalar()
            )
            seats_table = self.account_seats_table
            held = {
                int(s): str(a)
                for s, a in conn.execute(
                    select(seats_table.c.seat, seats_table.c.account_id).where(
                        seats_table.c.match_id == match_id, seats_table.c.member == 0
                    )
                )
            }
            reason = unrated_reason(seats, held)
            players = [] if reason else sorted(held.items())
            conn.execute(
                update(rated)
                .where(rated.c.match_id == match_id)
                .values(outcome=reason or "rated", players=[list(p) for p in players])
            )
            if not reason:
                self._write_ratings(conn, game, players, returns)
            return reason or "rated"

    def _write_ratings(
        self,
        conn: Connection,
        game: str,
        players: Sequence[tuple[int, str]],
        returns: Sequence[float],
    ) -> None:
        table = self.account_ratings
        accounts = [a for _s, a in players]
        query = select(table).where(table.c.game == game, table.c.account_id.in_(accounts))
        if conn.dialect.name == "postgresql":
            query = query.with_for_update()  # two matches of one account ending at once
        current = {
            r.account_id: r for r in (_rating_of(row._mapping) for row in conn.execute(query))
        }
        for account, rating in rate(current, game, players, returns).items():
            values = {"mu": rating.mu, "sigma": rating.sigma, "matches": rating.matches}
            if account in current:
                conn.execute(
                    update(table)
                    .where(and_(table.c.account_id == account, table.c.game == game))
                    .values(**values)
                )
            else:
                conn.execute(insert(table).values(account_id=account, game=game, **values))

    def pending(self, limit: int) -> list[str]:
        rated, matches = self.rated_matches, self.matches_table
        query = (
            select(rated.c.match_id)
            .join(matches, matches.c.id == rated.c.match_id)
            .where(rated.c.applied_at.is_(None), matches.c.finished.is_(True))
            .order_by(rated.c.created_at, rated.c.match_id)
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [str(m) for (m,) in conn.execute(query)]

    def ratings(self, game: str | None = None, account_id: str | None = None) -> list[Rating]:
        table, accounts = self.account_ratings, self.accounts
        query = select(table, accounts.c.name).join(accounts, accounts.c.id == table.c.account_id)
        if game is not None:
            query = query.where(table.c.game == game)
        if account_id is not None:
            query = query.where(table.c.account_id == account_id)
        with self.engine.connect() as conn:
            return [_rating_of(row._mapping) for row in conn.execute(query)]

    def applied_matches(self) -> list[AppliedMatch]:
        rated, matches = self.rated_matches, self.matches_table
        query = (
            select(rated.c.match_id, rated.c.game, rated.c.players, matches.c.returns)
            .join(matches, matches.c.id == rated.c.match_id)
            .where(rated.c.applied_at.is_not(None))
            .order_by(rated.c.applied_at, rated.c.match_id)
        )
        with self.engine.connect() as conn:
            return [
                AppliedMatch(
                    str(m),
                    str(g),
                    tuple((int(s), str(a)) for s, a in (players or [])),
                    tuple(float(x) for x in (returns or [])),
                )
                for m, g, players, returns in conn.execute(query)
            ]


def _rating_of(row: Any) -> Rating:
    return Rating(
        str(row["account_id"]),
        str(row["game"]),
        float(row["mu"]),
        float(row["sigma"]),
        int(row["matches"]),
        str(row.get("name") or ""),
    )
