"""The wire protocol of /ws/rooms/{code}: pydantic models for every message.

Client -> server: `move`, `chat`, `back`. Server -> client: `view` (JSON clients) or
`board` (browsers, `?format=html`), `room`, `chat`, `presence`, `ack`, `error`.

A `move` or `chat` may carry the client's `id` for it; its answer names it: an `ack`
once it is stored, or the `error` (docs/contracts.md §3).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from app.rooms.models import ChatLine, RoomInfo

MAX_MESSAGE_BYTES = 8 * 1024
MAX_ID_LENGTH = 40
# A client's id for its move or chat line: text, as the client chose it (never a number
# made text, so the answer names it exactly as it was sent).
ClientId = Annotated[str, Field(strict=True, max_length=MAX_ID_LENGTH)]


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class MoveIn(_In):
    type: Literal["move"]
    version: int = Field(ge=0, strict=True)  # as POST /moves: `true`, "2", 1.0 are not
    move: dict[str, Any]
    id: ClientId | None = None


class ChatIn(_In):
    type: Literal["chat"]
    text: str = Field(max_length=2000)
    id: ClientId | None = None


class BackIn(_In):
    """"I'm back" (turn timers): the bot playing for this away seat stops."""

    type: Literal["back"]


ClientMessage = Annotated[MoveIn | ChatIn | BackIn, Field(discriminator="type")]
client_message: TypeAdapter[MoveIn | ChatIn | BackIn] = TypeAdapter(ClientMessage)


class _Out(BaseModel):
    pass


class LogLineOut(BaseModel):
    kind: str
    text: str
    parts: list[tuple[str, int | None]]


class _State(_Out):
    """docs/contracts.md §3: `log` holds only the lines new to this socket, from index
    `log_start` of this game's log; `log_reset` says "replace the whole log"."""

    version: int
    game_no: int
    seat: int | None
    status: str
    names: list[str]
    outcome: dict[str, Any] | None = None
    log: list[LogLineOut]
    log_start: int
    log_reset: bool
    # turn timers: {"deadlines": {"seat": epoch ms}, "away": [seats]}; empty when off
    timers: dict[str, Any] = Field(default_factory=dict)


class ViewOut(_State):
    type: Literal["view"] = "view"
    view: dict[str, Any] | None


class BoardOut(_State):
    type: Literal["board"] = "board"
    html: str


class RoomOut(_Out):
    type: Literal["room"] = "room"
    room: RoomInfo
    seat: int | None
    host: bool = False


class ChatOut(ChatLine):
    type: Literal["chat"] = "chat"


class PresenceOut(_Out):
    type: Literal["presence"] = "presence"
    seats: list[int]
    spectators: int
    gone: dict[int, int] = Field(default_factory=dict)  # seat -> epoch ms it left


class AckOut(_Out):
    """The client's move (`version`: the version it made) or chat line (`version`:
    null) with this `id` is stored. A move's ack comes before the board it made."""

    type: Literal["ack"] = "ack"
    id: str
    version: int | None


class ErrorOut(_Out):
    type: Literal["error"] = "error"
    code: str
    reason: str
    version: int | None = None
    # the refused message's own id; an answer to a message without one has no `id`
    id: str | None = Field(default=None, exclude_if=lambda value: value is None)
