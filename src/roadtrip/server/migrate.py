"""The database's schema: Alembic migrations, run in process (no alembic.ini).

The tables are declared in ``sql_store.py``, ``sql_reviews.py`` and ``leases.py``
(together: :func:`target_metadata`); every change to them comes with a revision in
``migrations/versions`` (docs/server.md, "Database and migrations").
:func:`upgrade` brings a database to the newest revision.  It runs whenever a
:class:`~roadtrip.server.sql_store.SqlStore` opens a database (so ``roadtrip
serve`` upgrades at start) and from ``roadtrip db upgrade``:

- **under a lock**, so that several processes starting at once on one database
  migrate it once: a PostgreSQL advisory lock held by the migration's
  transaction, on SQLite the database's write lock (``BEGIN IMMEDIATE``).  Every
  step runs in that one transaction (both databases have transactional DDL): a
  migration that fails leaves the database as it was.
- **adopting** databases made before migrations existed (tables from
  ``create_all``, no ``alembic_version``): the tables those releases made on first
  use are created, the whole schema is compared with the baseline revision's, and
  only if they agree is the database stamped with the baseline and upgraded.
- **refusing** a database at a revision this code does not know (made by a newer
  release) or whose tables differ from what its revision says, with a sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy import Connection, Engine, MetaData, inspect, text

from roadtrip.server.storage import StorageError

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
BASELINE = "0001"
# Any fixed number: the key of the PostgreSQL advisory lock held while migrating.
SCHEMA_LOCK_KEY = 0x524F4144  # "ROAD"
# A table every release has made: its presence marks a database made before migrations.
FIRST_TABLE = "matches"


class SchemaError(StorageError):
    """The database's schema cannot be brought up to date (or read)."""


@dataclass(frozen=True)
class Upgrade:
    """What :func:`upgrade` did: the revision before (None: no alembic_version) and
    after, and whether the database was made before migrations (adopted)."""

    before: str | None
    after: str
    adopted: bool

    @property
    def changed(self) -> bool:
        return self.before != self.after

    def describe(self) -> str:
        if self.adopted:
            then = "" if self.after == BASELINE else f", then upgraded them to {self.after}"
            return f"adopted the tables made by an earlier release as revision {BASELINE}{then}"
        if self.before is None:
            return f"created the tables at revision {self.after}"
        if self.changed:
            return f"upgraded the schema from revision {self.before} to {self.after}"
        return f"the schema is up to date (revision {self.after})"


@cache
def scripts() -> ScriptDirectory:
    """The migration scripts shipped in the package."""
    return ScriptDirectory(str(MIGRATIONS))


def head() -> str:
    """The newest revision this code knows."""
    found = scripts().get_current_head()
    if found is None:  # pragma: no cover - the package ships the baseline
        raise SchemaError("no migration scripts found in the package")
    return found


def target_metadata() -> MetaData:
    """Every table the code declares, in one MetaData (what autogenerate compares)."""
    from roadtrip.server.leases import lease_metadata
    from roadtrip.server.sql_store import metadata

    combined = MetaData()
    for source in (metadata, lease_metadata):
        for table in source.tables.values():
            table.to_metadata(combined)
    return combined


def tables_named(tables: MetaData) -> Callable[[str | None, str, Any], bool]:
    """An ``include_name`` hook: compare only the tables of ``tables`` (a database
    shared with other applications keeps theirs; nobody proposes to drop them)."""

    def include(name: str | None, kind: str, _parents: Any) -> bool:
        return kind != "table" or name in tables.tables

    return include


def config(connection: Connection) -> Config:
    """Alembic's configuration, in code: the package's scripts, this connection."""
    settings = Config()
    settings.set_main_option("script_location", str(MIGRATIONS))
    settings.attributes["connection"] = connection
    return settings


def current(engine: Engine) -> tuple[str | None, bool]:
    """The database's revision (None: none stored) and whether it holds tables of
    an earlier release (made before migrations, not yet adopted)."""
    with engine.connect() as conn:
        revision = MigrationContext.configure(conn).get_current_revision()
        legacy = revision is None and inspect(conn).has_table(FIRST_TABLE)
    return revision, legacy


