"""Dependencies as Annotated aliases, and the cookie names (one seat cookie per room).

`st_<code>` holds the seat token, `sth_<code>` the host token: both HttpOnly and
SameSite=Lax, Secure when COOKIE_SECURE is set (behind HTTPS).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request, Response

from app.realtime.hub import Hub
from app.rooms.service import RoomService
from app.settings import Settings

COOKIE_MAX_AGE = 60 * 60 * 24 * 30


def seat_cookie(code: str) -> str:
    return f"st_{code}"


def host_cookie(code: str) -> str:
    return f"sth_{code}"


def get_settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def get_rooms(request: Request) -> RoomService:
    rooms: RoomService = request.app.state.rooms
    return rooms


def get_hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def get_seat_token(request: Request, code: str) -> str | None:
    return request.cookies.get(seat_cookie(code))


def get_host_token(request: Request, code: str) -> str | None:
    return request.cookies.get(host_cookie(code))


SettingsDep = Annotated[Settings, Depends(get_settings)]
RoomsDep = Annotated[RoomService, Depends(get_rooms)]
HubDep = Annotated[Hub, Depends(get_hub)]
SeatTokenDep = Annotated[str | None, Depends(get_seat_token)]
HostTokenDep = Annotated[str | None, Depends(get_host_token)]


def set_token_cookie(response: Response, settings: Settings, name: str, token: str) -> None:
    response.set_cookie(
        name, token, max_age=COOKIE_MAX_AGE, path="/", httponly=True, samesite="lax",
        secure=settings.cookie_secure,
    )


def clear_token_cookie(response: Response, settings: Settings, name: str) -> None:
    response.delete_cookie(
        name, path="/", httponly=True, samesite="lax", secure=settings.cookie_secure
    )
