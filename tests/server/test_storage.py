"""The MatchStore contract, on every backend: memory, SQLite and PostgreSQL."""

from __future__ import annotations

import threading

import pytest
from server_kit import old_solo_row

from roadtrip.server.sql_store import SqlStore
from roadtrip.server.storage import Grant, MatchStore, SeatSpec, StorageError, StoredMatch

BIG_SEED = (1 << 62) - 12345  # seeds are 62-bit


def stored(match_id: str = "m1", created_at: float = 1000.0, **extra: object) -> StoredMatch:
    return StoredMatch(
        id=match_id,
        game="road-to-300",
        options={"players": 2, "target": 300, "first_move": "corner_step"},
        seed=BIG_SEED,
        seats=[SeatSpec("Ann"), SeatSpec("Bot 2", bot="random")],
        created_at=created_at,
        **extra,  # type: ignore[arg-type]
    )


def grants(match_id: str = "m1") -> dict[str, Grant]:
    return {
        "a" * 64: Grant(match_id, (0,)),
        "b" * 64: Grant(match_id, ()),
        "c" * 64: Grant(match_id, (0, 1)),
    }


def test_create_and_load_round_trip(store: MatchStore) -> None:
    store.create(stored(hotseat=True), grants())
    loaded = store.load("m1")
    assert loaded == stored(hotseat=True)
    assert loaded is not None
    assert loaded.seed == BIG_SEED
    assert loaded.seats[1].bot == "random"
    assert loaded.actions == [] and not loaded.finished and loaded.returns is None
    assert store.load("nope") is None


def test_create_twice_is_refused(store: MatchStore) -> None:
    store.create(stored(), grants())
    with pytest.raises(StorageError):
        store.create(stored(), {})
    assert store.load("m1") == stored()


def test_append_in_order(store: MatchStore) -> None:
    store.create(stored(), {})
    store.append("m1", 0, [(-1, 17)])
    store.append("m1", 1, [(0, 5), (1, 7), (0, 40)])
    store.append("m1", 4, [(-1, 3)])
    loaded = store.load("m1")
    assert loaded is not None
    assert loaded.actions == [(-1, 17), (0, 5), (1, 7), (0, 40), (-1, 3)]


@pytest.mark.parametrize("start", [2, 3, 10], ids=["gap-1", "gap-2", "gap-far"])
def test_append_with_a_gap_is_refused(store: MatchStore, start: int) -> None:
    store.create(stored(), {})
    store.append("m1", 0, [(-1, 17)])
    with pytest.raises(StorageError):
        store.append("m1", start, [(0, 5)])
    loaded = store.load("m1")
    assert loaded is not None and loaded.actions == [(-1, 17)]


@pytest.mark.parametrize("start", [0, 1], ids=["overlap-start", "overlap-last"])
def test_append_over_stored_actions_is_refused(store: MatchStore, start: int) -> None:
    store.create(stored(), {})
    store.append("m1", 0, [(-1, 17), (0, 5)])
    with pytest.raises(StorageError):
        store.append("m1", start, [(1, 9), (1, 10), (1, 11)])
    loaded = store.load("m1")
    assert loaded is not None and loaded.actions == [(-1, 17), (0, 5)]


def test_append_to_an_unknown_match_is_refused(store: MatchStore) -> None:
    with pytest.raises(StorageError):
        store.append("ghost", 0, [(-1, 1)])
    assert store.load("ghost") is None


def test_actions_of_matches_are_separate(store: MatchStore) -> None:
    store.create(stored("m1"), {})
    store.create(stored("m2"), {})
    store.append("m1", 0, [(-1, 1)])
    store.append("m2", 0, [(-1, 2), (0, 3)])
    store.append("m1", 1, [(0, 4)])
    m1, m2 = store.load("m1"), store.load("m2")
    assert m1 is not None and m1.actions == [(-1, 1), (0, 4)]
    assert m2 is not None and m2.actions == [(-1, 2), (0, 3)]


def test_finish_and_unfinished(store: MatchStore) -> None:
    for i in range(3):
        store.create(stored(f"m{i}", created_at=1000.0 + i), {})
    assert sorted(store.unfinished()) == ["m0", "m1", "m2"]
    store.append("m1", 0, [(-1, 1)])
    store.finish("m1", [0.5, 0.5])
    assert sorted(store.unfinished()) == ["m0", "m2"]
    loaded = store.load("m1")
    assert loaded is not None
    assert loaded.finished and loaded.returns == [0.5, 0.5]
    assert loaded.actions == [(-1, 1)]
    other = store.load("m0")
    assert other is not None and not other.finished and other.returns is None


def test_finish_of_an_unknown_match_is_refused(store: MatchStore) -> None:
    with pytest.raises(StorageError):
        store.finish("ghost", [1.0])
    assert store.load("ghost") is None


def test_grants_by_hash(store: MatchStore) -> None:
    store.create(stored("m1"), grants("m1"))
    store.create(stored("m2"), {"d" * 64: Grant("m2", (1,))})
    assert store.grant("a" * 64) == Grant("m1", (0,))
    spectator = store.grant("b" * 64)
    assert spectator == Grant("m1", ()) and spectator is not None and spectator.is_spectator
    assert store.grant("c" * 64) == Grant("m1", (0, 1))
    assert store.grant("d" * 64) == Grant("m2", (1,))
    assert store.grant("e" * 64) is None