def upgrade(engine: Engine) -> Upgrade:
    """Bring the database of ``engine`` to the newest revision (see the module)."""
    with _locked(engine) as conn:
        before = MigrationContext.configure(conn).get_current_revision()
        _check_known(before)
        adopted = before is None and inspect(conn).has_table(FIRST_TABLE)
        if adopted:
            _adopt(conn)
        if before == head():  # the usual start: nothing to run (Alembic's run costs ~10 ms)
            return Upgrade(before=before, after=before, adopted=False)
        try:
            command.upgrade(config(conn), "head")
        except CommandError as exc:
            raise SchemaError(f"cannot upgrade the database: {exc}") from None
        after = MigrationContext.configure(conn).get_current_revision()
    return Upgrade(before=before, after=str(after), adopted=adopted)


def differences(conn: Connection) -> list[Any]:
    """How the database's tables differ from those the code declares (Alembic's
    autogenerate comparison; [] when they agree)."""
    metadata = target_metadata()
    context = MigrationContext.configure(
        conn, opts={"include_name": tables_named(metadata), "compare_type": True}
    )
    return list(compare_metadata(context, metadata))


def new_revision(engine: Engine, message: str) -> Path:
    """For developers: write the migration from the newest revision to the tables
    the code now declares (autogenerated against the database of ``engine``,
    upgraded first; a scratch database), numbered after the newest; its path."""
    upgrade(engine)
    with engine.connect() as conn:
        if not differences(conn):
            raise SchemaError(
                "the tables the code declares are those of the newest revision "
                f"({head()}): there is nothing to migrate"
            )
        written = command.revision(
            config(conn), message=message, autogenerate=True, rev_id=f"{int(head()) + 1:04d}"
        )
    scripts.cache_clear()  # the new script is part of the directory now
    if written is None or isinstance(written, list):  # pragma: no cover - one head
        raise SchemaError("Alembic wrote no single revision")
    return Path(written.path)


def _check_known(revision: str | None) -> None:
    if revision is None:
        return
    try:
        known = scripts().get_revision(revision) is not None
    except CommandError:
        known = False
    if not known:
        raise SchemaError(
            f"the database is at schema revision {revision}, which this version of "
            f"roadtrip does not know (its newest is {head()}): it was upgraded by a "
            "newer release; run that release, or restore a backup"
        )


def _adopt(conn: Connection) -> None:
    """Stamp a database made by ``create_all`` with the baseline, once its tables
    (with those earlier releases made only on first use) match the baseline's."""
    baseline: MetaData = scripts().get_revision(BASELINE).module.baseline_tables()
    baseline.create_all(conn, checkfirst=True)
    context = MigrationContext.configure(
        conn, opts={"include_name": tables_named(baseline), "compare_type": True}
    )
    differences = compare_metadata(context, baseline)
    if differences:
        raise SchemaError(
            "the database's tables were made before migrations existed but differ "
            f"from those of that release ({_describe(differences)}); nothing was "
            "changed: compare them with docs/server.md, 'Database and migrations'"
        )
    context.stamp(scripts(), BASELINE)


def _describe(differences: list[Any]) -> str:
    """A short list of schema differences (Alembic's diff tuples) in words."""
    words = []
    for diff in differences[:5]:
        step = diff[0] if isinstance(diff, list) else diff
        kind, *details = step
        named = [d if isinstance(d, str) else getattr(d, "name", None) for d in details]
        words.append(" ".join([kind.replace("_", " "), *(str(n) for n in named if n)]))
    more = len(differences) - 5
    return "; ".join(words) + (f"; and {more} more" if more > 0 else "")


@contextmanager
def _locked(engine: Engine) -> Iterator[Connection]:
    """A connection in a transaction that holds the schema lock; committed at the
    end (rolled back, with everything the migration did, on an error)."""
    if engine.dialect.name == "sqlite":
        with _sqlite_locked(engine) as conn:
            yield conn
        return
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK_KEY})
        yield conn


@contextmanager
def _sqlite_locked(engine: Engine) -> Iterator[Connection]:
    # Python's sqlite3 begins transactions itself, only before data changes and
    # without the write lock; the driver is told to leave that to us for this
    # connection, so that BEGIN IMMEDIATE takes the lock before anything is read
    # (a second process waits for it, up to the driver's busy timeout, then finds
    # the schema up to date) and the DDL is inside the transaction.
    with engine.connect() as conn:
        driver = conn.connection.driver_connection
        saved = driver.isolation_level  # type: ignore[union-attr]
        driver.isolation_level = None  # type: ignore[union-attr]
        try:
            with conn.begin():
                conn.exec_driver_sql("BEGIN IMMEDIATE")
                yield conn
        finally:
            driver.isolation_level = saved  # type: ignore[union-attr]
