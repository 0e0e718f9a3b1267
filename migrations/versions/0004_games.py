"""Game records: one row per finished game of a room (issue 14), so a rematch keeps the
earlier games' seed, options and players. Written in the same transaction as the move
that ends the game. Rooms whose current game ended before this migration get their
record built from the rooms row on demand (app/rooms/records.py): the outcome needs the
rules, which a migration should not import.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "room_code",
            sa.String(16),
            sa.ForeignKey("rooms.code", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("game_no", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("started_version", sa.Integer(), nullable=False),
        sa.Column("outcome", sa.JSON(), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("room_code", "game_no", name="uq_games_room_game_no"),
    )


def downgrade() -> None:
    op.drop_table("games")
