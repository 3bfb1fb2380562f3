"""``roadtrip db``: the web app's database schema (Alembic migrations).

    roadtrip db upgrade [--database-url URL]   bring the tables up to date
    roadtrip db current [--database-url URL]   the database's revision, and the newest

``roadtrip serve`` upgrades at start anyway; ``db upgrade`` lets a deployment
migrate first (while the old release still serves, when the change allows it) and
see what was done.  The work is :func:`roadtrip.server.migrate.upgrade` (a lock,
the adoption of databases made before migrations; docs/server.md, "Database and
migrations").  A bad URL, a database that does not answer or a schema that cannot
be upgraded is one red line and exit code 2, never a traceback.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from roadtrip.cli.exits import fail
from roadtrip.cli.serve import printable_url

if TYPE_CHECKING:
    from sqlalchemy import Engine

db_app = typer.Typer(
    name="db",
    help="The web app's database: schema migrations (upgrade, current).",
    no_args_is_help=True,
)

DatabaseUrl = Annotated[
    str | None,
    typer.Option(
        "--database-url",
        metavar="URL",
        help="sqlite:///path/to/file.sqlite3 or postgresql://user:password@host/db "
        "(default: the SQLite file `roadtrip serve` uses by default).",
    ),
]


def register(app: typer.Typer) -> None:
    """Add the ``db`` command group to ``app``."""
    app.add_typer(db_app, name="db")


def _console() -> Console:
    return Console(highlight=False)


@contextmanager
def _database(url: str | None) -> Iterator[tuple[str, Engine]]:
    """An engine on ``url`` (default: serve's default database); any failure to
    reach it or to migrate it ends the command with one sentence."""
    from sqlalchemy import create_engine
    from sqlalchemy.exc import SQLAlchemyError

    from roadtrip.server.migrate import SchemaError
    from roadtrip.server.settings import default_database_url
    from roadtrip.server.sql_store import normalize_url

    url = url or default_database_url()
    shown = printable_url(url)
    engine = None
    try:
        engine = create_engine(normalize_url(url))
        yield shown, engine
    except SchemaError as exc:
        fail(f"{shown}: {exc}")
    except (SQLAlchemyError, ImportError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        if isinstance(exc, ImportError):
            reason += " (PostgreSQL needs roadtrip[postgres])"
        fail(f"cannot open the database {shown}: {reason}")
    finally:
        if engine is not None:
            engine.dispose()


@db_app.command(
    "upgrade",
    help="Create the tables, or bring them to the newest revision (a database made by "
    "a release before migrations is checked and adopted).",
)
def upgrade_command(database_url: DatabaseUrl = None) -> None:
    """Upgrade the database's schema and say what was done."""
    from roadtrip.server.migrate import upgrade

    with _database(database_url) as (shown, engine):
        done = upgrade(engine)
    _console().print(f"{escape(shown)}: {done.describe()}", soft_wrap=True)


@db_app.command(
    "current", help="Show the database's schema revision and the newest this roadtrip knows."
)
def current_command(database_url: DatabaseUrl = None) -> None:
    """Print the database's revision and what to do about it."""
    from roadtrip.server.migrate import current, head

    with _database(database_url) as (shown, engine):
        revision, legacy = current(engine)
    newest = head()
    if revision == newest:
        state = f"revision {revision} (the newest)"
    elif revision is not None:
        state = f"revision {revision}; the newest is {newest}: run `roadtrip db upgrade`"
    elif legacy:
        state = (
            "no revision: tables made by a release before migrations "
            "(`roadtrip db upgrade` or `roadtrip serve` adopts them)"
        )
    else:
        state = f"no tables yet (`roadtrip db upgrade` creates them at revision {newest})"
    _console().print(f"{escape(shown)}: {state}", soft_wrap=True)


def schema_note(app: Any) -> str | None:
    """What opening the web app's database did to its schema, for ``roadtrip serve``
    to print (None when there was nothing to do or no SQL store)."""
    coordinator = getattr(app.state, "coordinator", None)
    done = getattr(getattr(coordinator, "store", None), "schema", None)
    if done is None or not done.changed:
        return None
    return f"database: {done.describe()}"
