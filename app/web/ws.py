"""The WebSocket endpoint /ws/rooms/{code}: one socket per browser tab.

The seat comes from the room's seat cookie; without one the socket is a spectator
(refused if the room has spectators off). The room's feed (feed.py) follows the room's
channel on the broker once for all its sockets here; a `{room, version}` notice makes
each socket send ITS viewer's view (connection.py), so a hand never travels on the bus
and a socket that missed versions gets the newest. Errors become `error` messages
through `wire_error` (app/web/errors.py).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Coroutine
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket
from starlette.routing import WebSocketRoute
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect, WebSocketState

from app.realtime.hub import Hub
from app.rooms.errors import NotSeated, RoomNotFound
from app.rooms.live import LiveRoom
from app.rooms.service import RoomService
from app.web.connection import Connection
from app.web.deps import (
    get_feeds,
    get_host_token,
    get_hub,
    get_open_sockets,
    get_rooms,
    get_seat_token,
    get_settings,
    limit_chat,
)
from app.web.errors import wire_error
from app.web.feed import RoomFeeds
from app.web.language import get_language
from app.web.protocol import ErrorOut
from app.web.wire import protocol_of

log = logging.getLogger(__name__)
router = APIRouter()
SOCKET_PREFIX = "/ws/rooms/"
SOCKET_PATH = SOCKET_PREFIX + "{code}"


def origin_ok(websocket: WebSocket) -> bool:
    """A browser always sends Origin: it must be this site. No Origin: not a browser."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    host = websocket.headers.get("host", "")
    return urlsplit(origin).netloc.lower() == host.lower()


async def room_socket(websocket: WebSocket) -> None:
    """`/ws/rooms/{code}[?format=html[&regions=1]]`."""
    code = websocket.path_params["code"]
    query = websocket.query_params
    html = query.get("format") == "html"
    if not origin_ok(websocket):
        await websocket.close(code=1008, reason="foreign origin")  # before accept: HTTP 403
        return
    # The API's dependencies, called here rather than declared: FastAPI runs a plain
    # `def` dependency in a worker thread, a thread hop each on every connect.
    rooms, hub, settings = get_rooms(websocket), get_hub(websocket), get_settings(websocket)
    connection = Connection(websocket, rooms, hub, code, html=html,
                            regions=html and query.get("regions") == "1",
                            stale_per_minute=settings.stale_moves_per_minute,
                            lang=get_language(websocket),
                            token=get_seat_token(websocket, code),
                            host_token=get_host_token(websocket, code),
                            chat_limit=lambda: limit_chat(websocket, code))
    await websocket.accept()
    connection.protocol = protocol_of(websocket)  # the direct way to send, if there is one
    client = (websocket.client.host if websocket.client else "", code)
    open_sockets = get_open_sockets(websocket)
    if open_sockets.get(client, 0) >= settings.sockets_per_client_room:
        await connection.send(ErrorOut(code="too_fast", reason="Too many open tabs here."))
        await websocket.close(code=4429)
        return
    open_sockets[client] = open_sockets.get(client, 0) + 1
    try:
        await _follow_room(connection, rooms, hub, get_feeds(websocket), code)
    finally:
        open_sockets[client] -= 1
        if not open_sockets[client]:
            del open_sockets[client]


# A plain Starlette route: FastAPI's dependency solving (path and query parameters into
# arguments) was ~6 % of the server's time in a connect storm, for two strings. The app
# hands most sockets to `room_socket` before routing (`room_socket_for`, app/main.py); the
# route serves the rest (an app mounted under a root path) and names the URL.
router.routes.append(WebSocketRoute(SOCKET_PATH, room_socket, name="room_socket"))


def room_socket_for(scope: Scope, receive: Receive,
                    send: Send) -> Coroutine[Any, Any, None] | None:
    """The room socket of a WebSocket scope whose path the route above matches
    (`/ws/rooms/{code}`, a code without "/"), or None: the app's stack routes it.

    What a socket skipped this way: FastAPI's telemetry check, the HTTP middlewares
    (security headers, origin check, body limit: each hands a socket straight on),
    the exception middleware (our handlers answer HTTP requests; the endpoint sends a
    socket's errors itself) and the router's walk past every API route before this
    one: ~10 % of a connect, and a frame of each of them held for as long as the
    socket is open."""
    if scope.get("root_path"):
        return None  # mounted: the router knows the route's path under the root
    path: str = scope["path"]
    if not path.startswith(SOCKET_PREFIX):
        return None
    code = path[len(SOCKET_PREFIX):]
    if not code or "/" in code:
        return None
    scope["path_params"] = {"code": code}
    return room_socket(WebSocket(scope, receive, send))


async def _follow_room(connection: Connection, rooms: RoomService, hub: Hub,
                       feeds: RoomFeeds, code: str) -> None:
    websocket = connection.ws
    # Join the feed first (subscribed), then load: no notice falls between the read
    # and the follow (those that come during the greeting wait in its backlog).
    async with feeds.join(code, connection):
        live = await rooms.watch(code)
        if live is None:
            await connection.send(wire_error(RoomNotFound()))
            await websocket.close(code=4404)
            return
        try:
            await serve(connection, rooms, hub, live)
        finally:
            rooms.unwatch(code)
    if websocket.client_state == WebSocketState.CONNECTED:
        with contextlib.suppress(Exception):
            await websocket.close()


async def serve(connection: Connection, rooms: RoomService, hub: Hub, live: LiveRoom) -> None:
    code, websocket = connection.code, connection.ws
    connection.game_id = live.record.game_id
    connection.seats_epoch = live.seats_epoch
    try:
        connection.seat = rooms.admit(live, connection.token)
    except NotSeated as exc:
        await connection.send(ErrorOut(code="no_spectators", reason=exc.reason))
        await websocket.close(code=4403)
        return
    connection.conn = await hub.join(code, connection.seat)
    try:
        await connection.greet()
        if live.record.status == "playing" and any(s.bot or s.away for s in live.record.seats):
            # After a restart a watched game's bots carry on. Only a game with a bot
            # (or a seat a bot plays for) can have one to act: no task per spectator.
            rooms.nudge_bots(code)
        await connection.read()  # the feed sends the room's news meanwhile
    except WebSocketDisconnect:
        pass
    except Exception:
        log.exception("room socket %s failed", code)
    finally:
        await hub.leave(code, connection.conn)
