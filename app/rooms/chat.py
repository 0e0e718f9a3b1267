"""Chat of a room: stored, published, kept in the live room for greetings. A part of
the room service (app/rooms/service.py)."""

from __future__ import annotations

from typing import Any

from app.db.repository import Repository
from app.rooms import errors
from app.rooms.live import CHAT_HISTORY, LiveRooms
from app.rooms.models import ChatLine
from app.rooms.names import clean_chat
from app.rooms.notices import Notices


class Chat:
    def __init__(self, repo: Repository, live: LiveRooms, notices: Notices) -> None:
        self.repo, self.live, self.notices = repo, live, notices

    async def say(self, code: str, seat: int | None, text: Any) -> ChatLine:
        """A line said by `seat` (None: a spectator)."""
        live = await self.live.current(code)
        text = clean_chat(text)
        if seat is None and not live.record.spectators:
            raise errors.NotSeated("This room does not allow spectators.")
        name = live.record.seats[seat].name if seat is not None else None
        name = name or "Spectator"
        at = await self.repo.add_chat(code, seat, name, text)
        line = ChatLine.said(seat, name, text, at)
        await self.notices.publish(code, {"kind": "chat", "line": line.model_dump()})
        return line

    async def say_as(self, code: str, token: str | None, text: Any) -> ChatLine:
        """Chat from a socket: who speaks is decided now, from the seat cookie, so a
        player removed meanwhile speaks as a spectator, or not at all."""
        live = await self.live.current(code)
        return await self.say(code, live.seat_of(token), text)

    async def history(self, code: str) -> list[ChatLine]:
        """The last lines said (CHAT_HISTORY), oldest first."""
        live = self.live.rooms.get(code)
        if live is not None:
            return list(live.chat)
        rows = await self.repo.chat(code, CHAT_HISTORY)
        return [ChatLine.said(r.seat, r.name, r.text, r.created_at) for r in rows]
