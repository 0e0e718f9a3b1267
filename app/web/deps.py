"""Dependencies as Annotated aliases, and the cookie names (one seat cookie per room).

The same aliases serve the JSON API, the pages and the WebSocket endpoint: they take an
`HTTPConnection`, which is a request or a socket. The app's parts (settings, games,
rooms, hub) live on `app.state`, put there by `create_app`; only this module reads it.

`st_<code>` holds the seat token, `sth_<code>` the host token: both HttpOnly and
SameSite=Lax, Secure when COOKIE_SECURE is set (behind HTTPS).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import Depends, HTTPException, Response
from starlette.requests import HTTPConnection

from app.games.base import Rules
from app.games.game import Game
from app.realtime.hub import Hub
from app.rooms.service import RoomService
from app.settings import Settings
from app.web.advice import Advisor
from app.web.language import get_language
from app.web.middleware.limits import Limiter

if TYPE_CHECKING:  # feed.py imports the socket side, which imports this module
    from app.web.socket.feed import RoomFeeds

COOKIE_MAX_AGE = 60 * 60 * 24 * 30
Games = dict[str, Rules[Any]]
Registry = Mapping[str, Game]
"""The games the app serves, by id: their registry entries (app/games/registry.py)."""


def seat_cookie(code: str) -> str:
    return f"st_{code}"


def host_cookie(code: str) -> str:
    return f"sth_{code}"


def get_settings(conn: HTTPConnection) -> Settings:
    settings: Settings = conn.app.state.settings
    return settings


def get_games(conn: HTTPConnection) -> Games:
    games: Games = conn.app.state.games
    return games


def get_registry(conn: HTTPConnection) -> Registry:
    registry: Registry = conn.app.state.registry
    return registry


def get_rooms(conn: HTTPConnection) -> RoomService:
    rooms: RoomService | None = getattr(conn.app.state, "rooms", None)
    if rooms is None:  # outside the lifespan (starting or stopping)
        raise HTTPException(503, "Rooms are not available yet.")
    return rooms


def get_hub(conn: HTTPConnection) -> Hub:
    hub: Hub | None = getattr(conn.app.state, "hub", None)
    if hub is None:
        raise HTTPException(503, "Rooms are not available yet.")
    return hub


def get_feeds(conn: HTTPConnection) -> RoomFeeds:
    feeds: RoomFeeds | None = getattr(conn.app.state, "feeds", None)
    if feeds is None:
        raise HTTPException(503, "Rooms are not available yet.")
    return feeds


def get_advisor(conn: HTTPConnection) -> Advisor:
    advisor: Advisor | None = getattr(conn.app.state, "advisor", None)
    if advisor is None:
        raise HTTPException(503, "Rooms are not available yet.")
    return advisor


def get_open_sockets(conn: HTTPConnection) -> dict[tuple[str, str], int]:
    """(client address, room) -> its open sockets (app/web/socket/ws.py limits them)."""
    sockets: dict[tuple[str, str], int] = conn.app.state.open_sockets
    return sockets


def get_limiter(conn: HTTPConnection) -> Limiter:
    limiter: Limiter = conn.app.state.limiter
    return limiter


def client_address(conn: HTTPConnection) -> str:
    """The client's address (the proxy's X-Forwarded-For when uvicorn trusts it)."""
    return conn.client.host if conn.client else "unknown"


def limit_chat(conn: HTTPConnection, code: str) -> None:
    """Chat lines per client address and room: the JSON API and every socket of the
    client share the budget. Call it once the room is known to exist (a made-up code
    must make no key)."""
    get_limiter(conn).take("chat", (client_address(conn), code),
                           get_settings(conn).chat_per_minute)


def limit_new_rooms(conn: HTTPConnection) -> None:
    """Rooms created (API and lobby form), per client address."""
    get_limiter(conn).take("rooms", client_address(conn), get_settings(conn).rooms_per_minute)


def limit_refused_moves(conn: HTTPConnection, code: str) -> None:
    """Moves refused (stale or illegal) over the JSON API, per client address and room."""
    get_limiter(conn).take("refused", (client_address(conn), code),
                           get_settings(conn).refused_moves_per_minute)


async def limit_seat_changes(conn: HTTPConnection, rooms: RoomService, code: str,
                             host_token: str | None) -> None:
    """The host's seat changes (remove, add a bot, open a seat), per client address and
    room: each one reaches every socket of the room. Only the host's count (anyone else
    is refused anyway), once the room is found (a made-up code makes no key)."""
    if await rooms.is_host(code, host_token):
        get_limiter(conn).take("seats", (client_address(conn), code),
                               get_settings(conn).seat_changes_per_minute)


async def limit_settings_changes(conn: HTTPConnection, rooms: RoomService, code: str,
                                 host_token: str | None) -> None:
    """The host's changes of the room's settings, per client address and room, counted
    as the seat changes are (only the host's, once the room is found)."""
    if await rooms.is_host(code, host_token):
        get_limiter(conn).take("settings", (client_address(conn), code),
                               get_settings(conn).settings_changes_per_minute)


def get_seat_token(conn: HTTPConnection, code: str) -> str | None:
    return conn.cookies.get(seat_cookie(code))


def get_host_token(conn: HTTPConnection, code: str) -> str | None:
    return conn.cookies.get(host_cookie(code))


# FastAPI runs a plain `def` dependency in a worker thread (a thread hop per dependency
# per request); these read a dict or a header, so the aliases call them inline.


async def _settings(conn: HTTPConnection) -> Settings:
    return get_settings(conn)


async def _games(conn: HTTPConnection) -> Games:
    return get_games(conn)


async def _registry(conn: HTTPConnection) -> Registry:
    return get_registry(conn)


async def _rooms(conn: HTTPConnection) -> RoomService:
    return get_rooms(conn)


async def _hub(conn: HTTPConnection) -> Hub:
    return get_hub(conn)


async def _seat_token(conn: HTTPConnection, code: str) -> str | None:
    return get_seat_token(conn, code)


async def _host_token(conn: HTTPConnection, code: str) -> str | None:
    return get_host_token(conn, code)


async def _language(conn: HTTPConnection) -> str:
    return get_language(conn)


async def _advisor(conn: HTTPConnection) -> Advisor:
    return get_advisor(conn)


SettingsDep = Annotated[Settings, Depends(_settings)]
GamesDep = Annotated[Games, Depends(_games)]
RegistryDep = Annotated[Registry, Depends(_registry)]
RoomsDep = Annotated[RoomService, Depends(_rooms)]
HubDep = Annotated[Hub, Depends(_hub)]
SeatTokenDep = Annotated[str | None, Depends(_seat_token)]
HostTokenDep = Annotated[str | None, Depends(_host_token)]
LanguageDep = Annotated[str, Depends(_language)]
AdvisorDep = Annotated[Advisor, Depends(_advisor)]


def set_token_cookie(response: Response, settings: Settings, name: str, token: str) -> None:
    response.set_cookie(
        name, token, max_age=COOKIE_MAX_AGE, path="/", httponly=True, samesite="lax",
        secure=settings.cookie_secure,
    )

