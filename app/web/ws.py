"""The WebSocket endpoint /ws/rooms/{code}: one socket per browser tab.

The seat comes from the room's seat cookie; without one the socket is a spectator
(refused if the room has spectators off). Every socket follows the room's channel on the
broker; a `{room, version}` notice makes it load and render ITS viewer's view, so a
hand never travels on the bus and a socket that missed versions gets the newest.
Errors become `error` messages through `wire_error` (app/web/errors.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import orjson
from fastapi import APIRouter, WebSocket
from pydantic import BaseModel, ValidationError
from starlette.websockets import WebSocketDisconnect, WebSocketState

from app.games.base import IllegalMove
from app.i18n import DEFAULT, translations
from app.i18n.games import refusal_text
from app.realtime.broker import channel
from app.realtime.hub import Hub
from app.rooms.errors import NotSeated, RoomError, RoomNotFound, StaleVersion
from app.rooms.live import Frame, LiveRoom
from app.rooms.service import LOG_LINES, RoomService
from app.web.bodies import strict_json
from app.web.deps import get_hub, get_rooms, host_cookie, seat_cookie
from app.web.errors import wire_error
from app.web.language import get_language
from app.web.protocol import (
    MAX_MESSAGE_BYTES,
    BackIn,
    ChatIn,
    ChatOut,
    ErrorOut,
    MoveIn,
    PresenceOut,
    RoomOut,
    client_message,
)
from app.web.render import render_board

log = logging.getLogger(__name__)
router = APIRouter()


def origin_ok(websocket: WebSocket) -> bool:
    """A browser always sends Origin: it must be this site. No Origin: not a browser."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    host = websocket.headers.get("host", "")
    return urlsplit(origin).netloc.lower() == host.lower()


