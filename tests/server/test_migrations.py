"""Schema migrations (roadtrip.server.migrate, ``roadtrip db``): the migrated schema
is exactly the code's tables; databases made by the release before migrations
(committed fixtures) are adopted and play on, on SQLite and PostgreSQL; processes
starting at once migrate once; what cannot be upgraded is refused with a sentence
and left unchanged.  PostgreSQL tests need ROADTRIP_TEST_POSTGRES_URL."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from cluster_kit import Server
from migration_kit import (
    check_upgraded_and_playable,
    legacy_sqlite,
    legacy_tokens,
    load_legacy_postgres,
    play_to_the_end,
    schema_state,
)
from sqlalchemy import create_engine, inspect, text
from typer.testing import CliRunner

from roadtrip.cli.main import app
from roadtrip.server.migrate import BASELINE, SchemaError, head, upgrade
from roadtrip.server.sql_store import SqlStore, normalize_url


def _run(*args: str) -> Any:
    return CliRunner().invoke(app, list(args))


def _execute(url: str, *statements: str) -> None:
    engine = create_engine(normalize_url(url))
    try:
        with engine.begin() as conn:
            for statement in statements:
                conn.execute(text(statement))
    finally:
        engine.dispose()


def _tables(url: str) -> set[str]:
    engine = create_engine(normalize_url(url))
    try:
        with engine.connect() as conn:
            return set(inspect(conn).get_table_names())
    finally:
        engine.dispose()


def test_a_new_database_is_migrated_to_exactly_the_tables_the_code_declares(
    sql_url: str,
) -> None:
    store = SqlStore(sql_url)
    store.close()
    assert store.schema.before is None and store.schema.after == head()
    assert schema_state(sql_url) == (head(), [])
    # The comparison sees a difference when there is one.
    _execute(sql_url, "ALTER TABLE matches ADD COLUMN extra INTEGER")
    revision, differences = schema_state(sql_url)
    assert revision == head() and [d[0] for d in differences] == ["remove_column"]


def test_opening_an_up_to_date_database_changes_nothing(sql_url: str) -> None:
    SqlStore(sql_url).close()
    again = SqlStore(sql_url)
    again.close()
    assert again.schema.before == again.schema.after == head()
    assert not again.schema.changed and not again.schema.adopted


def test_a_sqlite_database_of_the_release_before_migrations_is_upgraded_and_played(
    tmp_path: Path,
) -> None:
    url = legacy_sqlite(tmp_path)
    assert "match_leases" not in _tables(url)  # that release made it in cluster mode only
    current = _run("db", "current", "--database-url", url)
    assert current.exit_code == 0 and "made by a release before migrations" in current.output
    result = _run("db", "upgrade", "--database-url", url)
    assert result.exit_code == 0, result.output
    assert f"adopted the tables made by an earlier release as revision {BASELINE}" in (
        result.output.replace("\n", "")
    )
    check_upgraded_and_playable(url, legacy_tokens("sqlite"))
    current = _run("db", "current", "--database-url", url)
    assert f"revision {head()} (the newest)" in current.output


def test_a_postgresql_database_of_the_release_before_migrations_is_upgraded_and_played(
    postgres_schema_url: str,
) -> None:
    load_legacy_postgres(postgres_schema_url)
    assert schema_state(postgres_schema_url)[0] is None
    result = _run("db", "upgrade", "--database-url", postgres_schema_url)
    assert result.exit_code == 0, result.output
    assert "adopted" in result.output
    check_upgraded_and_playable(postgres_schema_url, legacy_tokens("postgres"))


def test_serve_adopts_a_database_of_the_release_before_migrations_at_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: None)
    url = legacy_sqlite(tmp_path)
    result = _run("serve", "--bot-workers", "0", "--database-url", url)
    assert result.exit_code == 0, result.output
    assert "database: adopted the tables made by an earlier release" in (
        result.output.replace("\n", "")
    )
    assert schema_state(url) == (head(), [])


def _start_at_once(url: str, starters: int) -> list[SqlStore]:
    """``starters`` stores (each its own engine, as separate processes) opened on
    ``url`` at the same moment; any failure is raised."""
    barrier = threading.Barrier(starters)
    opened: list[SqlStore] = []
    failures: list[BaseException] = []

    def start() -> None:
        barrier.wait()
        try:
            opened.append(SqlStore(url))
        except BaseException as exc:  # collected, then raised
            failures.append(exc)

    threads = [threading.Thread(target=start) for _ in range(starters)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    for store in opened:
        store.close()
    if failures:
        raise failures[0]
    return opened


def test_stores_opened_at_once_on_an_empty_sqlite_file_migrate_it_once(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new.sqlite3'}"
    opened = _start_at_once(url, 4)
    assert sorted(s.schema.before is None for s in opened) == [False, False, False, True]
    assert schema_state(url) == (head(), [])


def test_processes_started_at_once_on_an_old_postgresql_database_adopt_it_once(
    postgres_schema_url: str,
) -> None:
    load_legacy_postgres(postgres_schema_url)
    opened = _start_at_once(postgres_schema_url, 5)
    assert sum(s.schema.adopted for s in opened) == 1
    assert schema_state(postgres_schema_url) == (head(), [])
    engine = create_engine(normalize_url(postgres_schema_url))
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM alembic_version")).scalar() == 1
    engine.dispose()


@pytest.mark.slow
def test_serve_processes_started_at_once_on_an_old_postgresql_database_all_serve_it(
    servers: tuple[str, str, list[Server]], tmp_path: Path
) -> None:
    """A cluster's processes started together on a database of the release before
    migrations: one adopts it, all serve, and its match plays on across them."""
    database_url, redis_url, started = servers
    load_legacy_postgres(database_url)
    for name in ("one", "two", "three"):  # launched together, then waited for
        started.append(Server(name, database_url, redis_url, tmp_path))
    for server in started:
        server.wait_ready()
    outputs = [server.output.replace("\n", "") for server in started]
    assert sum("database: adopted the tables" in output for output in outputs) == 1
    assert schema_state(database_url) == (head(), [])
    timed = legacy_tokens("postgres")["timed"]
    with httpx.Client(base_url=started[0].base, timeout=30) as client:
        play_to_the_end(client, timed["match"], timed["tokens"])
    auth = {"Authorization": f"Bearer {timed['tokens'][1]}"}
    with httpx.Client(base_url=started[2].base, timeout=30) as client:
        assert client.get(f"/api/matches/{timed['match']}/state", headers=auth).json()["finished"]


def test_a_database_upgraded_by_a_newer_release_is_refused(
    sql_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    SqlStore(sql_url).close()
    _execute(sql_url, "UPDATE alembic_version SET version_num = '9999'")
    with pytest.raises(SchemaError, match="revision 9999, which this version of roadtrip"):
        SqlStore(sql_url)
    result = _run("db", "upgrade", "--database-url", sql_url)
    assert result.exit_code == 2 and "does not know" in result.output
    assert "Traceback" not in result.output
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: pytest.fail("served"))
    served = _run("serve", "--bot-workers", "0", "--database-url", sql_url)
    assert served.exit_code == 2 and "which this version of roadtrip" in served.output
    current = _run("db", "current", "--database-url", sql_url)
    assert "revision 9999; the newest is" in current.output.replace("\n", "")


def test_old_tables_that_differ_from_that_release_are_refused_and_left_unchanged(
    tmp_path: Path,
) -> None:
    url = legacy_sqlite(tmp_path)
    _execute(url, "ALTER TABLE matches ADD COLUMN extra INTEGER")
    before = _tables(url)
    engine = create_engine(url)
    with pytest.raises(SchemaError, match="remove column matches extra"):
        upgrade(engine)
    engine.dispose()
    # Nothing was made: neither the missing table nor the version stamp.
    assert _tables(url) == before and "alembic_version" not in before
    result = _run("db", "upgrade", "--database-url", url)
    assert result.exit_code == 2 and "differ from those of that release" in result.output


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("hello", "Could not parse"),
        ("nonsense://host/db", "Can't load plugin"),
        ("postgresql://user:secret@127.0.0.1:1/db", "connection"),
    ],
)
@pytest.mark.parametrize("command", ["upgrade", "current"])
def test_a_bad_or_unreachable_database_is_one_sentence(command: str, url: str, reason: str) -> None:
    result = _run("db", command, "--database-url", url)
    assert result.exit_code == 2
    assert result.output.startswith("Error: cannot open the database")
    assert reason in result.output and "Traceback" not in result.output
    assert "secret" not in result.output  # the password is masked


def test_a_sqlite_file_in_a_missing_folder_is_one_sentence(tmp_path: Path) -> None:
    result = _run("db", "upgrade", "--database-url", f"sqlite:///{tmp_path}/no/such.sqlite3")
    assert result.exit_code == 2 and "unable to open database file" in result.output


def test_db_current_of_an_empty_database_says_upgrade_creates_the_tables(
    tmp_path: Path,
) -> None:
    result = _run("db", "current", "--database-url", f"sqlite:///{tmp_path / 'x.sqlite3'}")
    assert result.exit_code == 0 and "no tables yet" in result.output


def test_a_developers_new_revision_migrates_to_the_changed_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``roadtrip db revision`` writes the migration to the tables as the code now
    declares them (here: one more table), and upgrading runs it."""
    import shutil

    from sqlalchemy import Column, MetaData, String, Table

    from roadtrip.server import migrate

    folder = tmp_path / "migrations"
    shutil.copytree(migrate.MIGRATIONS, folder, ignore=shutil.ignore_patterns("__pycache__"))
    declared = migrate.target_metadata

    def changed() -> MetaData:
        tables = declared()
        Table("match_notes", tables, Column("match_id", String(32), primary_key=True))
        return tables

    monkeypatch.setattr(migrate, "MIGRATIONS", folder)
    monkeypatch.setattr(migrate, "target_metadata", changed)
    migrate.scripts.cache_clear()
    after = f"{int(head()) + 1:04d}"  # numbered after the newest revision shipped
    try:
        result = _run("db", "revision", "add match notes")
        assert result.exit_code == 0, result.output
        [written] = (folder / "versions").glob(f"{after}_*.py")
        assert "match_notes" in written.read_text()
        url = f"sqlite:///{tmp_path / 'dev.sqlite3'}"
        engine = create_engine(url)
        done = upgrade(engine)
        engine.dispose()
        assert (done.before, done.after) == (None, after)
        assert "match_notes" in _tables(url)
    finally:
        migrate.scripts.cache_clear()


