"""The daily challenge on SQL: its tables and the DailyStore methods of SqlStore.

Two tables (revision ``0004``, file ``0004_daily.py``), in the matches' database so that every
process of a cluster draws the same seed and sees the same attempts:

- ``server_secrets``: named secrets made once by the first process that needs
  them (the daily seeds' HMAC key, unless ``ROADTRIP_DAILY_SECRET`` is set);
- ``daily_attempts``: one counted attempt per (account, game, day), the primary
  key refusing a second one even when two requests race; its match, the name
  shown on the leaderboard, and once settled its status, result and time.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    Column,
    Engine,
    Float,
    MetaData,
    String,
    Table,
    delete,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from roadtrip.server.daily import Attempt
from roadtrip.server.storage import StorageError


def daily_tables(metadata: MetaData) -> tuple[Table, Table]:
    """The tables ``server_secrets`` and ``daily_attempts`` in ``metadata``."""
    secrets = Table(
        "server_secrets",
        metadata,
        Column("name", String(32), primary_key=True),
        Column("value", String(128), nullable=False),
    )
    attempts = Table(
        "daily_attempts",
        metadata,
        Column("account_id", String(32), primary_key=True),
        Column("game", String(64), primary_key=True),
        Column("day", String(10), primary_key=True),
        Column("match_id", String(32), nullable=False),
        Column("name", String(64), nullable=False),
        Column("started_at", Float, nullable=False),
        Column("status", String(16), nullable=False),
        Column("result", Float, nullable=True),
        Column("seconds", Float, nullable=True),
    )
    return secrets, attempts


class SqlDaily:
    """The DailyStore methods of the SQL store (its tables as attributes)."""

    engine: Engine
    server_secrets: Table
    daily_attempts: Table

    def server_secret(self, name: str, made: str) -> str:
        table = self.server_secrets
        query = select(table.c.value).where(table.c.name == name)
        with self.engine.connect() as conn:
            found = conn.execute(query).scalar()
        if found is None:
            try:
                with self.engine.begin() as conn:
                    conn.execute(insert(table).values(name=name, value=made))
            except IntegrityError:
                pass  # another process made it first: theirs is the secret
            with self.engine.connect() as conn:
                found = conn.execute(query).scalar()
        return str(found)

    def start_attempt(self, attempt: Attempt) -> Attempt:
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(self.daily_attempts).values(**_row(attempt)))
        except IntegrityError:
            pass  # the account's attempt exists (or was made at the same moment)
        table = self.daily_attempts
        with self.engine.connect() as conn:
            row = conn.execute(
                select(table).where(
                    table.c.account_id == attempt.account_id,
                    table.c.game == attempt.game,
                    table.c.day == attempt.day,
                )
            ).first()
        if row is None:  # it was just written in this transaction
            raise StorageError(f"the daily attempt of {attempt.game} on {attempt.day} vanished")
        return _attempt_of(row._mapping)

    def settle_attempt(self, attempt: Attempt) -> None:
        table = self.daily_attempts
        with self.engine.begin() as conn:
            conn.execute(
                update(table)
                .where(
                    table.c.account_id == attempt.account_id,
                    table.c.game == attempt.game,
                    table.c.day == attempt.day,
                    table.c.status == "playing",  # settled once: the first settles it
                )
                .values(status=attempt.status, result=attempt.result, seconds=attempt.seconds)
            )

    def attempts_of_day(self, game: str, day: str) -> list[Attempt]:
        table = self.daily_attempts
        with self.engine.connect() as conn:
            rows = conn.execute(select(table).where(table.c.game == game, table.c.day == day))
            return [_attempt_of(r._mapping) for r in rows]

    def attempts_of(self, account_id: str, game: str) -> list[Attempt]:
        table = self.daily_attempts
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(table).where(table.c.account_id == account_id, table.c.game == game)
            )
            return [_attempt_of(r._mapping) for r in rows]

    def forget_account(self, account_id: str) -> None:
        table = self.daily_attempts
        with self.engine.begin() as conn:
            conn.execute(delete(table).where(table.c.account_id == account_id))


def _row(attempt: Attempt) -> dict[str, Any]:
    return {
        "account_id": attempt.account_id,
        "game": attempt.game,
        "day": attempt.day,
        "match_id": attempt.match_id,
        "name": attempt.name,
        "started_at": attempt.started_at,
        "status": attempt.status,
        "result": attempt.result,
        "seconds": attempt.seconds,
    }


def _attempt_of(row: Any) -> Attempt:
    return Attempt(
        account_id=str(row["account_id"]),
        game=str(row["game"]),
        day=str(row["day"]),
        match_id=str(row["match_id"]),
        name=str(row["name"]),
        started_at=float(row["started_at"]),
        status=str(row["status"]),
        result=None if row["result"] is None else float(row["result"]),
        seconds=None if row["seconds"] is None else float(row["seconds"]),
    )