class Bucket:
    """A token bucket: `burst` messages at once, `rate` per second after that."""

    __slots__ = ("at", "burst", "clock", "rate", "tokens")

    def __init__(self, burst: float = 10, rate: float = 1,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.burst, self.rate, self.clock = burst, rate, clock
        self.tokens, self.at = burst, clock()

    def take(self) -> bool:
        self.refill()
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now

    @property
    def empty(self) -> bool:
        self.refill()
        return self.tokens < 1


class Connection:
    __slots__ = ("chat_bucket", "code", "conn", "game_id", "host_token", "html", "hub",
                 "lang", "log_count", "log_game", "rooms", "seat", "send_lock", "sent_status",
                 "sent_version", "stale_bucket", "token", "ws")

    def __init__(self, websocket: WebSocket, rooms: RoomService, hub: Hub, code: str,
                 html: bool, stale_per_minute: int = 120, lang: str = DEFAULT) -> None:
        self.ws, self.rooms, self.hub, self.code, self.html = websocket, rooms, hub, code, html
        self.token = websocket.cookies.get(seat_cookie(code))
        self.host_token = websocket.cookies.get(host_cookie(code))
        self.lang = lang  # read once at connect: a new choice reloads the page
        self.game_id = ""  # the room's game, once the room is loaded (its refusals)
        self.seat: int | None = None
        self.conn = 0
        self.sent_version = -1
        self.sent_status = ""
        self.log_game = -1  # the game whose log this socket holds ...
        self.log_count = 0  # ... and how many of its lines
        self.send_lock = asyncio.Lock()
        self.stale_bucket = Bucket(burst=stale_per_minute, rate=stale_per_minute / 60)
        # the hub's clock (read at each call, so a test can move it like the hub's)
        self.chat_bucket = Bucket(
            clock=lambda: (hub.clock if hub is not None else time.monotonic)())

    async def send_text(self, text: str) -> None:
        async with self.send_lock:
            try:
                await self.ws.send_text(text)
            except RuntimeError as exc:
                # The peer left while a broadcast was on its way: a disconnect, not a
                # failure (Starlette raises WebSocketDisconnected, a RuntimeError).
                raise WebSocketDisconnect(1006) from exc

    async def send(self, message: BaseModel) -> None:
        if isinstance(message, ErrorOut):  # the reason is for a person: in their language
            reason = translations(self.lang).gettext(message.reason)
            if reason == message.reason and self.game_id:  # a game's own refusal
                reason = refusal_text(self.game_id, reason, self.lang)
            message = message.model_copy(update={"reason": reason})
        await self.send_text(message.model_dump_json())

    async def send_room(self) -> None:
        room = await self.rooms.room(self.code)
        is_host = await self.rooms.is_host(self.code, self.host_token)
        self.sent_status = room.status
        await self.send(RoomOut(room=room, seat=self.seat, host=is_host))

    async def send_state(self, reset: bool = False) -> None:
        """This viewer's newest picture (a board for browsers) with the log lines new to
        this socket; then the room, if the status changed (started, finished, reopened).
        The message is made once per (version, viewer, log position) and shared by every
        socket in the same place: see `state_text`."""
        frame = await self.rooms.frame(self.code, self.seat, self.lang)
        if frame.view is not None and (frame.version > self.sent_version or reset):
            reset = reset or frame.game_no != self.log_game or self.log_count > len(frame.log)
            start = max(0, len(frame.log) - LOG_LINES) if reset else self.log_count
            await self.send_text(state_text(frame, self.html, start, reset))
            self.sent_version, self.log_game, self.log_count = (
                frame.version, frame.game_no, len(frame.log))
        if frame.status != self.sent_status:
            await self.send_room()

    async def send_presence(self) -> None:
        hub, code = self.hub, self.code
        await self.send_text(hub.presence_text(code, lambda: PresenceOut(
            seats=sorted(hub.connected_seats(code)), spectators=hub.spectators(code),
            gone=hub.gone_since(code)).model_dump_json()))

    async def greet(self) -> None:
        await self.send_room()
        await self.send_state(reset=True)
        for line in await self.rooms.chat_history(self.code):
            await self.send(ChatOut(**line.model_dump()))
        await self.send_presence()

    async def reseat(self) -> None:
        """Seats changed: who is this socket now? One who may no longer watch (removed
        from a room without spectators) is told and closed (4403)."""
        try:
            seat = await self.rooms.viewer(self.code, self.token)
        except NotSeated as exc:
            await self.send(ErrorOut(code="no_spectators", reason=exc.reason))
            await self.ws.close(code=4403)
            raise WebSocketDisconnect(4403) from exc
        if seat != self.seat:
            self.seat = seat
            await self.hub.move(self.code, self.conn, seat)
            await self.send_state(reset=True)

    async def follow(self, subscriber: Any) -> None:
        """Bus notices -> this socket, rendered for this viewer."""
        async for message in subscriber:
            await self.rooms.on_notice(self.code, message)
            kind = message.get("kind")
            if kind == "state":
                version = message.get("version")
                if not isinstance(version, int) or version > self.sent_version:
                    await self.reseat()
                    await self.send_state()
            elif kind == "room":
                await self.reseat()
                await self.send_room()
            elif kind == "chat":
                await self.send(ChatOut(**message["line"]))
            elif kind == "presence":
                if self.hub.observe(message):
                    await self.hub.answer(self.code)
                await self.send_presence()

    async def read(self) -> None:
        """Client messages -> the room service; each failure is an `error` to this socket."""
        while True:
            frame = await self.ws.receive()
            if frame["type"] == "websocket.disconnect":
                return
            text = frame.get("text")
            if text is None:
                await self.send(ErrorOut(code="malformed", reason="Send text frames of JSON."))
                continue
            if len(text.encode()) > MAX_MESSAGE_BYTES:
                await self.send(ErrorOut(code="too_big", reason="That message is too long."))
                continue
            try:
                await self.handle(client_message.validate_python(strict_json(text)))
            except StaleVersion as exc:
                self.stale_bucket.take()
                await self.send(wire_error(exc))
                await self.send_state(reset=True)
            except (RoomError, IllegalMove, ValidationError, ValueError, RecursionError) as exc:
                await self.send(wire_error(exc))
            except Exception as exc:  # a failure of ours: say so, keep the socket
                log.exception("room %s: message failed", self.code)
                await self.send(wire_error(exc))

    async def handle(self, message: MoveIn | ChatIn | BackIn) -> None:
        if isinstance(message, MoveIn):
            if self.stale_bucket.empty:
                # Stale moves cost a resend each: a client that keeps sending them
                # is slowed down until its bucket refills.
                await self.send(ErrorOut(code="too_fast", reason="Slow down a little."))
                return
            await self.rooms.submit_move(self.code, self.token, message.version, message.move)
        elif isinstance(message, BackIn):
            await self.rooms.back(self.code, self.token)
        elif not self.chat_bucket.take():
            # Chat reaches everyone and is stored: a flood is slowed down. Moves need
            # no bucket: each one that counts needs a new version first.
            await self.send(ErrorOut(code="too_fast", reason="Slow down a little."))
        else:
            await self.rooms.chat_as(self.code, self.token, message.text)


def dumps(message: dict[str, Any]) -> str:
    """A message as JSON text: orjson, ~7x faster than json.dumps for a view (int keys
    become strings, as json.dumps makes them)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def state_text(frame: Frame, html: bool, start: int, reset: bool) -> str:
    """The `board` (or `view`) message of `frame` carrying its log from line `start`:
    rendered and serialised once, then shared through `frame.cache`."""
    key = ("message", html, start, reset)
    text = frame.cache.get(key)
    if text is None:
        assert frame.view is not None
        common: dict[str, Any] = {
            "version": frame.version, "game_no": frame.game_no, "seat": frame.seat,
            "status": frame.status, "names": frame.names, "outcome": frame.outcome,
            "log": frame.log[start:], "log_start": start, "log_reset": reset,
            "timers": frame.timers,
        }
        if html:
            board = frame.cache.get("html")
            if board is None:
                board = frame.cache["html"] = render_board(
                    frame.rules_id, frame.view, frame.seat, frame.names, frame.lang)
            text = dumps({"type": "board", **common, "html": board})
        else:
            text = dumps({"type": "view", **common, "view": frame.view})
        frame.cache[key] = text
    return text


@router.websocket("/ws/rooms/{code}")
async def room_socket(websocket: WebSocket, code: str, format: str = "json") -> None:
    if not origin_ok(websocket):
        await websocket.close(code=1008, reason="foreign origin")  # before accept: HTTP 403
        return
    rooms, hub = get_rooms(websocket), get_hub(websocket)  # the same deps as the API
    settings = websocket.app.state.settings
    connection = Connection(websocket, rooms, hub, code, html=format == "html",
                            stale_per_minute=settings.stale_moves_per_minute,
                            lang=get_language(websocket))
    await websocket.accept()
    client = (websocket.client.host if websocket.client else "", code)
    open_sockets: dict[tuple[str, str], int] = websocket.app.state.open_sockets
    if open_sockets.get(client, 0) >= settings.sockets_per_client_room:
        await connection.send(ErrorOut(code="too_fast", reason="Too many open tabs here."))
        await websocket.close(code=4429)
        return
    open_sockets[client] = open_sockets.get(client, 0) + 1
    try:
        await _follow_room(connection, rooms, hub, code)
    finally:
        open_sockets[client] -= 1
        if not open_sockets[client]:
            del open_sockets[client]


async def _follow_room(connection: Connection, rooms: RoomService, hub: Hub,
                       code: str) -> None:
    websocket = connection.ws
    # Subscribe first, then load: no notice falls between the read and the follow.
    async with rooms.broker.subscribe(channel(code)) as subscriber:
        live = await rooms.watch(code)
        if live is None:
            await connection.send(wire_error(RoomNotFound()))
            await websocket.close(code=4404)
            return
        try:
            await serve(connection, rooms, hub, live, subscriber)
        finally:
            rooms.unwatch(code)
    if websocket.client_state == WebSocketState.CONNECTED:
        with contextlib.suppress(Exception):
            await websocket.close()


async def serve(connection: Connection, rooms: RoomService, hub: Hub, live: LiveRoom,
                subscriber: Any) -> None:
    code, websocket = connection.code, connection.ws
    connection.game_id = live.record.game_id
    try:
        connection.seat = rooms.admit(live, connection.token)
    except NotSeated as exc:
        await connection.send(ErrorOut(code="no_spectators", reason=exc.reason))
        await websocket.close(code=4403)
        return
    connection.conn = await hub.join(code, connection.seat)
    try:
        await connection.greet()
        rooms.nudge_bots(code)  # after a restart, a watched game's bots carry on
        tasks = [asyncio.create_task(connection.read()),
                 asyncio.create_task(connection.follow(subscriber))]
        done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        for task in pending:
            with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect):
                await task
        for task in done:
            failure = task.exception()
            if failure is not None and not isinstance(failure, WebSocketDisconnect):
                log.error("room socket %s failed", code, exc_info=failure)
    except WebSocketDisconnect:
        pass
    finally:
        await hub.leave(code, connection.conn)