def test_a_timed_match_stored_at_the_baseline_revision_keeps_its_clock_running(
    sql_url: str,
) -> None:
    """Revision 0002 makes clocks wait for the people; a timed match stored before
    it had its clock running, and keeps it so (marked started at its creation)."""
    from alembic import command
    from server_kit import old_solo_row, seats
    from test_turn_clock import Clock

    from roadtrip.server.coordinator import Coordinator
    from roadtrip.server.migrate import config, scripts
    from roadtrip.server.storage import Grant, MemoryStore
    from roadtrip.server.transport import MemoryTransport
    from roadtrip.server.turn_clock import TurnClock

    # The opening roll of a solo timed match, as the release at 0001 stored it.
    maker = Coordinator(MemoryStore(), MemoryTransport())
    made = maker.create_match("road-to-300", {}, seats(None), seed=5)
    opening = maker.live(made.match_id).match.state.history()
    engine = create_engine(normalize_url(sql_url))
    with engine.begin() as conn:
        command.upgrade(config(conn), BASELINE)
    tables = scripts().get_revision(BASELINE).module.baseline_tables().tables
    deadline = 1_000_060.0
    with engine.begin() as conn:
        row = {**old_solo_row("old1", 5), "action_count": len(opening)}
        conn.execute(tables["matches"].insert().values(row))
        conn.execute(
            tables["actions"].insert(),
            [
                {"match_id": "old1", "idx": i, "seat": s, "action": a}
                for i, (s, a) in enumerate(opening)
            ],
        )
        conn.execute(
            tables["match_clocks"]
            .insert()
            .values(
                match_id="old1",
                clock=TurnClock(60.0, "bot", "greedy").to_dict(),
                version=len(opening),
                deadlines={"0": [deadline, 0]},
                next_deadline=deadline,
                timeouts=[],
            )
        )
    engine.dispose()
    store = SqlStore(sql_url)  # upgrades to the newest revision
    try:
        assert (store.schema.before, store.schema.after) == (BASELINE, head())
        loaded = store.load("old1")
        assert loaded is not None and loaded.clock_started_at == 1.0  # its creation
        assert loaded.deadlines == {0: (deadline, 0)}
        clock = Clock(deadline - 1)
        coordinator = Coordinator(store, MemoryTransport(), clock=clock)
        message = coordinator.message("old1", Grant("old1", ()))["clock"]
        assert message["started"] and message["waiting_for"] == []
        assert message["deadlines"] == [{"seat": 0, "at": deadline, "remaining_ms": 1000}]
        clock.now = deadline  # nobody opened a link since the upgrade: the clock runs
        assert coordinator.expire_overdue() == 1
        assert store.load("old1").timeouts  # type: ignore[union-attr]
    finally:
        store.close()


