"""The bus, both ways, for the room service (app/rooms/service.py): what this process
tells the other processes and its own sockets of a room (a new state, a seat or status
change, a chat line), and what it takes in of theirs before its sockets hear it.

Every notice carries this process's `origin` and a running `id`: a notice published
again after a publish that failed (app/realtime/republish.py) is known by the pair and
taken in once.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import secrets
from contextlib import AbstractAsyncContextManager
from typing import Any

from app.realtime.broker import Broker, Subscriber, channel
from app.realtime.republish import Republisher
from app.rooms.live import LiveRoom, LiveRooms
from app.rooms.locks import RoomLocks
from app.rooms.models import ChatLine

log = logging.getLogger(__name__)

NOTICES_KEPT = 64


class Notices:
    def __init__(self, broker: Broker, live: LiveRooms, locks: RoomLocks) -> None:
        self.broker, self.live, self.locks = broker, live, locks
        self.republish = Republisher(broker)  # what the bus refused, again later
        self.origin = secrets.token_hex(8)
        self._ids = itertools.count(1)

    def subscribe(self, code: str) -> AbstractAsyncContextManager[Subscriber]:
        """The notices of room `code`, from the moment the subscription is confirmed."""
        subscription: AbstractAsyncContextManager[Subscriber] = self.broker.subscribe(
            channel(code))
        return subscription

    async def publish(self, code: str, message: dict[str, Any]) -> None:
        body = {"room": code, "origin": self.origin, "id": next(self._ids), **message}
        try:
            await self.broker.publish(channel(code), body)
        except Exception:  # stored already: this process's sockets hear it anyway, and
            log.exception("publish to room %s failed", code)  # the others soon after
            self.broker.deliver(channel(code), body)
            self.republish.later(channel(code), body)  # (or a resync, redis.py)

    async def announce(self, code: str, state: int | None = None) -> None:
        """Seats or status changed (with `state`: a new game state at that version):
        the live room here reads its record again, then everyone is told."""
        await self._refresh(code)
        if state is None:
            await self.publish(code, {"kind": "room"})
        else:
            await self.publish(code, {"kind": "state", "version": state})

    async def _refresh(self, code: str) -> None:
        """This process changed seats or status: its live room reads the record again
        (after its first read, if that is under way: it may have read the room before
        the change, and the change's own notice is then not read again)."""
        live = await self.live.settled(code)
        if live is not None:
            async with self.locks(code):
                await self.live.catch_up(live)

    async def take_in(self, code: str, message: dict[str, Any]) -> bool:
        """A bus message for a watched room, taken in once by the room's feed
        (app/web/socket/feed.py) before its sockets hear it. False: a repeat of a chat line or
        room notice already taken in (published again after a publish that failed,
        app/realtime/republish.py), which the sockets here have had; it waits for the
        first to be taken in."""
        live = self.live.rooms.get(code)
        # Its first read may be under way: that read may have begun before the change
        # this notice tells of, even a change of this process's.
        reading = live is None
        if live is None:
            live = await self.live.settled(code)
            if live is None:
                return True
        kind, version = message.get("kind"), message.get("version")
        if kind == "resync":  # the bus lost what was published meanwhile: read it
            async with self.locks(code):
                await self.live.catch_up(live)
            return True
        if kind == "state" and isinstance(version, int):
            if live.version < version:  # another process moved (this one's are in)
                await self.live.ensure(code, version)
            return True  # (a repeat asks for nothing: the version is no newer)
        if message.get("id") is None:  # presence: each report stands on its own
            return True
        return await self._take_once(code, live, message, reading)

    async def _take_once(self, code: str, live: LiveRoom, message: dict[str, Any],
                         reading: bool) -> bool:
        """A chat line or room notice, taken in unless `live` had it (by its origin and
        id) or its chat already holds the line; `reading`: `live`'s first read was under
        way when the notice came."""
        kind = message.get("kind")
        key = f"{message.get('origin')}:{message.get('id')}"
        pending = live.notices.get(key)
        if pending is not None:
            await asyncio.shield(pending)
            return False
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        live.notices[key] = done
        while len(live.notices) > NOTICES_KEPT:
            del live.notices[next(iter(live.notices))]
        try:
            if kind == "chat" and isinstance(message.get("line"), dict):
                line = ChatLine(**message["line"])
                # The room's first read may have had it (said after this process
                # subscribed, before that read): kept once. (Chat is rare; the scan of
                # 50 lines is nothing.)
                if line in live.chat:
                    return False  # (every socket here had it: greeted with it, or told)
                live.chat.append(line)
            elif kind == "room" and (reading or message.get("origin") != self.origin):
                async with self.locks(code):
                    await self.live.catch_up(live)
        finally:
            done.set_result(None)
        return True

    async def close(self) -> None:
        await self.republish.close()
