"""Chat of a room: stored, published, kept in the live room for greetings.
Part of RoomService (app/rooms/service.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.rooms import errors
from app.rooms.models import ChatLine
from app.rooms.names import clean_chat

if TYPE_CHECKING:
    from app.rooms.parts import ServiceParts

    _Base = ServiceParts
else:
    _Base = object

CHAT_HISTORY = 50


class Chat(_Base):
    async def chat(self, code: str, seat: int | None, text: Any) -> ChatLine:
        live = await self._live(code)
        text = clean_chat(text)
        if seat is None and not live.record.spectators:
            raise errors.NotSeated("This room does not allow spectators.")
        name = live.record.seats[seat].name if seat is not None else None
        name = name or "Spectator"
        at = await self.repo.add_chat(code, seat, name, text)
        line = ChatLine.said(seat, name, text, at)
        await self._publish(code, {"kind": "chat", "line": line.model_dump()})
        return line

    async def chat_as(self, code: str, token: str | None, text: Any) -> ChatLine:
        """Chat from a socket: who speaks is decided now, from the seat cookie, so a
        player removed meanwhile speaks as a spectator, or not at all."""
        live = await self._live(code)
        return await self.chat(code, live.seat_of(token), text)

    async def chat_history(self, code: str) -> list[ChatLine]:
        live = self.live.rooms.get(code)
        if live is not None:
            return list(live.chat)
        rows = await self.repo.chat(code, CHAT_HISTORY)
        return [ChatLine.said(r.seat, r.name, r.text, r.created_at) for r in rows]
