"""Alembic's environment for roadtrip's migrations, configured in code.

roadtrip runs Alembic in process (:mod:`roadtrip.server.migrate`): it hands over
an open connection, inside the transaction that holds the schema lock, in the
config's ``attributes["connection"]``; no alembic.ini is read.  The migrations
compare against the tables the code declares (``target_metadata()``), and only
those: other tables in a shared database are never touched.
"""

from __future__ import annotations

from alembic import context

from roadtrip.server.migrate import tables_named, target_metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - roadtrip always passes one
    raise RuntimeError("roadtrip's migrations run through `roadtrip db upgrade`")

metadata = target_metadata()
context.configure(
    connection=connection,
    target_metadata=metadata,
    include_name=tables_named(metadata),
    compare_type=True,
    # SQLite alters a table by copying it: autogenerate writes batch operations.
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
