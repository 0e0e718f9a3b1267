"""SQLAlchemy 2 models: rooms, their seats, the move log and the chat.

The schema itself is made only by Alembic (migrations/); these classes mirror it.
A room's `version` counts state changes (start, each move, a rematch) and never goes
back, so a client can always keep the newest board it has seen.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class RoomRow(Base):
    __tablename__ = "rooms"

    code: Mapped[str] = mapped_column(String(16), primary_key=True)
    game_id: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seat_count: Mapped[int] = mapped_column(Integer)
    public: Mapped[bool] = mapped_column(Boolean, index=True)
    spectators: Mapped[bool] = mapped_column(Boolean)
    status: Mapped[str] = mapped_column(String(16), index=True)
    version: Mapped[int] = mapped_column(Integer)
    game_no: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    state: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    host_token_hash: Mapped[str] = mapped_column(String(64))
    host_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # Seconds per decision (0: no timer) and {"seat": epoch ms} for the seats to act.
    turn_timer: Mapped[int] = mapped_column(Integer, default=0)
    # The host's timer for the next game, chosen while a game runs or is over (None:
    # none chosen); a new game takes it as its `turn_timer` (issue 37.4).
    next_turn_timer: Mapped[int | None] = mapped_column(Integer, nullable=True)
    deadlines: Mapped[dict[str, int] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SeatRow(Base):
    __tablename__ = "seats"

    room_code: Mapped[str] = mapped_column(
        ForeignKey("rooms.code", ondelete="CASCADE"), primary_key=True
    )
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    bot: Mapped[bool] = mapped_column(Boolean, default=False)
    # "random" or "good" for a bot seat; None for a person's (or an empty) seat.
    bot_level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    # Turn timers: timeouts in a row, and away (a bot plays for the seat until "I'm back").
    timeouts: Mapped[int] = mapped_column(Integer, default=0)
    away: Mapped[bool] = mapped_column(Boolean, default=False)
    # After a game: this seat's holder wants the next one (a proposal the others accept).
    rematch: Mapped[bool] = mapped_column(Boolean, default=False)


class MoveRow(Base):
    __tablename__ = "moves"
    __table_args__ = (UniqueConstraint("room_code", "version", name="uq_moves_room_version"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_code: Mapped[str] = mapped_column(ForeignKey("rooms.code", ondelete="CASCADE"))
    game_no: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    move: Mapped[dict[str, Any]] = mapped_column(JSON)
    events: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    # The version the mover saw (< version - 1 for a simultaneous choice applied on top
    # of other seats' moves) and the seats to act after it; None in rows made before.
    seen_version: Mapped[int | None] = mapped_column(Integer, nullable=True)
    to_act: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChatRow(Base):
    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_code: Mapped[str] = mapped_column(
        ForeignKey("rooms.code", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class GameRow(Base):
    """A finished game (issue 14): enough, with its moves, to replay it."""

    __tablename__ = "games"
    __table_args__ = (UniqueConstraint("room_code", "game_no", name="uq_games_room_game_no"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_code: Mapped[str] = mapped_column(ForeignKey("rooms.code", ondelete="CASCADE"))
    game_no: Mapped[int] = mapped_column(Integer)
    game_id: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    # [{"seat": 0, "name": "Ann", "bot": false, "level": null}, ...] when the game ended
    players: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    # Per seat, who it was across the room's games (a person's token hash, "bot:<name>"):
    # never served (migration 0007). None in games recorded before.
    player_keys: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
    started_version: Mapped[int] = mapped_column(Integer)  # its first move is this + 1
    outcome: Mapped[dict[str, Any]] = mapped_column(JSON)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
