"""Baseline: the tables as the releases before migrations made them with create_all.

Revision ID: 0001
Revises: (none)

A frozen copy of the schema of that time (later changes to the tables in
sql_store.py, sql_reviews.py or leases.py come as new revisions, never as edits
here).  ``baseline_tables()`` is also what a database made by ``create_all`` is
checked against before it is stamped with this revision
(:func:`roadtrip.server.migrate.upgrade`), so upgrading makes the tables it
creates itself, all at once, by the same definitions.
"""

from __future__ import annotations

from alembic import op
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
)

revision = "0001"
down_revision: str | None = None
branch_labels: tuple[str, ...] | None = None
depends_on: tuple[str, ...] | None = None


def baseline_tables() -> MetaData:
    """Every table of the baseline (``match_leases``, which earlier releases made
    only in cluster mode, included: an empty table costs nothing)."""
    tables = MetaData()
    Table(
        "matches",
        tables,
        Column("id", String(32), primary_key=True),
        Column("game", String(64), nullable=False),
        Column("options", JSON, nullable=False),
        Column("seed", BigInteger, nullable=False),
        Column("seats", JSON, nullable=False),
        Column("hotseat", Boolean, nullable=False),
        Column("finished", Boolean, nullable=False, index=True),
        Column("returns", JSON, nullable=True),
        Column("created_at", Float, nullable=False),
        Column("action_count", Integer, nullable=False),
    )
    Table(
        "actions",
        tables,
        Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
        Column("idx", Integer, primary_key=True),
        Column("seat", Integer, nullable=False),
        Column("action", Integer, nullable=False),
    )
    Table(
        "match_settings",
        tables,
        Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
        Column("advice", Boolean, nullable=True),
    )
    Table(
        "match_clocks",
        tables,
        Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
        Column("clock", JSON, nullable=False),
        Column("version", Integer, nullable=False),
        Column("deadlines", JSON, nullable=False),
        Column("next_deadline", Float, nullable=True, index=True),
        Column("timeouts", JSON, nullable=False),
    )
    Table(
        "cluster_identity",
        tables,
        Column("name", String(16), primary_key=True),
        Column("value", String(64), nullable=False),
    )
    Table(
        "match_reviews",
        tables,
        Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
        Column("seat", Integer, primary_key=True, autoincrement=False),
        Column("status", String(16), nullable=False),
        Column("owner", String(64), nullable=False),
        Column("updated_at", Float, nullable=False),
        Column("done", Integer, nullable=False),
        Column("total", Integer, nullable=True),
        Column("review", JSON, nullable=True),
    )
    Table(
        "tokens",
        tables,
        Column("token_hash", String(64), primary_key=True),
        Column("match_id", String(32), ForeignKey("matches.id"), nullable=False, index=True),
        Column("seats", JSON, nullable=False),
    )
    Table(
        "match_leases",
        tables,
        Column("match_id", String(32), primary_key=True),
        Column("holder", String(64), nullable=False),
        Column("expires_at", Float, nullable=False, index=True),
    )
    return tables


def upgrade() -> None:
    baseline_tables().create_all(op.get_bind(), checkfirst=False)


def downgrade() -> None:
    baseline_tables().drop_all(op.get_bind(), checkfirst=False)
