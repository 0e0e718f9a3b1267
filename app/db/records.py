"""What the repository hands out: plain frozen records of rooms, seats and moves (no
session attached), and the clock of the stored timestamps."""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import CursorResult

AWAY_AFTER = 2
"""Timeouts in a row that make a seat away (a bot plays for it until "I'm back"): the
one number the timers and the database's conditional UPDATE both use."""


def now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class SeatRecord:
    index: int
    name: str | None
    token_hash: str | None
    bot: bool
    level: str | None = None
    away: bool = False  # a bot plays for this person (turn timers)
    timeouts: int = 0  # timeouts in a row
    rematch: bool = False  # after a game: wants the next one


@dataclass(frozen=True)
class MoveRecord:
    """One stored move as the live room keeps it: who, its events, who acts after."""

    version: int
    seat: int
    events: tuple[dict[str, Any], ...]
    to_act: frozenset[int] | None


@dataclass(frozen=True)
class RoomRecord:
    code: str
    game_id: str
    options: dict[str, Any]
    public: bool
    spectators: bool
    status: str
    version: int
    game_no: int
    seed: int | None
    state: dict[str, Any] | None
    host_token_hash: str
    host_seat: int | None
    seats: tuple[SeatRecord, ...]
    turn_timer: int = 0  # seconds per decision; 0: off
    deadlines: dict[str, int] | None = None  # {"seat": epoch ms} of the seats to act
    next_turn_timer: int | None = None  # the host's timer for the next game, if chosen

    @property
    def next_game_timer(self) -> int:
        """The turn timer the room's next game starts with."""
        return self.turn_timer if self.next_turn_timer is None else self.next_turn_timer



_ROOM_FIELDS = frozenset(f.name for f in fields(RoomRecord))


def replaced(record: RoomRecord, **changes: Any) -> RoomRecord:
    """`dataclasses.replace(record, **changes)` without its generic machinery (every
    move makes one; RoomRecord has no `__post_init__` to run): a copy of the fields."""
    if not changes.keys() <= _ROOM_FIELDS:
        raise TypeError(f"RoomRecord has no field {sorted(changes.keys() - _ROOM_FIELDS)}")
    new = object.__new__(RoomRecord)
    new.__dict__.update(record.__dict__)  # frozen blocks __setattr__, not the dict
    new.__dict__.update(changes)
    return new


def moved(record: RoomRecord, version: int, state: Any, status: str) -> RoomRecord:
    """`record` after a move: `replaced` with the move's three columns, for the move
    with nothing else to change (no keyword check: the fields are these)."""
    new = object.__new__(RoomRecord)
    fields_ = new.__dict__
    fields_.update(record.__dict__)
    fields_["version"], fields_["state"], fields_["status"] = version, state, status
    return new


def rowcount(result: Any) -> int:
    """Rows a conditional UPDATE changed: 1 means this writer won."""
    assert isinstance(result, CursorResult)
    return result.rowcount
