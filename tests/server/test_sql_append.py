"""The hot path's append on the driver's connection (server/sql_append.py), on SQLite
and PostgreSQL: all the actions or none, and the pooled connections stay as the
rest of the store expects them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import insert, select

from roadtrip.server.sql_append import appender
from roadtrip.server.sql_store import SqlStore, actions, matches
from roadtrip.server.storage import SeatSpec, StorageError, StoredMatch


@pytest.fixture
def sql_store(sql_url: str) -> Iterator[SqlStore]:
    store = SqlStore(sql_url)
    try:
        store.create(
            StoredMatch(id="m1", game="road-to-300", options={}, seed=1, seats=[SeatSpec("Ann")]),
            {},
        )
        yield store
    finally:
        store.close()


def _count(store: SqlStore) -> int:
    with store.engine.connect() as conn:
        return int(conn.execute(select(matches.c.action_count)).scalar_one())


def test_both_sql_backends_store_moves_on_the_fast_path(sql_store: SqlStore) -> None:
    assert appender(sql_store.engine) is not None
    sql_store.append("m1", 0, [(-1, 3), (0, 7)])
    loaded = sql_store.load("m1")
    assert loaded is not None and loaded.actions == [(-1, 3), (0, 7)]
    assert _count(sql_store) == 2


def test_an_append_that_meets_existing_rows_stores_none_of_its_actions(
    sql_store: SqlStore,
) -> None:
    sql_store.append("m1", 0, [(-1, 3)])
    with sql_store.engine.begin() as conn:  # a stray row beyond the stored count
        conn.execute(insert(actions).values(match_id="m1", idx=2, seat=0, action=9))
    with pytest.raises(StorageError, match="already exist"):
        sql_store.append("m1", 1, [(0, 4), (0, 5)])
    assert _count(sql_store) == 1  # the count's advance was undone with the insert
    with sql_store.engine.connect() as conn:
        rows = conn.execute(select(actions.c.idx).order_by(actions.c.idx)).scalars().all()
    assert rows == [0, 2]


def test_refused_appends_leave_the_pooled_connections_transactional(
    sql_store: SqlStore,
) -> None:
    for _ in range(3):
        with pytest.raises(StorageError, match="not at action 5"):
            sql_store.append("m1", 5, [(0, 1)])
        with pytest.raises(StorageError, match="no stored match"):
            sql_store.finish("ghost", [1.0])  # a Core write on the same pooled connection
    with sql_store.engine.connect() as conn:
        driver = conn.connection.driver_connection
        assert getattr(driver, "autocommit", False) is False
        conn.execute(matches.update().values(action_count=99))
        conn.rollback()  # a transaction, not autocommit: nothing was changed
    assert _count(sql_store) == 0
    sql_store.append("m1", 0, [(0, 1)])
    assert _count(sql_store) == 1
