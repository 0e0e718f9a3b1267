"""The regulars' table (issue 37): who each seat of a recorded game was, as a key that
stays the same across the room's games (the seat token's hash for a person, the name
for a bot), so the evening's standings follow a person through name changes and games.
NULL in games recorded before: those are told apart by name.

The key is never served: it is the token's hash, as the seats table keeps it.

Revision ID: 0007_player_keys
Revises: 0006_next_turn_timer
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_player_keys"
down_revision = "0006_next_turn_timer"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("player_keys", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("player_keys")
