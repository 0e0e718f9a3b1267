"""The host's settings after creation (issue 37.4): the turn timer the host chose for the
room's next game while one runs or is over (NULL: none chosen; the next game keeps the
room's `turn_timer`). A new game takes it as its own `turn_timer`. Public and spectators
were columns already.

Revision ID: 0006_next_turn_timer
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_next_turn_timer"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("next_turn_timer", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("next_turn_timer")
