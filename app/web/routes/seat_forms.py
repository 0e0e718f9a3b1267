"""The room's forms: take or leave a seat, start, and the host's seat forms (remove a
player, add a bot, open a bot's seat to a person), "I'm back", play again. Each
redirects back to the room; a refusal comes back in its alert area."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from app.rooms.service import RoomService
from app.web.deps import (
    HostTokenDep,
    LanguageDep,
    RoomsDep,
    SeatTokenDep,
    SettingsDep,
    limit_seat_changes,
    seat_cookie,
    set_token_cookie,
)
from app.web.errors import FormError
from app.web.language import get_language
from app.web.render.words import N_
from app.web.routes.redirects import attempt, back_to

router = APIRouter(include_in_schema=False)


def _seat_index(text: str) -> int:
    try:
        return int(text)
    except ValueError as exc:
        raise FormError(N_("Choose a seat.")) from exc


@router.post("/r/{code}/seat")
async def take_seat(
    request: Request, code: str, rooms: RoomsDep, settings: SettingsDep,
    token: SeatTokenDep, host_token: HostTokenDep, lang: LanguageDep,
) -> Response:
    form = await request.form()

    async def act() -> Response:
        index_text = str(form.get("index", "")).strip()
        index = _seat_index(index_text) if index_text else None
        _seat, new_token = await rooms.take_seat(
            code, str(form.get("name", "")), index, host_token=host_token,
            current_token=token,
        )
        response = back_to(f"/r/{code}")
        set_token_cookie(response, settings, seat_cookie(code), new_token)
        return response

    return await attempt(f"/r/{code}", act, lang)


@router.post("/r/{code}/leave")
async def leave_seat(
    request: Request, code: str, rooms: RoomsDep, token: SeatTokenDep, lang: LanguageDep,
) -> Response:
    """Leave the seat (before the start or after the end); `to=lobby`: and go back to
    the lobby ("Back to the lobby" at the end, so the next game need not wait)."""
    to_lobby = (await request.form()).get("to") == "lobby"

    async def act() -> Response:
        await rooms.leave_seat(code, token)
        response = back_to("/" if to_lobby else f"/r/{code}")
        # the cookie keeps the token: taking a seat again, the person keeps their line
        # in the evening's standings (app/rooms/seating.py: `_returning`)
        return response

    return await attempt(f"/r/{code}", act, lang)


@router.post("/r/{code}/start")
async def start(
    code: str, rooms: RoomsDep, host_token: HostTokenDep, lang: LanguageDep,
) -> Response:
    async def act() -> Response:
        await rooms.start(code, host_token)
        return back_to(f"/r/{code}")

    return await attempt(f"/r/{code}", act, lang)


async def _host_seat_form(
    request: Request, code: str, rooms: RoomService, host_token: str | None,
    act: Callable[[str, str | None, int], Awaitable[Any]],
) -> Response:
    """A host's form about one seat (`seat` field): run `act`, redirect back to the room."""
    form = await request.form()

    async def run() -> Response:
        seat = _seat_index(str(form.get("seat", "")))
        await limit_seat_changes(request, rooms, code, host_token)
        await act(code, host_token, seat)
        return back_to(f"/r/{code}")

    return await attempt(f"/r/{code}", run, get_language(request))


@router.post("/r/{code}/remove")
async def remove_player(
    request: Request, code: str, rooms: RoomsDep, host_token: HostTokenDep
) -> Response:
    """The host empties the seat of a player who has gone: before the start a new person
    may take it; in a running game a good bot takes it over (see `open_seat`)."""
    return await _host_seat_form(request, code, rooms, host_token, rooms.remove_player)


@router.post("/r/{code}/open")
async def open_seat(
    request: Request, code: str, rooms: RoomsDep, host_token: HostTokenDep
) -> Response:
    """The host opens a bot's seat of a running game to a person."""
    return await _host_seat_form(request, code, rooms, host_token, rooms.open_seat)


@router.post("/r/{code}/bot")
async def add_bot(
    request: Request, code: str, rooms: RoomsDep, host_token: HostTokenDep
) -> Response:
    """The host puts a bot of the chosen level (good unless told) in an empty seat."""
    level = str((await request.form()).get("level") or "good")

    async def add(code: str, host_token: str | None, seat: int) -> Any:
        return await rooms.add_bot(code, host_token, seat, level)

    return await _host_seat_form(request, code, rooms, host_token, add)


@router.post("/r/{code}/back")
async def back(code: str, rooms: RoomsDep, token: SeatTokenDep, lang: LanguageDep) -> Response:
    """"I'm back" without JavaScript: the bot that plays for this away seat stops."""
    async def act() -> Response:
        await rooms.back(code, token)
        return back_to(f"/r/{code}")

    return await attempt(f"/r/{code}", act, lang)


@router.post("/r/{code}/rematch")
async def rematch(
    code: str, rooms: RoomsDep, token: SeatTokenDep, host_token: HostTokenDep,
    lang: LanguageDep,
) -> Response:
    async def act() -> Response:
        seated = await rooms.seat_of(code, token) is not None
        new_code = await rooms.rematch(code, token if seated else host_token)
        return back_to(f"/r/{new_code or code}")

    return await attempt(f"/r/{code}", act, lang)
