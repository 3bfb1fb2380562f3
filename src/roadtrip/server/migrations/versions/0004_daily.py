"""The daily challenge: server_secrets, daily_attempts.

Revision ID: 0004
Revises: 0003

Two new tables (``server/sql_daily.py``) and nothing changed in the old ones, so
the release before can run beside this one during a rolling restart.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels: tuple[str, ...] | None = None
depends_on: tuple[str, ...] | None = None


def upgrade() -> None:
    op.create_table(
        "server_secrets",
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("value", sa.String(length=128), nullable=False),
        sa.PrimaryKeyConstraint("name"),
    )
    op.create_table(
        "daily_attempts",
        sa.Column("account_id", sa.String(length=32), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("day", sa.String(length=10), nullable=False),
        sa.Column("match_id", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("started_at", sa.Float(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("result", sa.Float(), nullable=True),
        sa.Column("seconds", sa.Float(), nullable=True),
        sa.PrimaryKeyConstraint("account_id", "game", "day"),
    )


def downgrade() -> None:
    op.drop_table("daily_attempts")
    op.drop_table("server_secrets")
