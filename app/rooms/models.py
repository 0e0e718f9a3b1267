"""What the room layer returns: pydantic models, also the JSON API's response models."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel

Status = Literal["waiting", "playing", "finished"]


class SeatInfo(BaseModel):
    index: int
    name: str | None
    bot: bool = False
    level: str | None = None  # a bot's level, "random" or "good"; None for people
    connected: bool = False
    away: bool = False  # turn timers: a bot plays for this person until they are back
    deadline: int | None = None  # epoch ms by which this seat must act (turn timers)
    gone_since: int | None = None  # epoch ms its last socket closed, while disconnected
    rematch: bool = False  # after the end: agrees to play again (a bot always does)


class RoomInfo(BaseModel):
    code: str
    game_id: str
    title: str
    options: dict[str, Any]
    seats: list[SeatInfo]
    status: Status
    version: int
    game_no: int
    public: bool
    spectators: bool
    host_seat: int | None
    outcome: dict[str, Any] | None = None
    turn_timer: int = 0  # seconds per decision; 0: off (the running game's)
    next_turn_timer: int = 0  # the one the next game gets (the host's setting)

    @property
    def free_seats(self) -> list[int]:
        return [s.index for s in self.seats if s.name is None]


class Snapshot(BaseModel):
    """One viewer's picture of a room at one version (its log is the web layer's to
    phrase: app/web/render/loglines.py)."""

    version: int
    seat: int | None
    status: Status
    view: dict[str, Any] | None
    names: list[str]
    outcome: dict[str, Any] | None = None


class ChatLine(BaseModel):
    seat: int | None
    name: str
    text: str
    at: str

    @classmethod
    def said(cls, seat: int | None, name: str, text: str, at: datetime) -> ChatLine:
        """A line with its time in one form, as stored (UTC, aware) or read back
        (SQLite gives it naive): a line read and the same line's notice are equal."""
        if at.tzinfo is None:
            at = at.replace(tzinfo=UTC)
        return cls(seat=seat, name=name, text=text, at=at.isoformat())
