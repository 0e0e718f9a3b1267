"""One bus subscription per watched room in this process, fanned out to its sockets.

Every socket used to follow the room's channel on its own: N queues, N tasks woken and
N times the same bookkeeping (catching the live room up, presence, the chat line's
text) for each notice. A `RoomFeed` hears each notice once, lets the room service take
it in once, makes what is the same for everyone once, and then hands it to each
connection in turn. A connection posts what it sends to its own outbox and never waits
for its peer (app/web/socket/outbox.py), so one slow socket cannot hold up the others; a
socket that is closed meanwhile is dropped from the feed and its own read loop ends
with the disconnect.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from starlette.websockets import WebSocketDisconnect

from app.realtime.hub import Hub
from app.rooms.service import RoomService
from app.web.socket.connection import Connection
from app.web.socket.protocol import ChatOut

log = logging.getLogger(__name__)

# A notice the room could not take in (its read failed: the database away a moment)
# leaves this process's sockets behind, and nothing else may come to bring them on (the
# last move of a game, a turn that waits on one of them): the feed reads where the room
# stands itself, as after a lost bus (a resync), this long after, then every last one.
RETRY_SECONDS = (0.5, 1.0, 2.0, 5.0)


class RoomFeed:
    def __init__(self, code: str, rooms: RoomService, hub: Hub) -> None:
        self.code, self.rooms, self.hub = code, rooms, hub
        self.connections: dict[Connection, None] = {}  # in joining order
        self.ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        # One notice at a time, the bus's and a retry's alike (uncontended but for one)
        self.turn = asyncio.Lock()
        self.failures = 0  # notices in a row the room could not take in
        self.retry: asyncio.Task[None] | None = None
        self.closed = False
        self.task = asyncio.create_task(self._run(), name=f"feed:{code}")

    async def _run(self) -> None:
        try:
            async with self.rooms.subscribe(self.code) as subscriber:
                self.ready.set_result(None)
                async for message in subscriber:
                    await self.deliver(message)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the bus failed: the sockets waiting must hear of it
            if not self.ready.done():
                self.ready.set_exception(exc)
            else:
                log.exception("the feed of room %s stopped", self.code)
        finally:
            if not self.ready.done():
                self.ready.cancel()

    async def deliver(self, message: dict[str, Any]) -> None:
        """One notice: taken in once, then given to every socket of the room here."""
        async with self.turn:
            await self._deliver(message)

    async def _deliver(self, message: dict[str, Any]) -> None:
        try:
            if not await self.rooms.on_notice(self.code, message):
                return  # a repeat (a notice published again): its sockets had it
            self.failures = 0
            shared: dict[str, str] = {}
            kind = message.get("kind")
            if kind == "chat" and isinstance(message.get("line"), dict):
                shared["chat"] = ChatOut(**message["line"]).model_dump_json()
            elif (kind == "presence" and self.hub.observe(message)) or kind == "resync":
                await self.hub.answer(self.code)  # (after a resync: our reports were lost too)
        except Exception:
            log.exception("room %s: notice %r failed", self.code, message.get("kind"))
            self._retry_later()
            return
        for connection in list(self.connections):
            if connection.backlog is not None:  # still being greeted: it takes it after
                connection.backlog.append(message)
                continue
            try:
                await connection.notice(message, shared)
            except WebSocketDisconnect:
                self.connections.pop(connection, None)  # its read loop ends by itself
            except Exception:
                log.exception("room %s: a socket's notice failed", self.code)
        if kind == "state":
            live = self.rooms.watched(self.code)
            if live is not None:
                live.release()

    def _retry_later(self) -> None:
        delay = RETRY_SECONDS[min(self.failures, len(RETRY_SECONDS) - 1)]
        self.failures += 1
        retry = self.retry
        # (the retry under way, failing, schedules the next: it is as good as done)
        if not self.closed and (retry is None or retry.done()
                                or retry is asyncio.current_task()):
            self.retry = asyncio.create_task(self._resync_after(delay),
                                             name=f"feed-retry:{self.code}")

    async def _resync_after(self, delay: float) -> None:
        await asyncio.sleep(delay)
        await self.deliver({"kind": "resync"})

    def close(self) -> None:
        self.closed = True
        self.task.cancel()
        if self.retry is not None:
            self.retry.cancel()


class RoomFeeds:
    """The feeds of this process, one per room with sockets here."""

    def __init__(self, rooms: RoomService, hub: Hub) -> None:
        self.rooms, self.hub = rooms, hub
        self.feeds: dict[str, RoomFeed] = {}

    @asynccontextmanager
    async def join(self, code: str, connection: Connection) -> AsyncIterator[RoomFeed]:
        """`connection` hears the room's notices from the moment this lets it in (the
        subscription is confirmed) until it leaves."""
        feed = self.feeds.get(code)
        if feed is None:
            feed = self.feeds[code] = RoomFeed(code, self.rooms, self.hub)
        feed.connections[connection] = None
        try:
            await asyncio.shield(feed.ready)
            yield feed
        finally:
            feed.connections.pop(connection, None)
            if not feed.connections and self.feeds.get(code) is feed:
                del self.feeds[code]
                feed.close()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await feed.task

    async def close(self) -> None:
        for feed in list(self.feeds.values()):
            feed.close()
        self.feeds.clear()
