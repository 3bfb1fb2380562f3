"""The SQL MatchStore: SQLAlchemy Core, SQLite by default, PostgreSQL by URL.

Each accepted action is one row keyed by (match, index); the primary key makes a
second writer at the same index fail instead of interleaving.  SQLite runs in WAL
mode with ``synchronous=NORMAL``: a commit survives a killed server process (only
a power loss could drop the last transactions).  Reviews of finished matches are
stored by :mod:`roadtrip.server.sql_reviews`, turn clocks by
:mod:`roadtrip.server.sql_clocks`.  The tables are made, and brought up
to date, by the migrations of :mod:`roadtrip.server.migrate` when a store opens.
"""

from __future__ import annotations

import secrets
import time
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    bindparam,
    create_engine,
    event,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import QueuePool

from roadtrip.server.migrate import Upgrade, upgrade
from roadtrip.server.sql_accounts import SqlAccounts, account_tables
from roadtrip.server.sql_append import appender
from roadtrip.server.sql_clocks import SqlClocks, clock_into, clocks_table, seat_bits
from roadtrip.server.sql_daily import SqlDaily, daily_tables
from roadtrip.server.sql_ratings import SqlRatings, rating_tables
from roadtrip.server.sql_reviews import SqlReviews, reviews_table
from roadtrip.server.storage import Grant, SeatSpec, StorageError, StoredMatch

metadata = MetaData()

matches = Table(
    "matches",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("seats", JSON, nullable=False),
    Column("hotseat", Boolean, nullable=False, default=False),
    Column("finished", Boolean, nullable=False, default=False, index=True),
    Column("returns", JSON, nullable=True),
    Column("created_at", Float, nullable=False),
    Column("action_count", Integer, nullable=False, default=0),
)

actions = Table(
    "actions",
    metadata,
    Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Integer, nullable=False),
)

# Settings of a match chosen at creation, one row per match, in a table of their
# own so that databases made before a setting existed need no migration: a match
# without a row has every setting at its default.
match_settings = Table(
    "match_settings",
    metadata,
    Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("advice", Boolean, nullable=True),
)

# A timed match's clock (server/turn_clock.py, server/sql_clocks.py), one row per
# timed match, in a table of its own (databases made before turn timers existed
# gain it empty).
match_clocks = clocks_table(metadata)

# One row naming the cluster this database serves, made by its first process: the
# processes on one database talk on Redis channels named by it, so two clusters on
# one Redis (pub/sub ignores Redis's database number) never hear each other.
cluster_identity = Table(
    "cluster_identity",
    metadata,
    Column("name", String(16), primary_key=True),
    Column("value", String(64), nullable=False),
)

# The advisor's reviews of finished matches (server/sql_reviews.py).
match_reviews = reviews_table(metadata)

tokens = Table(
    "tokens",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("match_id", String(32), ForeignKey("matches.id"), nullable=False, index=True),
    Column("seats", JSON, nullable=False),
)

# Optional accounts, their sessions, seats and device links (server/sql_accounts.py).
accounts, account_sessions, account_seats, account_links = account_tables(metadata)
# The daily challenge's secret and attempts (server/sql_daily.py).
server_secrets, daily_attempts = daily_tables(metadata)
rated_matches, account_ratings = rating_tables(metadata)  # server/sql_ratings.py


# The statements of the hot path (one append per accepted move), built once: building
# a Core statement per call cost as much as executing it.
_ADVANCE = (
    update(matches)
    .where(matches.c.id == bindparam("b_id"), matches.c.action_count == bindparam("b_start"))
    .values(action_count=bindparam("b_count"))
)
_INSERT_ACTIONS = insert(actions)


# Connections a process keeps open to a database server, and how many more it may
# open in a burst.  SQLAlchemy's defaults (5 + 10) closed and reopened connections
# all the time under load (a new PostgreSQL connection costs the server a process),
# the profile of `benchmarks/load_ws.py --processes 4` showed; beyond these, a
# request waits for a free connection.  PostgreSQL's max_connections (100 by
# default) must cover processes x (POOL_SIZE + POOL_OVERFLOW): 4 processes here.
POOL_SIZE = 16
POOL_OVERFLOW = 4


