"""One socket of a room: what it sends (greeting, states, errors) and what it reads.

A `Connection` does not follow the bus itself: the room's feed (app/web/socket/feed.py) hears
each notice once for every socket of the room here and hands it to `notice`. Notices
that arrive while the socket is still being greeted, or while a move or chat line the
client named by an `id` is on its way, wait in `backlog`: none falls between the
greeting and the follow, and a move's `ack` comes before the board it made.

Everything this socket sends is posted to its outbox (app/web/socket/outbox.py): sent in order,
and neither the feed nor the read loop waits for the peer.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
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
from app.rooms.service import RoomService
from app.rooms.tokens import token_matches
from app.web.errors import TooFast, wire_error
from app.web.render.loglines import LOG_LINES, log_of
from app.web.render.regions import Board
from app.web.socket.buckets import Bucket
from app.web.socket.incoming import Move, id_of, read_client
from app.web.socket.messages import board_of, state_text
from app.web.socket.outbox import Outbox
from app.web.socket.protocol import (
    MAX_MESSAGE_BYTES,
    AckOut,
    BackIn,
    ChatIn,
    ChatOut,
    ErrorOut,
    PresenceOut,
    RoomOut,
)

log = logging.getLogger(__name__)

# How many messages a slow peer may fall behind before it is cut off (app/web/socket/outbox.py):
# a few minutes of a lively game.
LAG_LIMIT = 500


class Connection:
    __slots__ = ("_stale_bucket", "backlog", "board", "chat_limit", "code", "conn",
                 "game_id", "host_token", "html", "hub", "lang", "log_count", "log_game",
                 "outbox", "reader", "regions", "rooms", "seat", "seats_epoch", "sent_status",
                 "sent_version", "stale_per_minute", "token", "ws")

    def __init__(self, websocket: WebSocket, rooms: RoomService, hub: Hub, code: str,
                 html: bool, stale_per_minute: int = 120, lang: str = DEFAULT,
                 token: str | None = None, host_token: str | None = None,
                 regions: bool = False,
                 chat_limit: Callable[[], None] | None = None) -> None:
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
        self.outbox = Outbox(websocket, LAG_LIMIT, self._stop_reading)
        self.reader: asyncio.Task[Any] | None = None  # the read loop, while it waits
        # The bucket is made at the first stale move: most sockets never send one, and
        # an idle socket should cost as little as it can.
        self.stale_per_minute = stale_per_minute
        self._stale_bucket: Bucket | None = None
        # Spends a chat line of the client's budget in this room, shared with its other
        # sockets and the JSON API (deps.limit_chat), or raises TooFast.
        self.chat_limit = chat_limit

    @property
    def stale_bucket(self) -> Bucket:
        if self._stale_bucket is None:
            rate = self.stale_per_minute
            self._stale_bucket = Bucket(burst=rate, rate=rate / 60)
        return self._stale_bucket

    def post(self, message: BaseModel) -> None:
        """Send `message` after everything before it (the outbox): never waits."""
        if isinstance(message, ErrorOut):  # the reason is for a person: in their language
            reason = translations(self.lang).gettext(message.reason)
            if reason != message.reason:  # (a copy cost more than the dump: English has none)
                message = message.model_copy(update={"reason": reason})
        self.outbox.post(message.model_dump_json())

    def refused(self, exc: BaseException) -> ErrorOut:
        """The `error` message for `exc`; a game's refusal said by the game's phrases from
        its kind and data, in this socket's language (the rest: `post` says it)."""
        error = wire_error(exc)
        if isinstance(exc, IllegalMove) and exc.kind is not None and self.game_id:
            reason = refusal_text(self.game_id, exc.kind, exc.data, self.lang, exc.reason)
            error = error.model_copy(update={"reason": reason})
        return error

    async def send_room(self) -> None:
        """The room (seats, status, who is connected), made once per change for all
        the sockets of the room here that share a seat and host rights."""
        hub, code = self.hub, self.code
        live = self.rooms.watched(code)
        if live is None:  # not in memory (its last socket is leaving): read as it is
            room = await self.rooms.room(code)
            self.sent_status = room.status
            is_host = await self.rooms.is_host(code, self.host_token)
            self.post(RoomOut(room=room, seat=self.seat, host=is_host))
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
        self.outbox.post(text)

    async def send_state(self, reset: bool = False) -> None:
        """This viewer's newest picture (a board for browsers) with the log lines new to
        this socket; then the room, if the status changed (started, finished, reopened).
        The message is made once per (version, viewer, log position) and shared by every
        socket in the same place: see `state_text` (a socket taking regions gets those
        that changed since its last board)."""
        live = self.rooms.watched(self.code)  # no await on each notice
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
            reset = reset or frame.game_no != self.log_game or self.log_count > len(log_of(frame))
            start = max(0, len(log_of(frame)) - LOG_LINES) if reset else self.log_count
            self.outbox.post(state_text(frame, self.html, start, reset, self.board))
            if self.regions:
                self.board = (board_of(frame), frame.version)
            self.sent_version, self.log_game, self.log_count = (
                frame.version, frame.game_no, len(log_of(frame)))
        if frame.status != self.sent_status:
            await self.send_room()

    async def send_presence(self) -> None:
        hub, code = self.hub, self.code
        self.outbox.post(hub.presence_text(code, lambda: PresenceOut(
            seats=sorted(hub.connected_seats(code)), spectators=hub.spectators(code),
            gone=hub.gone_since(code)).model_dump_json()))

    async def greet(self) -> None:
        """The room, this viewer's state, the chat and presence; then the notices that
        came meanwhile, in order."""
        await self.send_room()
        await self.send_state(reset=True)
        said = await self.rooms.chat_history(self.code)
        for line in said:
            self.post(ChatOut(**line.model_dump()))
        await self.send_presence()
        await self._catch_up(said)

    async def _catch_up(self, said: list[ChatLine] | None = None) -> None:
        """The notices that waited in `backlog`, in order; then the feed's come
        straight here again. `said`: the chat the greeting sent (a line stored before
        the room was read, whose notice came meanwhile, is not sent twice)."""
        while self.backlog:
            message = self.backlog.pop(0)
            if said and message.get("kind") == "chat" and _said_already(message, said):
                continue
            await self.notice(message, {})
        self.backlog = None

    async def answer_stale(self, exc: StaleVersion, ident: str | None = None) -> None:
        """The `stale` error (naming the move's `ident`) and the table it points to
        (the log from its start)."""
        error = wire_error(exc)
        error.id = ident
        self.post(error)
        await self.send_state(reset=True)

    async def reseat(self) -> None:
        """Seats changed: who is this socket now? One who may no longer watch (removed
        from a room without spectators) is told and closed (4403)."""
        live = self.rooms.watched(self.code)
        if live is not None:
            self.seats_epoch = live.seats_epoch
        try:
            seat = await self.rooms.viewer(self.code, self.token)
        except NotSeated as exc:
            self.post(ErrorOut(code="no_spectators", reason=exc.reason))
            self.outbox.close(4403)
            raise WebSocketDisconnect(4403) from exc
        if seat != self.seat:
            self.seat = seat
            await self.hub.move(self.code, self.conn, seat)
            await self.send_state(reset=True)

    def _stop_reading(self) -> None:
        """The outbox cut this socket off (far behind): its read loop ends now, if it
        waits for the peer, else once the message in hand is answered."""
        if self.reader is not None:
            self.reader.cancel()

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
            self.outbox.post(text)
        elif kind == "presence":
            await self.send_presence()
        elif kind == "resync":  # the bus lost notices (app/realtime/redis.py): all anew
            await self.reseat()
            await self.send_state()
            await self.send_room()
            await self.send_presence()

    async def read(self) -> None:
        """Client messages -> the room service; each failure is an `error` to this
        socket. Ends when the peer leaves or the outbox cuts it off."""
        websocket, task = self.ws, asyncio.current_task()
        while not self.outbox.cut:
            self.reader = task
            try:
                frame = await websocket.receive()
            except asyncio.CancelledError:
                # (cancelled by `_stop_reading` alone: the socket ends as a disconnect;
                # any other cancel, the server's, goes on)
                if self.outbox.cut and task is not None and task.uncancel() == 0:
                    return
                raise
            finally:
                self.reader = None
            if frame["type"] == "websocket.disconnect":
                return
            text = frame.get("text")
            if text is None:
                self.post(ErrorOut(code="malformed", reason="Send text frames of JSON."))
                continue
            # A character is 1-4 bytes in UTF-8: only a text that may be over the
            # limit is encoded to count them (a move is ~50 characters).
            if len(text) * 4 > MAX_MESSAGE_BYTES and len(text.encode()) > MAX_MESSAGE_BYTES:
                self.post(ErrorOut(code="too_big", reason="That message is too long.",
                                   id=id_of(text)))
                continue
            await self.take(text)

    async def take(self, text: str) -> None:
        """One client message, answered: an `ack` or an `error` naming its id, if it
        has one (docs/contracts.md §3)."""
        message: Move | ChatIn | BackIn | None = None
        ident: str | None = None
        try:
            message = read_client(text)
            ident = None if isinstance(message, BackIn) else message.id
            if ident is not None:
                self.backlog = []  # the feed's notices wait for the answer (_catch_up)
            await self.handle(message, ident)
        except StaleVersion as exc:
            self.stale_bucket.take()
            await self.answer_stale(exc, ident)
        except (RoomError, IllegalMove, TooFast, ValidationError, ValueError,
                RecursionError) as exc:
            self.post(self._refusal(exc, text, message, ident))
        except WebSocketDisconnect:
            raise
        except Exception as exc:  # a failure of ours: say so, keep the socket
            log.exception("room %s: message failed", self.code)
            self.post(self._refusal(exc, text, message, ident))
        finally:
            if ident is not None:
                await self._catch_up()

    def _refusal(self, exc: BaseException, text: str, message: Move | ChatIn | BackIn | None,
                 ident: str | None) -> ErrorOut:
        error = self.refused(exc)
        # a message that could not be read still names its id, if that was good
        error.id = ident if message is not None else id_of(text)
        return error

    async def handle(self, message: Move | ChatIn | BackIn, ident: str | None = None) -> None:
        """`message` to the room service; a move or chat line with an `ident` is
        acknowledged once it is stored, before the board it made."""
        if isinstance(message, Move):
            if self._stale_bucket is not None and self._stale_bucket.empty:
                # Stale moves cost a resend each: a client that keeps sending them
                # is slowed down until its bucket refills.
                raise TooFast()
            version = await self.rooms.submit_move(self.code, self.token, message.version,
                                                   message.move)
            if ident is not None:
                self.post(AckOut(id=ident, version=version))
        elif isinstance(message, BackIn):
            await self.rooms.back(self.code, self.token)
        else:
            # Chat reaches everyone and is stored: a flood is slowed down. Moves need
            # no bucket: each one that counts needs a new version first.
            if self.chat_limit is not None:
                self.chat_limit()  # raises TooFast
            await self.rooms.chat_as(self.code, self.token, message.text)
            if ident is not None:
                self.post(AckOut(id=ident, version=None))


def _said_already(message: dict[str, Any], said: list[ChatLine]) -> bool:
    line = message.get("line")
    return isinstance(line, dict) and any(line == kept.model_dump() for kept in said)
