"""The WebSocket endpoint /ws/rooms/{code}: one socket per browser tab.

The seat comes from the room's seat cookie; without one the socket is a spectator
(refused if the room has spectators off). The room's feed (feed.py) follows the room's
channel on the broker once for all its sockets here; a `{room, version}` notice makes
each socket send ITS viewer's view (connection.py), so a hand never travels on the bus
and a socket that missed versions gets the newest. Errors become `error` messages
through `wire_error` (app/web/errors.py).

A socket comes through the app's whole stack like any request: the Origin check
(app/web/middleware/csrf.py: a socket from another site is refused before it is accepted), the
router. What it sends goes through Starlette's `WebSocket`, by the connection's outbox.
"""

from __future__ import annotations

import logging

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect, WebSocketState

from app.realtime.hub import Hub
from app.rooms.errors import NotSeated, RoomNotFound
from app.rooms.live import LiveRoom
from app.rooms.service import RoomService
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
from app.web.language import get_language
from app.web.socket.connection import Connection
from app.web.socket.feed import RoomFeeds
from app.web.socket.protocol import ErrorOut

log = logging.getLogger(__name__)
router = APIRouter()
SOCKET_PATH = "/ws/rooms/{code}"


async def room_socket(websocket: WebSocket) -> None:
    """`/ws/rooms/{code}[?format=html[&regions=1]]`."""
    code = websocket.path_params["code"]
    query = websocket.query_params
    html = query.get("format") == "html"
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
    client = (websocket.client.host if websocket.client else "", code)
    open_sockets = get_open_sockets(websocket)
    try:
        if open_sockets.get(client, 0) >= settings.sockets_per_client_room:
            connection.post(ErrorOut(code="too_fast", reason="Too many open tabs here."))
            connection.outbox.close(4429)
            return
        open_sockets[client] = open_sockets.get(client, 0) + 1
        try:
            await _follow_room(connection, rooms, hub, get_feeds(websocket), code)
        finally:
            open_sockets[client] -= 1
            if not open_sockets[client]:
                del open_sockets[client]
    finally:
        # What is posted goes out before the endpoint returns (the server closes the
        # connection then); a close ends it, unless the peer has closed it already.
        if websocket.client_state == WebSocketState.CONNECTED:
            connection.outbox.close()
        await connection.outbox.drained()


# A plain Starlette route: FastAPI's dependency solving (path and query parameters into
# arguments) was ~6 % of the server's time in a connect storm, for two strings.
router.add_websocket_route(SOCKET_PATH, room_socket, name="room_socket")


async def _follow_room(connection: Connection, rooms: RoomService, hub: Hub,
                       feeds: RoomFeeds, code: str) -> None:
    # Join the feed first (subscribed), then load: no notice falls between the read
    # and the follow (those that come during the greeting wait in its backlog).
    async with feeds.join(code, connection):
        live = await rooms.watch(code)
        if live is None:
            connection.post(wire_error(RoomNotFound()))
            connection.outbox.close(4404)
            return
        try:
            await serve(connection, rooms, hub, live)
        finally:
            rooms.unwatch(code)


async def serve(connection: Connection, rooms: RoomService, hub: Hub, live: LiveRoom) -> None:
    code = connection.code
    connection.game_id = live.record.game_id
    connection.seats_epoch = live.seats_epoch
    try:
        connection.seat = rooms.admit(live, connection.token)
    except NotSeated as exc:
        connection.post(ErrorOut(code="no_spectators", reason=exc.reason))
        connection.outbox.close(4403)
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