def test_a_database_at_revision_0002_gains_the_empty_account_tables_and_its_matches_play_on(
    sql_url: str,
) -> None:
    """Revision 0003 adds the account tables and changes no old one: a match stored
    at 0002 loads, and its guest seat can then be claimed into an account."""
    from alembic import command
    from server_kit import seats

    from roadtrip.server.account_store import Account
    from roadtrip.server.coordinator import Coordinator
    from roadtrip.server.migrate import config
    from roadtrip.server.storage import MemoryStore
    from roadtrip.server.transport import MemoryTransport

    engine = create_engine(normalize_url(sql_url))
    with engine.begin() as conn:
        command.upgrade(config(conn), "0002")
    engine.dispose()
    account_tables = {"accounts", "account_sessions", "account_seats", "account_links"}
    assert not account_tables & _tables(sql_url)
    # A store of the release before could not be opened here (it would upgrade):
    # the match is written with this release's tables, which 0002 had already.
    from roadtrip.server.sql_store import matches, tokens

    maker = Coordinator(MemoryStore(), MemoryTransport())
    made = maker.create_match("road-to-300", {}, seats(None), seed=5)
    stored = maker.store.load(made.match_id)
    assert stored is not None
    engine = create_engine(normalize_url(sql_url))
    with engine.begin() as conn:
        conn.execute(
            matches.insert().values(
                id=stored.id, game=stored.game, options=stored.options, seed=stored.seed,
                seats=[s.to_dict() for s in stored.seats], hotseat=False, finished=False,
                returns=None, created_at=1.0, action_count=0,
            )
        )  # fmt: skip
        conn.execute(tokens.insert().values(token_hash="h0", match_id=stored.id, seats=[0]))
    engine.dispose()
    store = SqlStore(sql_url)
    try:
        assert (store.schema.before, store.schema.after) == ("0002", head())
        assert account_tables <= _tables(sql_url)
        loaded = store.load(stored.id)
        assert loaded is not None and loaded.seats == stored.seats
        store.create_account(Account("a1", "Ann", "ann", "hash", 2.0))
        assert store.claim_seats("a1", stored.id, [0], 0, 3.0)
        assert [(s.match_id, s.seat) for s in store.account_seats("a1", 10)] == [(stored.id, 0)]
    finally:
        store.close()
    assert schema_state(sql_url) == (head(), [])
