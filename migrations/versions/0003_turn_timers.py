"""Turn timers: a room's timer option and the deadlines of the seats to act; a seat's
timeouts in a row and whether it is away (issue 11).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("turn_timer", sa.Integer(), nullable=False,
                                   server_default="0"))
        batch.add_column(sa.Column("deadlines", sa.JSON(), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("timeouts", sa.Integer(), nullable=False,
                                   server_default="0"))
        batch.add_column(sa.Column("away", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("away")
        batch.drop_column("timeouts")
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("deadlines")
        batch.drop_column("turn_timer")
