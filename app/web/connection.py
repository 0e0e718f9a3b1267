"""One socket of a room: what it sends (greeting, states, errors) and what it reads.

A `Connection` does not follow the bus itself: the room's feed (app/web/feed.py) hears
each notice once for every socket of the room here and hands it to `notice`. Notices
that arrive while the socket is still being greeted wait in `backlog`, so none falls
between the greeting and the follow.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from typing import Any

from fastapi import WebSocket
from pydantic import BaseModel, ValidationError
from starlette.websockets import WebSocketDisconnect

from app.games.base import IllegalMove
from app.i18n import DEFAULT, translations
from app.i18n.games import refusal_text
from app.realtime.hub import Hub
from app.rooms.errors import NotSeated, RoomError, StaleVersion
from app.rooms.models import ChatLine
from app.rooms.service import LOG_LINES, RoomService
from app.rooms.tokens import token_matches
from app.web.buckets import Bucket
from app.web.errors import wire_error
from app.web.frames_in import read_frames_directly
from app.web.incoming import Move, read_client
from app.web.messages import board_of, state_text
from app.web.protocol import (
    MAX_MESSAGE_BYTES,
    BackIn,
    ChatIn,
    ChatOut,
    ErrorOut,
    PresenceOut,
    RoomOut,
)
from app.web.regions import Board
from app.web.wire import receiver, write_text, write_texts

log = logging.getLogger(__name__)

# How many notices a slow peer may fall behind before it is cut off (`Connection.lag`):
# a few minutes of a lively game.
LAG_LIMIT = 500


class Connection:
    __slots__ = ("_chat_bucket", "_stale_bucket", "backlog", "board", "code", "conn",
                 "game_id", "held", "host_token", "html", "hub", "lagging", "lang",
                 "log_count", "log_game", "protocol", "regions", "rooms", "seat", "seats_epoch",
                 "send_lock", "sent_status", "sent_version", "stale_per_minute", "token",
                 "ws")

    def __init__(self, websocket: WebSocket, rooms: RoomService, hub: Hub, code: str,
                 html: bool, stale_per_minute: int = 120, lang: str = DEFAULT,
                 token: str | None = None, host_token: str | None = None,
                 regions: bool = False) -> None:
        self.ws, self.rooms, self.hub, self.code, self.html = websocket, rooms, hub, code, html
        # A socket that takes regions (docs/contracts.md §3) keeps the board it was last
        # sent and its version (a reference to the frame's own board, no copy): the next
        # message carries only the regions that differ from it.
        self.regions = regions
        self.board: tuple[Board, int] | None = None
        self.token, self.host_token = token, host_token  # the room's cookies (deps.py)
        self.lang = lang  # read once at connect: a new choice reloads the page
        self.game_id = ""  # the room's game, once the room is loaded (its refusals)
        self.seat: int | None = None
        self.seats_epoch = -1  # the live room's seats this socket's admission was checked on
        self.conn = 0
        self.sent_version = -1
        self.sent_status = ""
        self.log_game = -1  # the game whose log this socket holds ...
        self.log_count = 0  # ... and how many of its lines
        self.backlog: list[dict[str, Any]] | None = []  # None once greeted
        self.held: list[str | bytes] | None = None  # the greeting's texts, while it is made
        self.send_lock = asyncio.Lock()
        # The notices a slow peer has not been sent yet, and the task sending them (see
        # `lag`); None while it keeps up.
        self.lagging: tuple[deque[tuple[dict[str, Any], dict[str, str]]],
                            asyncio.Task[None]] | None = None
        self.protocol: Any = None  # uvicorn's, once accepted: sends skip the layers (wire.py)
        # The buckets are made at the first chat line or stale move: most sockets
        # never send either, and an idle socket should cost as little as it can.
        self.stale_per_minute = stale_per_minute
        self._stale_bucket: Bucket | None = None
        self._chat_bucket: Bucket | None = None

    @property
    def stale_bucket(self) -> Bucket:
        if self._stale_bucket is None:
            rate = self.stale_per_minute
            self._stale_bucket = Bucket(burst=rate, rate=rate / 60)
        return self._stale_bucket

    @property
    def chat_bucket(self) -> Bucket:
        if self._chat_bucket is None:
            hub = self.hub  # its clock is read at each call: a test may move it
            self._chat_bucket = Bucket(
                clock=lambda: (hub.clock if hub is not None else time.monotonic)())
        return self._chat_bucket

    async def send_text(self, text: str | bytes) -> None:
        """Send `text` as one text frame: a str, or its UTF-8 bytes (a state message)."""
        if self.held is not None:  # the greeting goes out in one write (greet)
            self.held.append(text)
            return
        # Straight to the transport when the socket is plainly open and no send of
        # this socket is waiting (the order of its messages is kept).
        if (self.protocol is not None and not self.send_lock.locked()
                and write_text(self.ws, self.protocol, text)):
            return
        async with self.send_lock:
            try:
                # (the ordinary way takes a str: a text frame, not a binary one)
                await self.ws.send_text(text if isinstance(text, str) else text.decode())
            except RuntimeError as exc:
                # The peer left while a broadcast was on its way: a disconnect, not a
                # failure (Starlette raises WebSocketDisconnected, a RuntimeError).
                raise WebSocketDisconnect(1006) from exc

    async def send(self, message: BaseModel) -> None:
        if isinstance(message, ErrorOut):  # the reason is for a person: in their language
            reason = translations(self.lang).gettext(message.reason)
            if reason != message.reason:  # (a copy cost more than the dump: English has none)
                message = message.model_copy(update={"reason": reason})
        await self.send_text(message.model_dump_json())

    def refused(self, exc: BaseException) -> ErrorOut:
        """The `error` message for `exc`; a game's refusal said by the game's phrases from
        its kind and data, in this socket's language (the rest: `send` says it)."""
        error = wire_error(exc)
        if isinstance(exc, IllegalMove) and exc.kind is not None and self.game_id:
            reason = refusal_text(self.game_id, exc.kind, exc.data, self.lang, exc.reason)
            error = error.model_copy(update={"reason": reason})
        return error

    async def send_room(self) -> None:
        """The room (seats, status, who is connected), made once per change for all
        the sockets of the room here that share a seat and host rights."""
        hub, code = self.hub, self.code
        live = self.rooms.live.rooms.get(code)
        if live is None:  # not in memory (its last socket is leaving): read as it is
            room = await self.rooms.room(code)
            self.sent_status = room.status
            is_host = await self.rooms.is_host(code, self.host_token)
            await self.send(RoomOut(room=room, seat=self.seat, host=is_host))
            return
        # What the message is made from: the record (frozen, replaced on every change)
        # and the presence it shows.
        key = (live.record, frozenset(hub.connected_seats(code)),
               tuple(sorted(hub.gone_since(code).items())))
        variant = (self.seat, token_matches(self.host_token, live.record.host_token_hash))
        text = hub.shared_text(code, key, variant)
        if text is None:
            room = await self.rooms.room(code)  # in memory: no database, no wait
            text = RoomOut(room=room, seat=variant[0], host=variant[1]).model_dump_json()
            hub.keep_text(code, key, variant, text)
        self.sent_status = live.record.status
        await self.send_text(text)

    async def send_state(self, reset: bool = False) -> None:
        """This viewer's newest picture (a board for browsers) with the log lines new to
        this socket; then the room, if the status changed (started, finished, reopened).
        The message is made once per (version, viewer, log position) and shared by every
        socket in the same place: see `state_text` (a socket taking regions gets those
        that changed since its last board)."""
        live = self.rooms.live.rooms.get(self.code)  # watched: no await on each notice
        if live is not None and live.seats_epoch != self.seats_epoch:
            # Seats changed since this socket was let in (a notice, or the catch-up of
            # a move that lost its version to another process): who is it now? Asked
            # before its picture, so a removed player never gets the seat's new hand.
            seat = self.seat
            await self.reseat()
            if self.seat != seat:
                return  # the new seat's picture is sent (reseat)
        frame = (live.frame(self.seat, self.lang) if live is not None
                 else await self.rooms.frame(self.code, self.seat, self.lang))
        if frame.view is not None and (frame.version > self.sent_version or reset):
            reset = reset or frame.game_no != self.log_game or self.log_count > len(frame.log)
            start = max(0, len(frame.log) - LOG_LINES) if reset else self.log_count
            await self.send_text(state_text(frame, self.html, start, reset, self.board))
            if self.regions:
                self.board = (board_of(frame), frame.version)
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
        """The room, this viewer's state, the chat and presence; then the notices that
        came meanwhile, in order.

        The greeting's messages are held and written together, one write for all of
        them (the same frames): a write to a socket is a system call, and on loopback
        it also delivers to the reader (four writes 19 us of CPU, one 5 us)."""
        held = self.held = []
        try:
            await self.send_room()
            await self.send_state(reset=True)
            said = await self.rooms.chat_history(self.code)
            for line in said:
                await self.send(ChatOut(**line.model_dump()))
            await self.send_presence()
        finally:
            self.held = None
        await self._write_held(held)
        while self.backlog:
            message = self.backlog.pop(0)
            if message.get("kind") == "chat" and _said_already(message, said):
                continue  # stored before the room was read: the greeting had it
            await self.notice(message, {})
        self.backlog = None

    async def _write_held(self, held: list[str | bytes]) -> None:
        """Texts held back (`held`) in one write, or the ordinary way one by one."""
        if (self.protocol is None or self.send_lock.locked()
                or not write_texts(self.ws, self.protocol, held)):
            for text in held:  # not plainly open: the ordinary way, one by one
                await self.send_text(text)

    async def answer_stale(self, exc: StaleVersion) -> None:
        """The `stale` error and the table it points to (the log from its start), in one
        write: the bench's simultaneous choices answer one about every eighth move, and
        each write to a socket is a system call that also delivers to the reader."""
        held = self.held = []
        try:
            await self.send(wire_error(exc))
            await self.send_state(reset=True)
        finally:
            self.held = None
            await self._write_held(held)

    async def reseat(self) -> None:
        """Seats changed: who is this socket now? One who may no longer watch (removed
        from a room without spectators) is told and closed (4403)."""
        live = self.rooms.live.rooms.get(self.code)
        if live is not None:
            self.seats_epoch = live.seats_epoch
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

    def waits(self) -> bool:
        """Whether a notice now would wait for the peer: it reads slowly or not at all
        (its transport paused), or notices wait for it already. (Asked of every socket
        at every notice: two calls. A send of its own waiting on the lock waits for
        the same pause.)"""
        if self.lagging is not None:
            return True
        protocol = self.protocol
        return protocol is not None and not protocol.writable.is_set()

    def lag(self, message: dict[str, Any], shared: dict[str, str]) -> None:
        """Keep a notice for this slow peer: its own task sends them in order, so the
        room's feed, and every other socket of the room, does not wait for it. A peer
        LAG_LIMIT notices behind (a laptop shut mid-game) is cut off; it reconnects to
        a fresh greeting."""
        if self.lagging is None:
            waiting: deque[tuple[dict[str, Any], dict[str, str]]] = deque()
            self.lagging = (waiting, asyncio.create_task(self._send_lagging(waiting)))
        waiting = self.lagging[0]
        if len(waiting) < LAG_LIMIT:
            waiting.append((message, shared))
        elif self.protocol is not None and not self.protocol.transport.is_closing():
            log.info("room %s: a socket %d notices behind is closed", self.code, LAG_LIMIT)
            # (a close frame would wait behind the rest; its waiting send then fails,
            # and its read loop ends with the disconnect)
            self.protocol.transport.abort()

    async def _send_lagging(self, waiting: deque[tuple[dict[str, Any], dict[str, str]]]
                            ) -> None:
        try:
            while waiting:
                await self.notice(*waiting[0])
                waiting.popleft()
        except WebSocketDisconnect:
            pass  # its read loop ends with the disconnect
        except Exception:
            log.exception("room %s: a slow socket's notice failed", self.code)
        finally:
            self.lagging = None

    async def notice(self, message: dict[str, Any], shared: dict[str, str]) -> None:
        """One bus notice, already taken in by the room (the feed did it once), for this
        socket. `shared`: texts the feed made once for every socket (chat)."""
        kind = message.get("kind")
        if kind == "state":
            version = message.get("version")
            if not isinstance(version, int) or version > self.sent_version:
                await self.send_state()  # (which asks first whether seats moved)
        elif kind == "room":
            await self.reseat()
            await self.send_room()
        elif kind == "chat":
            text = shared.get("chat")
            if text is None:
                text = ChatOut(**message["line"]).model_dump_json()
            await self.send_text(text)
        elif kind == "presence":
            await self.send_presence()
        elif kind == "resync":  # the bus lost notices (app/realtime/redis.py): all anew
            await self.reseat()
            await self.send_state()
            await self.send_room()
            await self.send_presence()

    async def read(self) -> None:
        """Client messages -> the room service; each failure is an `error` to this socket."""
        receive = receiver(self.ws, self.protocol)  # straight from uvicorn's queue, if known
        if self.protocol is not None:  # and a lone text frame straight into it (frames_in.py)
            read_frames_directly(self.protocol)
        while True:
            frame = await receive()
            if frame["type"] == "websocket.disconnect":
                return
            text = frame.get("text")
            if text is None:
                await self.send(ErrorOut(code="malformed", reason="Send text frames of JSON."))
                continue
            # A character is 1-4 bytes in UTF-8: only a text that may be over the
            # limit is encoded to count them (a move is ~50 characters).
            if len(text) * 4 > MAX_MESSAGE_BYTES and len(text.encode()) > MAX_MESSAGE_BYTES:
                await self.send(ErrorOut(code="too_big", reason="That message is too long."))
                continue
            try:
                await self.handle(read_client(text))
            except StaleVersion as exc:
                self.stale_bucket.take()
                await self.answer_stale(exc)
            except (RoomError, IllegalMove, ValidationError, ValueError, RecursionError) as exc:
                await self.send(self.refused(exc))
            except WebSocketDisconnect:
                raise
            except Exception as exc:  # a failure of ours: say so, keep the socket
                log.exception("room %s: message failed", self.code)
                await self.send(wire_error(exc))

    async def handle(self, message: Move | ChatIn | BackIn) -> None:
        if isinstance(message, Move):
            if self._stale_bucket is not None and self._stale_bucket.empty:
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


def _said_already(message: dict[str, Any], said: list[ChatLine]) -> bool:
    line = message.get("line")
    return isinstance(line, dict) and any(line == kept.model_dump() for kept in said)
