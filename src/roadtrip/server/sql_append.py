"""The hot path's write: a move's new actions, stored in as few round trips as possible.

Every accepted move stores its actions with a guarded advance of the match's action
count (the store refuses an append that does not start where the stored actions
end: that is how several processes serialize their moves).  Through SQLAlchemy's
Core this took a pooled connection, BEGIN, the UPDATE, the INSERT and COMMIT, each
through the statement cache and the result machinery: 0.34 ms of the server's CPU
a move on PostgreSQL, more than the rules and the message together
(``benchmarks/README.md``, "CPU per move").  Here the same write is one statement
on the driver's own connection (taken from SQLAlchemy's pool, so the pool still
owns it):

* PostgreSQL: one statement in autocommit (a single round trip, its own
  transaction): the guarded UPDATE in a CTE and the INSERT of its rows only when
  the UPDATE matched; psycopg prepares it after a few uses.
* SQLite (in-process, no round trips): the UPDATE and the INSERT in one
  transaction on the driver's connection, without SQLAlchemy around them.

The outcome is the same as before: all the actions or none, and ``StorageError``
when the match is not at ``start`` or the rows exist.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import Engine

from roadtrip.server.storage import StorageError

Appender = Callable[[str, int, list[tuple[int, int]]], None]

_PG_APPEND = (
    "WITH advanced AS ("
    " UPDATE matches SET action_count = %(count)s"
    " WHERE id = %(id)s AND action_count = %(start)s RETURNING id)"
    " INSERT INTO actions (match_id, idx, seat, action)"
    " SELECT advanced.id, step.idx, step.seat, step.action FROM advanced,"
    " unnest(%(idx)s::integer[], %(seat)s::integer[], %(action)s::integer[])"
    " AS step(idx, seat, action)"
)
_SQLITE_ADVANCE = "UPDATE matches SET action_count = ? WHERE id = ? AND action_count = ?"
_SQLITE_INSERT = "INSERT INTO actions (match_id, idx, seat, action) VALUES (?, ?, ?, ?)"


def appender(engine: Engine) -> Appender | None:
    """The fast append for ``engine``'s database, or None where there is none (the
    Core path then stays in use)."""
    if engine.dialect.name == "postgresql" and engine.dialect.driver == "psycopg":
        return _Postgres(engine)
    if engine.dialect.name == "sqlite" and engine.dialect.driver == "pysqlite":
        return _Sqlite(engine)
    return None


def _refused(match_id: str, start: int) -> StorageError:
    return StorageError(f"match {match_id} is not at action {start}; refusing the write")


def _exists(match_id: str, start: int) -> StorageError:
    return StorageError(f"actions of match {match_id} at {start} already exist")


class _Postgres:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.integrity = engine.dialect.loaded_dbapi.IntegrityError

    def __call__(self, match_id: str, start: int, new_actions: list[tuple[int, int]]) -> None:
        params = {
            "id": match_id,
            "start": start,
            "count": start + len(new_actions),
            "idx": list(range(start, start + len(new_actions))),
            "seat": [seat for seat, _ in new_actions],
            "action": [action for _, action in new_actions],
        }
        pooled = self.engine.raw_connection()
        try:
            driver: Any = pooled.driver_connection
            # The pool hands connections out idle (no transaction open): autocommit
            # may be switched on, and is switched off again before it goes back.
            driver.autocommit = True
            try:
                with driver.cursor() as cursor:
                    cursor.execute(_PG_APPEND, params)
                    stored = cursor.rowcount
            finally:
                driver.autocommit = False
        except self.integrity:
            raise _exists(match_id, start) from None
        except BaseException:
            pooled.invalidate()  # a connection in an unknown state never goes back
            raise
        finally:
            pooled.close()  # back to the pool (a no-op after invalidate)
        if stored != len(new_actions):
            raise _refused(match_id, start)


class _Sqlite:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.integrity = engine.dialect.loaded_dbapi.IntegrityError

    def __call__(self, match_id: str, start: int, new_actions: list[tuple[int, int]]) -> None:
        rows = [(match_id, start + i, seat, action) for i, (seat, action) in enumerate(new_actions)]
        pooled = self.engine.raw_connection()
        try:
            driver: Any = pooled.driver_connection
            try:
                cursor = driver.cursor()
                try:
                    cursor.execute(_SQLITE_ADVANCE, (start + len(rows), match_id, start))
                    if cursor.rowcount != 1:
                        raise _refused(match_id, start)
                    cursor.executemany(_SQLITE_INSERT, rows)
                finally:
                    cursor.close()
                driver.commit()
            except BaseException:
                driver.rollback()
                raise
        except self.integrity:
            raise _exists(match_id, start) from None
        finally:
            pooled.close()
