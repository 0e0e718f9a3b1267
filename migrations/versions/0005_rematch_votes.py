"""Play again as a proposal (issue 34): a seat's agreement to the room's next game. The
next game starts when every seat is taken and each person in one has agreed (a bot
always agrees); a new game, a new holder and an emptied seat clear it.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("rematch", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("rematch")