def pool_options(url: str) -> dict[str, int]:
    """The engine's pool size for a database server (SQLite keeps its defaults)."""
    if url.startswith("sqlite"):
        return {}
    return {"pool_size": POOL_SIZE, "max_overflow": POOL_OVERFLOW}


def normalize_url(url: str) -> str:
    """Use the psycopg 3 driver for plain ``postgresql://`` URLs."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


class SqlStore(SqlReviews, SqlClocks, SqlAccounts, SqlDaily, SqlRatings):
    """A MatchStore (and AccountStore, RatingStore) on any SQLAlchemy database."""

    reviews = match_reviews
    clocks = match_clocks
    matches_table = matches
    tokens_table = tokens
    accounts = accounts
    account_sessions = account_sessions
    account_seats_table = account_seats
    account_links = account_links
    server_secrets = server_secrets
    daily_attempts = daily_attempts
    rated_matches = rated_matches
    account_ratings = account_ratings

    def __init__(self, url: str) -> None:
        self.url = normalize_url(url)
        self.engine: Engine = create_engine(self.url, future=True, **pool_options(self.url))
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        # The tables are made and upgraded by the migrations (server/migrate.py).
        self.schema: Upgrade = upgrade(self.engine)
        # The hot path's write, on the driver's own connection (server/sql_append.py).
        self._fast_append = appender(self.engine)

    def create(self, match: StoredMatch, grants: dict[str, Grant]) -> None:
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(matches).values(
                        id=match.id,
                        game=match.game,
                        options=match.options,
                        seed=match.seed,
                        seats=[s.to_dict() for s in match.seats],
                        hotseat=match.hotseat,
                        finished=match.finished,
                        returns=match.returns,
                        created_at=match.created_at or time.time(),
                        action_count=0,
                    )
                )
                if match.advice is not None:
                    conn.execute(
                        insert(match_settings).values(match_id=match.id, advice=match.advice)
                    )
                if match.clock is not None:
                    conn.execute(
                        insert(match_clocks).values(
                            match_id=match.id,
                            clock=match.clock.to_dict(),
                            version=-1,
                            deadlines={},
                            next_deadline=None,
                            timeouts=[],
                            arrived=seat_bits(match.arrived),
                            started_at=match.clock_started_at,
                        )
                    )
                if grants:
                    conn.execute(
                        insert(tokens),
                        [
                            {"token_hash": h, "match_id": g.match_id, "seats": _grant_seats(g)}
                            for h, g in grants.items()
                        ],
                    )
                if match.actions:
                    self._insert_actions(conn, match.id, 0, match.actions)
        except IntegrityError:
            raise StorageError(f"match {match.id} already exists") from None

    def append(self, match_id: str, start: int, new_actions: list[tuple[int, int]]) -> None:
        if not new_actions:
            return
        if self._fast_append is not None:
            self._fast_append(match_id, start, new_actions)
            return
        try:
            with self.engine.begin() as conn:
                # Guarded update: only succeeds if nobody wrote past ``start``.
                result = conn.execute(
                    _ADVANCE,
                    {"b_id": match_id, "b_start": start, "b_count": start + len(new_actions)},
                )
                if result.rowcount != 1:
                    raise StorageError(
                        f"match {match_id} is not at action {start}; refusing the write"
                    )
                self._insert_actions(conn, match_id, start, new_actions)
        except IntegrityError:
            raise StorageError(f"actions of match {match_id} at {start} already exist") from None

    def cluster_id(self) -> str:
        """The name of the cluster of processes on this database (made once, by
        whichever process asks first; the same for every process after)."""
        query = select(cluster_identity.c.value).where(cluster_identity.c.name == "cluster")
        with self.engine.connect() as conn:
            found = conn.execute(query).scalar()
        if found is None:
            try:
                with self.engine.begin() as conn:
                    made = secrets.token_hex(8)
                    conn.execute(insert(cluster_identity).values(name="cluster", value=made))
            except IntegrityError:
                pass  # another process made it first: use theirs
            with self.engine.connect() as conn:
                found = conn.execute(query).scalar_one()
        return str(found)

    def finish(self, match_id: str, returns: list[float]) -> None:
        with self.engine.begin() as conn:
            result = conn.execute(
                update(matches)
                .where(matches.c.id == match_id)
                .values(finished=True, returns=list(returns))
            )
            if result.rowcount != 1:
                raise StorageError(f"no stored match {match_id}")

    def load(self, match_id: str) -> StoredMatch | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(matches).where(matches.c.id == match_id)).first()
            if row is None:
                return None
            stored = _match_of(row._mapping)
            stored.advice = conn.execute(
                select(match_settings.c.advice).where(match_settings.c.match_id == match_id)
            ).scalar()
            clock = conn.execute(
                select(match_clocks).where(match_clocks.c.match_id == match_id)
            ).first()
            if clock is not None:
                clock_into(stored, clock._mapping)
            rows = conn.execute(
                select(actions.c.seat, actions.c.action)
                .where(actions.c.match_id == match_id)
                .order_by(actions.c.idx)
            )
            stored.actions = [(int(seat), int(action)) for seat, action in rows]
            return stored

    def unfinished(self) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(matches.c.id).where(matches.c.finished.is_(False)))
            return [str(r[0]) for r in rows]

    def grant(self, token_hash: str) -> Grant | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                select(tokens.c.match_id, tokens.c.seats).where(tokens.c.token_hash == token_hash)
            ).first()
        if row is None:
            return None
        seats = row[1]
        if isinstance(seats, dict):  # a team partner's token: {"seats": [...], "member": 1}
            return Grant(
                match_id=str(row[0]),
                seats=tuple(int(s) for s in seats["seats"]),
                member=int(seats.get("member", 0)),
            )
        return Grant(match_id=str(row[0]), seats=tuple(int(s) for s in seats))

    def recent(self, limit: int) -> list[StoredMatch]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(matches).order_by(matches.c.created_at.desc()).limit(limit))
            return [_match_of(r._mapping) for r in rows]

    def ping(self) -> None:
        """Raise unless the database answers a ``SELECT 1`` (the readiness check)."""
        with self.engine.connect() as conn:
            conn.execute(text("SELECT 1"))

    def close(self) -> None:
        self.engine.dispose()

    def reopen_sqlite(self) -> bool:
        """On SQLite, closes the pooled connections (they reopen on use, at the cost
        of a file open); True if it did.  A SQLite connection keeps a weak reference
        to each cursor it made, pruned only every 200 cursors, and its statement
        cache: small objects made during a busy hour that each pin a 1 MiB arena of
        Python's allocator once the matches are gone (server/memory.py).  Checked-out
        connections are closed when given back.  A database server's connections
        stay (each new one costs the server a process), and so do those of an
        in-memory SQLite database (closing them would lose it: it has a
        ``SingletonThreadPool``, a file a ``QueuePool``)."""
        if self.engine.dialect.name != "sqlite" or not isinstance(self.engine.pool, QueuePool):
            return False
        self.engine.dispose()
        return True

    @staticmethod
    def _insert_actions(
        conn: Any, match_id: str, start: int, new_actions: list[tuple[int, int]]
    ) -> None:
        conn.execute(
            _INSERT_ACTIONS,
            [
                {"match_id": match_id, "idx": start + i, "seat": seat, "action": action}
                for i, (seat, action) in enumerate(new_actions)
            ],
        )


def _grant_seats(grant: Grant) -> Any:
    """A grant's ``seats`` column: the list of seats as before teams existed, or, for
    a team's second member, ``{"seats": [...], "member": 1}`` (no new column, so
    databases made by earlier versions keep working unchanged)."""
    if grant.member:
        return {"seats": list(grant.seats), "member": grant.member}
    return list(grant.seats)


def _match_of(row: Any) -> StoredMatch:
    return StoredMatch(
        id=row["id"],
        game=row["game"],
        options=dict(row["options"]),
        seed=int(row["seed"]),
        seats=[SeatSpec.from_dict(s) for s in row["seats"]],
        finished=bool(row["finished"]),
        returns=list(row["returns"]) if row["returns"] is not None else None,
        created_at=float(row["created_at"]),
        hotseat=bool(row["hotseat"]),
    )


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
