"""Optional accounts: accounts, account_sessions, account_seats, account_links.

Revision ID: 0003
Revises: 0002

Four new tables (``server/sql_accounts.py``) and nothing changed in the old ones, so
the release before can run beside this one during a rolling restart (it never
reads them).  A session is valid on every process because it lives here.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: tuple[str, ...] | None = None
depends_on: tuple[str, ...] | None = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("name_key", sa.String(length=160), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name_key"),
    )
    op.create_table(
        "account_seats",
        sa.Column("match_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("member", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("account_id", sa.String(length=32), nullable=False),
        sa.Column("claimed_at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
        ),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
        ),
        sa.PrimaryKeyConstraint("match_id", "seat", "member"),
    )
    with op.batch_alter_table("account_seats", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_account_seats_account_id"), ["account_id"], unique=False
        )

    op.create_table(
        "account_sessions",
        sa.Column("session_hash", sa.String(length=64), nullable=False),
        sa.Column("account_id", sa.String(length=32), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
        ),
        sa.PrimaryKeyConstraint("session_hash"),
    )
    with op.batch_alter_table("account_sessions", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_account_sessions_account_id"), ["account_id"], unique=False
        )

    op.create_table(
        "account_links",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("account_id", sa.String(length=32), nullable=False),
        sa.Column("session_hash", sa.String(length=64), nullable=False),
        sa.Column("match_id", sa.String(length=32), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
        ),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
        ),
        sa.ForeignKeyConstraint(
            ["session_hash"],
            ["account_sessions.session_hash"],
        ),
        sa.ForeignKeyConstraint(
            ["token_hash"],
            ["tokens.token_hash"],
        ),
        sa.PrimaryKeyConstraint("token_hash"),
    )
    with op.batch_alter_table("account_links", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_account_links_account_id"), ["account_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_account_links_session_hash"), ["session_hash"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("account_links", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_account_links_session_hash"))
        batch_op.drop_index(batch_op.f("ix_account_links_account_id"))

    op.drop_table("account_links")
    with op.batch_alter_table("account_sessions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_account_sessions_account_id"))

    op.drop_table("account_sessions")
    with op.batch_alter_table("account_seats", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_account_seats_account_id"))

    op.drop_table("account_seats")
    op.drop_table("accounts")
