"""A bot seat's level; the version a move was made at and who is to act after it.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("bot_level", sa.String(16), nullable=True))
    with op.batch_alter_table("moves") as batch:
        batch.add_column(sa.Column("seen_version", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("to_act", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("moves") as batch:
        batch.drop_column("to_act")
        batch.drop_column("seen_version")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("bot_level")
