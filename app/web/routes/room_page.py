"""The room page and its panel (the seats and the controls, re-fetched by the script
when the room changes): the first board, the log and the rules, for whoever looks."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from app.rooms.errors import NotSeated
from app.rooms.records import room_standings
from app.rooms.service import RoomService
from app.web.deps import HostTokenDep, LanguageDep, Registry, RegistryDep, RoomsDep, SeatTokenDep
from app.web.errors import NOT_FOUND
from app.web.render.invite import how_to_play, qr_svg
from app.web.render.loglines import LOG_LINES, log_of
from app.web.render.rulebook import rules_html, rules_lang
from app.web.render.templating import templates
from app.web.routes import forms
from app.web.routes.flash import with_flash
from app.web.routes.next_game_form import game_choices
from app.web.socket.messages import board_of

router = APIRouter(include_in_schema=False)


async def _room_context(
    rooms: RoomService, games: Registry, code: str, token: str | None, host_token: str | None,
    lang: str,
) -> dict[str, Any]:
    info = await rooms.room(code)
    try:
        seat, admitted = await rooms.viewer(code, token), True
    except NotSeated:  # spectators off: the seats to take, but no board and no log
        seat, admitted = None, False
    is_host = await rooms.is_host(code, host_token)
    game = games.get(info.game_id)
    context: dict[str, Any] = {
        "room": info,
        "code": code,
        "seat": seat,
        "is_host": is_host,
        "title": game.rules.title if game else info.game_id,
        "seats": forms.seat_rows(info.seats, rooms.now(), lang),
        "board_html": None,
        "log": [],
        "version": info.version,
        "rules_html": rules_html(game, lang),
        "rules_lang": rules_lang(game, lang),
        "how_to_play": how_to_play(game) if info.status == "waiting" else [],
        "qr_svg": qr_svg,
    }
    if not admitted:
        context["no_spectators"] = True
        return context
    # the evening's standings and the room's history, from the game records
    context["standings"] = await room_standings(rooms, code)
    if is_host and info.status != "playing":
        context["next_games"] = game_choices(games, info)
    # the board the room's sockets are sent, from the same drawn regions (messages.py)
    frame = await rooms.frame(code, seat, lang)
    if frame.view is not None:
        context["version"] = frame.version
        context["log"] = [line["text"] for line in log_of(frame)[-LOG_LINES:]]
        context["board_html"] = board_of(frame).html
    return context


def _not_found(request: Request) -> Response:
    return templates.TemplateResponse(
        request, "not_found.html", {"error": None}, status_code=404
    )


@router.get("/r/{code}", response_class=HTMLResponse)
async def room_page(
    request: Request, code: str, rooms: RoomsDep, games: RegistryDep, token: SeatTokenDep,
    host_token: HostTokenDep, lang: LanguageDep,
) -> Response:
    if code != code.lower():  # a link typed by hand: codes are lower case
        return RedirectResponse(request.url.replace(path=f"/r/{code.lower()}"), 307)
    try:
        context = await _room_context(rooms, games, code, token, host_token, lang)
    except NOT_FOUND:
        return _not_found(request)
    return with_flash(request, lambda error: templates.TemplateResponse(
        request, "room.html", {**context, "error": error}
    ))


@router.get("/r/{code}/panel", response_class=HTMLResponse)
async def room_panel(
    request: Request, code: str, rooms: RoomsDep, games: RegistryDep, token: SeatTokenDep,
    host_token: HostTokenDep, lang: LanguageDep,
) -> Response:
    """The seats and the controls, and the end's (play again, the replay), re-fetched
    by the script when the room changes."""
    try:
        context = await _room_context(rooms, games, code, token, host_token, lang)
    except NOT_FOUND:
        return _not_found(request)
    return templates.TemplateResponse(request, "_live_parts.html", context)
