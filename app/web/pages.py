"""HTML pages: the lobby, the room, the rules. Plain forms that POST and redirect, so
every action works without JavaScript; static/app.js adds the live board on top.

The pages reach the RoomService, the games and the cookies through the same Annotated
dependencies as the API (app/web/deps.py); they hold no game logic. A refused action
redirects back with the error's readable message (app/web/errors.py) in the alert area.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import quote, urlsplit

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from app.games.base import options_schema
from app.i18n import DEFAULT
from app.rooms.errors import NotSeated
from app.rooms.names import clean_name
from app.rooms.records import finished_games
from app.rooms.service import RoomService
from app.web import forms
from app.web.blurbs import blurb
from app.web.card_samples import CARD_SAMPLES
from app.web.card_samples import WORDS as CARD_WORDS
from app.web.deps import (
    Games,
    GamesDep,
    HostTokenDep,
    LanguageDep,
    RoomsDep,
    SeatTokenDep,
    SettingsDep,
    clear_token_cookie,
    host_cookie,
    limit_new_rooms,
    seat_cookie,
    set_token_cookie,
)
from app.web.errors import NOT_FOUND, USER_ERRORS, FormError, alert_message
from app.web.language import get_language
from app.web.render import render_board
from app.web.rulebook import rules_html, rules_lang
from app.web.templating import Pages
from app.web.words import N_

router = APIRouter(include_in_schema=False)
templates = Pages()


def _games(games: Games) -> list[dict[str, Any]]:
    return [
        {
            "id": rules.id,
            "title": rules.title,
            "min_players": rules.min_players,
            "max_players": rules.max_players,
            "options": options_schema(rules.Options),
            "has_rules": rules_html(rules.id) is not None,
            "blurb": blurb(rules.id)[0],
            "time": blurb(rules.id)[1],
            "quick_seats": min(max(rules.min_players, 3), rules.max_players),
        }
        for rules in sorted(games.values(), key=lambda r: r.title)
    ]


def _back(path: str, error: str | None = None) -> RedirectResponse:
    target = path if error is None else f"{path}?error={quote(error)}"
    return RedirectResponse(target, status_code=303)


async def _attempt(path: str, action: Callable[[], Awaitable[Response]],
                   lang: str = DEFAULT) -> Response:
    """Run a form's action; a refusal goes back to `path` with its readable message, in
    the viewer's language (a message with numbers or a field's name is said here: the
    page can translate only a message id)."""
    try:
        return await action()
    except USER_ERRORS as exc:
        return _back(path, alert_message(exc, lang))


@router.get("/", response_class=HTMLResponse)
async def lobby(
    request: Request, rooms: RoomsDep, games: GamesDep, error: str | None = None
) -> Response:
    public = await rooms.public_rooms()
    return templates.TemplateResponse(
        request, "lobby.html", {"games": _games(games), "public_rooms": public, "error": error}
    )


@router.post("/rooms")
async def create_room(
    request: Request, rooms: RoomsDep, games: GamesDep, settings: SettingsDep,
    lang: LanguageDep,
) -> Response:
    form = await request.form()
    rules = games.get(str(form.get("game", "")))
    if rules is None:
        return _back("/", N_("Choose a game."))

    async def act() -> Response:
        limit_new_rooms(request)  # over the limit: the lobby's alert says so
        params = forms.room_params(rules, form)
        info, host_token = await rooms.create_room(rules.id, **params)
        response = _back(f"/r/{info.code}")
        set_token_cookie(response, settings, host_cookie(info.code), host_token)
        return response

    return await _attempt("/", act, lang)


@router.post("/play")
async def play_with_bots(
    request: Request, rooms: RoomsDep, games: GamesDep, settings: SettingsDep,
    lang: LanguageDep,
) -> Response:
    """One click: a private room of the game with you in seat 1, bots in the other
    seats, started at once. The game's default options and player count."""
    form = await request.form()
    rules = games.get(str(form.get("game", "")))
    if rules is None:
        return _back("/", N_("Choose a game."))
    seats = min(max(rules.min_players, 3), rules.max_players)

    async def act() -> Response:
        # the name is checked before anything is made: a bad one leaves no room behind
        name = clean_name(str(form.get("name", "")).strip() or "Guest")
        info, host_token = await rooms.create_room(rules.id, None, seats, False, True)
        _seat, token = await rooms.take_seat(info.code, name, 0, host_token=host_token)
        for seat in range(1, seats):
            await rooms.add_bot(info.code, host_token, seat)
        await rooms.start(info.code, host_token)
        response = _back(f"/r/{info.code}")
        set_token_cookie(response, settings, host_cookie(info.code), host_token)
        set_token_cookie(response, settings, seat_cookie(info.code), token)
        return response

    return await _attempt("/", act, lang)


@router.get("/join")
async def join(code: str = "") -> Response:
    """Join by code: accepts a bare code or a pasted room link."""
    text = code.strip()
    path = urlsplit(text).path.rstrip("/")
    text = path.rsplit("/", 1)[-1] if "/" in path else text
    if not text.isalnum():
        return _back("/", N_("That is not a room code."))
    return _back(f"/r/{text}")


@router.get("/rules/{game_id}", response_class=HTMLResponse)
async def rules_page(
    request: Request, game_id: str, games: GamesDep, lang: LanguageDep
) -> Response:
    rules = games.get(game_id)
    text = rules_html(rules.id, lang) if rules is not None else None
    if rules is None or text is None:
        raise HTTPException(404, "No such game.")
    return templates.TemplateResponse(
        request, "rules.html",
        {"title": rules.title, "rules_html": text, "rules_lang": rules_lang(rules.id, lang)}
    )