def test_recent_is_newest_first_without_actions(store: MatchStore) -> None:
    for i, at in enumerate([1000.0, 3000.0, 2000.0, 4000.0]):
        store.create(stored(f"m{i}", created_at=at), {})
        store.append(f"m{i}", 0, [(-1, i)])
    recent = store.recent(3)
    assert [m.id for m in recent] == ["m3", "m1", "m2"]
    assert all(m.actions == [] for m in recent)
    assert recent[0].seats == stored().seats and recent[0].seed == BIG_SEED
    assert [m.id for m in store.recent(10)] == ["m3", "m1", "m2", "m0"]
    assert store.recent(0) == []


def test_load_returns_a_copy(store: MatchStore) -> None:
    store.create(stored(), {})
    loaded = store.load("m1")
    assert loaded is not None
    loaded.actions.append((0, 1))
    loaded.finished = True
    again = store.load("m1")
    assert again is not None and again.actions == [] and not again.finished


def test_concurrent_appends_at_one_index_cannot_both_succeed(sql_url: str) -> None:
    """Two servers (two engines) race to write the same action index: one wins."""
    first, second = SqlStore(sql_url), SqlStore(sql_url)
    try:
        first.create(stored(), {})
        rounds = 25
        for index in range(rounds):
            barrier = threading.Barrier(2)
            outcomes: list[str] = []

            def write(
                store: SqlStore,
                seat: int,
                index: int = index,
                barrier: threading.Barrier = barrier,
                outcomes: list[str] = outcomes,
            ) -> None:
                barrier.wait()
                try:
                    store.append("m1", index, [(seat, index)])
                    outcomes.append(f"ok{seat}")
                except StorageError:
                    outcomes.append("refused")

            threads = [
                threading.Thread(target=write, args=(first, 0)),
                threading.Thread(target=write, args=(second, 1)),
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(30)
            assert sorted(outcomes)[1] == "refused" and sorted(outcomes)[0].startswith("ok"), (
                outcomes
            )
        loaded = second.load("m1")
        assert loaded is not None
        assert len(loaded.actions) == rounds
        assert [action for _, action in loaded.actions] == list(range(rounds))
    finally:
        first.close()
        second.close()


def test_sql_store_survives_reopening(sql_url: str) -> None:
    store = SqlStore(sql_url)
    store.create(stored(), grants())
    store.append("m1", 0, [(-1, 1), (0, 2)])
    store.close()
    reopened = SqlStore(sql_url)  # create_all on an existing schema changes nothing
    try:
        loaded = reopened.load("m1")
        assert loaded is not None and loaded.actions == [(-1, 1), (0, 2)]
        assert reopened.grant("a" * 64) == Grant("m1", (0,))
        reopened.append("m1", 2, [(1, 3)])
    finally:
        reopened.close()


def test_a_team_seat_and_its_second_members_token_round_trip(store: MatchStore) -> None:
    team = StoredMatch(
        id="t1",
        game="get-your-kicks",
        options={"players": 2},
        seed=5,
        seats=[SeatSpec("Ann", partner="Bob"), SeatSpec("Cy")],
        created_at=1.0,
    )
    store.create(team, {"d" * 64: Grant("t1", (0,)), "e" * 64: Grant("t1", (0,), member=1)})
    loaded = store.load("t1")
    assert loaded is not None and loaded.seats[0].partner == "Bob"
    assert loaded.seats[0].label == "Ann & Bob" and loaded.seats[1].partner is None
    assert store.grant("d" * 64) == Grant("t1", (0,))
    assert store.grant("e" * 64) == Grant("t1", (0,), member=1)


def test_matches_stored_before_teams_existed_still_load(sql_url: str) -> None:
    """Rows written by the earlier schema (seats without "partner", token seats as a
    plain list) load unchanged."""
    from sqlalchemy import insert

    from roadtrip.server.sql_store import matches, tokens

    store = SqlStore(sql_url)
    try:
        with store.engine.begin() as conn:
            conn.execute(insert(matches).values(**old_solo_row("old", seed=9)))
            conn.execute(insert(tokens).values(token_hash="f" * 64, match_id="old", seats=[0]))
        loaded = store.load("old")
        assert loaded is not None and loaded.seats == [SeatSpec("Ann")]
        assert store.grant("f" * 64) == Grant("old", (0,))
    finally:
        store.close()


def test_processes_started_at_once_on_an_empty_postgresql_all_start(
    postgres_schema_url: str,
) -> None:
    """Several ``roadtrip serve`` processes started together on a new database each
    create the missing tables; without a lock all but one failed to start
    ("duplicate key value violates unique constraint", found by the soak)."""
    from roadtrip.server.leases import SqlLeases

    starters = 6
    barrier = threading.Barrier(starters)
    failures: list[BaseException] = []

    def start() -> None:
        barrier.wait()
        try:
            store = SqlStore(postgres_schema_url)
            try:
                SqlLeases(store.engine)
            finally:
                store.close()
        except BaseException as exc:  # collected, then asserted
            failures.append(exc)

    threads = [threading.Thread(target=start) for _ in range(starters)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert failures == []
