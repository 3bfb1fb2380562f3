"""Turn clocks wait for the people: match_clocks.arrived and started_at.

Revision ID: 0002
Revises: 0001

A timed match's clocks start once every human seat has opened its link (or, for a
correspondence clock, a person has moved): ``arrived`` holds the seats that have,
as a bit mask (``server/sql_clocks.py``), ``started_at`` when the clocks started
(NULL: not yet).  The timed matches stored before this revision had their clocks
running from the start: they are marked started at their creation, so their
deadlines run on as before.  Both columns may be left out by the release before
(a default, a NULL), so it can run beside this one during a rolling restart.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: tuple[str, ...] | None = None
depends_on: tuple[str, ...] | None = None


def upgrade() -> None:
    with op.batch_alter_table("match_clocks", schema=None) as batch_op:
        batch_op.add_column(sa.Column("arrived", sa.Integer(), server_default="0", nullable=False))
        batch_op.add_column(sa.Column("started_at", sa.Float(), nullable=True))
    # The clocks of the matches stored so far were running: they stay running.
    op.execute(
        "UPDATE match_clocks SET started_at = "
        "(SELECT matches.created_at FROM matches WHERE matches.id = match_clocks.match_id)"
    )


def downgrade() -> None:
    with op.batch_alter_table("match_clocks", schema=None) as batch_op:
        batch_op.drop_column("started_at")
        batch_op.drop_column("arrived")
