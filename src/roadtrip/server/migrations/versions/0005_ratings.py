"""Human ratings: rated_matches and account_ratings.

Revision ID: 0005
Revises: 0004

Two new tables (``server/sql_ratings.py``) and nothing changed in the old ones, so
the release before can run beside this one during a rolling restart (it never
reads them; a match it finishes stays unapplied, and is not rated).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels: tuple[str, ...] | None = None
depends_on: tuple[str, ...] | None = None


def upgrade() -> None:
    op.create_table(
        "rated_matches",
        sa.Column("match_id", sa.String(length=32), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("applied_at", sa.Float(), nullable=True),
        sa.Column("outcome", sa.String(length=200), nullable=True),
        sa.Column("players", sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"]),
        sa.PrimaryKeyConstraint("match_id"),
    )
    op.create_table(
        "account_ratings",
        sa.Column("account_id", sa.String(length=32), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("matches", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"]),
        sa.PrimaryKeyConstraint("account_id", "game"),
    )


def downgrade() -> None:
    op.drop_table("account_ratings")
    op.drop_table("rated_matches")