@router.get("/cards", response_class=HTMLResponse)
async def card_faces(request: Request, games: GamesDep) -> Response:
    """Every card face side by side, for review."""
    return templates.TemplateResponse(
        request, "cards.html",
        {"samples": CARD_SAMPLES, "words": CARD_WORDS, "game_ids": sorted(games)}
    )


async def _room_context(
    rooms: RoomService, games: Games, code: str, token: str | None, host_token: str | None,
    lang: str,
) -> dict[str, Any]:
    info = await rooms.room(code)
    try:
        seat, admitted = await rooms.viewer(code, token), True
    except NotSeated:  # spectators off: the seats to take, but no board and no log
        seat, admitted = None, False
    is_host = await rooms.is_host(code, host_token)
    rules = games.get(info.game_id)
    context: dict[str, Any] = {
        "room": info,
        "code": code,
        "seat": seat,
        "is_host": is_host,
        "title": rules.title if rules else info.game_id,
        "seats": forms.seat_rows(info.seats, rooms.clock(), lang),
        "board_html": None,
        "log": [],
        "version": info.version,
        "rules_html": rules_html(info.game_id, lang),
        "rules_lang": rules_lang(info.game_id, lang),
    }
    if not admitted:
        context["no_spectators"] = True
        return context
    context["games_played"] = await finished_games(rooms, code)  # their replays
    snap = await rooms.snapshot(code, seat, lang=lang)
    if snap.view is not None:
        context["version"] = snap.version
        context["log"] = snap.log
        context["board_html"] = render_board(info.game_id, snap.view, seat, snap.names, lang)
    return context


def _not_found(request: Request) -> Response:
    return templates.TemplateResponse(
        request, "not_found.html", {"error": None}, status_code=404
    )


@router.get("/r/{code}", response_class=HTMLResponse)
async def room_page(
    request: Request, code: str, rooms: RoomsDep, games: GamesDep, token: SeatTokenDep,
    host_token: HostTokenDep, lang: LanguageDep, error: str | None = None,
) -> Response:
    try:
        context = await _room_context(rooms, games, code, token, host_token, lang)
    except NOT_FOUND:
        return _not_found(request)
    context["error"] = error
    return templates.TemplateResponse(request, "room.html", context)


@router.get("/r/{code}/panel", response_class=HTMLResponse)
async def room_panel(
    request: Request, code: str, rooms: RoomsDep, games: GamesDep, token: SeatTokenDep,
    host_token: HostTokenDep, lang: LanguageDep,
) -> Response:
    """The seats and the controls, re-fetched by the script when the room changes."""
    try:
        context = await _room_context(rooms, games, code, token, host_token, lang)
    except NOT_FOUND:
        return _not_found(request)
    return templates.TemplateResponse(request, "_panel.html", context)


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
        response = _back(f"/r/{code}")
        set_token_cookie(response, settings, seat_cookie(code), new_token)
        return response

    return await _attempt(f"/r/{code}", act, lang)


@router.post("/r/{code}/leave")
async def leave_seat(
    code: str, rooms: RoomsDep, settings: SettingsDep, token: SeatTokenDep, lang: LanguageDep,
) -> Response:
    async def act() -> Response:
        await rooms.leave_seat(code, token)
        response = _back(f"/r/{code}")
        clear_token_cookie(response, settings, seat_cookie(code))
        return response

    return await _attempt(f"/r/{code}", act, lang)


@router.post("/r/{code}/start")
async def start(
    code: str, rooms: RoomsDep, host_token: HostTokenDep, lang: LanguageDep,
) -> Response:
    async def act() -> Response:
        await rooms.start(code, host_token)
        return _back(f"/r/{code}")

    return await _attempt(f"/r/{code}", act, lang)


async def _host_seat_form(
    request: Request, code: str, host_token: str | None,
    act: Callable[[str, str | None, int], Awaitable[Any]],
) -> Response:
    """A host's form about one seat (`seat` field): run `act`, redirect back to the room."""
    form = await request.form()

    async def run() -> Response:
        await act(code, host_token, _seat_index(str(form.get("seat", ""))))
        return _back(f"/r/{code}")

    return await _attempt(f"/r/{code}", run, get_language(request))


@router.post("/r/{code}/remove")
async def remove_player(
    request: Request, code: str, rooms: RoomsDep, host_token: HostTokenDep
) -> Response:
    """The host empties the seat of a player who has gone; a new person may take it."""
    return await _host_seat_form(request, code, host_token, rooms.remove_player)


@router.post("/r/{code}/bot")
async def add_bot(
    request: Request, code: str, rooms: RoomsDep, host_token: HostTokenDep
) -> Response:
    """The host puts a bot of the chosen level (good unless told) in an empty seat."""
    level = str((await request.form()).get("level") or "good")

    async def add(code: str, host_token: str | None, seat: int) -> Any:
        return await rooms.add_bot(code, host_token, seat, level)

    return await _host_seat_form(request, code, host_token, add)


@router.post("/r/{code}/back")
async def back(code: str, rooms: RoomsDep, token: SeatTokenDep, lang: LanguageDep) -> Response:
    """"I'm back" without JavaScript: the bot that plays for this away seat stops."""
    async def act() -> Response:
        await rooms.back(code, token)
        return _back(f"/r/{code}")

    return await _attempt(f"/r/{code}", act, lang)


@router.post("/r/{code}/rematch")
async def rematch(
    code: str, rooms: RoomsDep, token: SeatTokenDep, host_token: HostTokenDep,
    lang: LanguageDep,
) -> Response:
    async def act() -> Response:
        seated = await rooms.seat_of(code, token) is not None
        new_code = await rooms.rematch(code, token if seated else host_token)
        return _back(f"/r/{new_code or code}")

    return await _attempt(f"/r/{code}", act, lang)
