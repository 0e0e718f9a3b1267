"""HTML pages: the lobby, the room, the rules. Plain forms that POST and redirect, so
every action works without JavaScript; static/app.js adds the live board on top.

The pages only call the RoomService on `app.state.rooms`; they hold no game logic.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import quote, urlsplit

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates

from app.games.base import options_schema
from app.games.registry import GAMES
from app.rooms.errors import NotSeated
from app.rooms.names import clean_name
from app.web import forms
from app.web.blurbs import blurb
from app.web.deps import clear_token_cookie, host_cookie, seat_cookie, set_token_cookie
from app.web.render import environment, render_board
from app.web.rulebook import rules_html

router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(env=environment())


def _rooms(request: Request) -> Any:
    rooms = getattr(request.app.state, "rooms", None)
    if rooms is None:
        raise HTTPException(503, "Rooms are not available.")
    return rooms


def _games() -> list[dict[str, Any]]:
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
        for rules in sorted(GAMES.values(), key=lambda r: r.title)
    ]


def _back(path: str, error: str | None = None) -> RedirectResponse:
    target = path if error is None else f"{path}?error={quote(error)}"
    return RedirectResponse(target, status_code=303)


@router.get("/", response_class=HTMLResponse)
async def lobby(request: Request, error: str | None = None) -> Response:
    rooms = getattr(request.app.state, "rooms", None)
    public = await rooms.public_rooms() if rooms is not None else []
    return templates.TemplateResponse(
        request, "lobby.html", {"games": _games(), "public_rooms": public, "error": error}
    )


@router.post("/rooms")
async def create_room(request: Request) -> Response:
    form = await request.form()
    rules = GAMES.get(str(form.get("game", "")))
    if rules is None:
        return _back("/", "Choose a game.")
    try:
        params = forms.room_params(rules, form)
        info, host_token = await _rooms(request).create_room(rules.id, **params)
    except forms.USER_ERRORS as exc:
        return _back("/", forms.message(exc))
    response = _back(f"/r/{info.code}")
    set_token_cookie(response, request.app.state.settings, host_cookie(info.code), host_token)
    return response


@router.post("/play")
async def play_with_bots(request: Request) -> Response:
    """One click: a private room of the game with you in seat 1, bots in the other
    seats, started at once. The game's default options and player count."""
    form = await request.form()
    rules = GAMES.get(str(form.get("game", "")))
    if rules is None:
        return _back("/", "Choose a game.")
    rooms = _rooms(request)
    seats = min(max(rules.min_players, 3), rules.max_players)
    try:
        # the name is checked before anything is made: a bad one leaves no room behind
        name = clean_name(str(form.get("name", "")).strip() or "Guest")
        info, host_token = await rooms.create_room(rules.id, None, seats, False, True)
        _seat, token = await rooms.take_seat(info.code, name, 0, host_token=host_token)
        for seat in range(1, seats):
            await rooms.add_bot(info.code, host_token, seat)
        await rooms.start(info.code, host_token)
    except forms.USER_ERRORS as exc:
        return _back("/", forms.message(exc))
    response = _back(f"/r/{info.code}")
    settings = request.app.state.settings
    set_token_cookie(response, settings, host_cookie(info.code), host_token)
    set_token_cookie(response, settings, seat_cookie(info.code), token)
    return response


@router.get("/join")
async def join(code: str = "") -> Response:
    """Join by code: accepts a bare code or a pasted room link."""
    text = code.strip()
    path = urlsplit(text).path.rstrip("/")
    text = path.rsplit("/", 1)[-1] if "/" in path else text
    if not text.isalnum():
        return _back("/", "That is not a room code.")
    return _back(f"/r/{text}")


@router.get("/rules/{game_id}", response_class=HTMLResponse)
async def rules_page(request: Request, game_id: str) -> Response:
    rules = GAMES.get(game_id)
    text = rules_html(game_id)
    if rules is None or text is None:
        raise HTTPException(404, "No such game.")
    return templates.TemplateResponse(
        request, "rules.html", {"title": rules.title, "rules_html": text}
    )


# (classes after "card--", data-card, face text, small print): as the boards draw them.
CARD_SAMPLES = [
    ("Null Bock!", [("doe", "D3", "3 doe", ""), ("doe card--pretentious", "D7+", "7+ doe", ""),
                    ("doe", "D15", "15 doe", ""), ("stag", "S9", "9 stag", ""),
                    ("nullbock", "S0", "0 Null Bock", ""), ("back", "", "", "")]),
    ("Stier zoekt Bier", [("beer card--lager", "L3", "3 lager", ""),
                          ("beer card--white", "W2", "2 white", ""),
                          ("beer card--dark", "D4", "4 dark", ""),
                          ("beer card--ale", "A5", "5 ale", ""),
                          ("bull card--lager", "B1", "Lenny Lager", "(10: 2 pts, 19: 4 pts)"),
                          ("boss", "BOSS", "Beer boss", ""), ("back", "", "", "")]),
    ("Four pints, please", [("beer", "Lager", "Lager", "£3 · 1 pt"),
                            ("beer", "Red Ale", "Red Ale", "£5 · 3 pt"),
                            ("beer", "Stout", "Stout", "£6 · 4 pt"),
                            ("beer", "IPA", "IPA", "£7 · 5 pt"),
                            ("money", "£3", "£3", ""), ("buying", "Pistachios", "Pistachios", ""),
                            ("spilled", "Spilled pint", "-1 Spilled pint", ""),
                            ("back", "", "23", "")]),
    ("Bullenparty", [("number", "7", "7", "4"), ("number", "55", "55", "7"),
                     ("bull", "B7", "7", ""), ("zero", "0A", "0A", ""), ("back", "", "", "")]),
]


@router.get("/cards", response_class=HTMLResponse)
async def card_faces(request: Request) -> Response:
    """Every card face side by side, for review."""
    return templates.TemplateResponse(
        request, "cards.html", {"samples": CARD_SAMPLES, "game_ids": sorted(GAMES)}
    )


async def _room_context(request: Request, code: str) -> dict[str, Any]:
    rooms = _rooms(request)
    info = await rooms.room(code)
    token = request.cookies.get(seat_cookie(code))
    host_token = request.cookies.get(host_cookie(code))
    try:
        seat, admitted = await rooms.viewer(code, token), True
    except NotSeated:  # spectators off: the seats to take, but no board and no log
        seat, admitted = None, False
    is_host = await rooms.is_host(code, host_token)
    rules = GAMES.get(info.game_id)
    context: dict[str, Any] = {
        "room": info,
        "code": code,
        "seat": seat,
        "is_host": is_host,
        "title": rules.title if rules else info.game_id,
        "seats": forms.seat_rows(info.seats),
        "board_html": None,
        "log": [],
        "version": info.version,
        "rules_html": rules_html(info.game_id),
    }
    if not admitted:
        context["no_spectators"] = True
        return context
    snap = await rooms.snapshot(code, seat)
    if snap.view is not None:
        context["version"] = snap.version
        context["log"] = snap.log
        context["board_html"] = render_board(info.game_id, snap.view, seat, snap.names)
    return context


def _not_found(request: Request) -> Response:
    return templates.TemplateResponse(
        request, "not_found.html", {"error": None}, status_code=404
    )


@router.get("/r/{code}", response_class=HTMLResponse)
async def room_page(request: Request, code: str, error: str | None = None) -> Response:
    try:
        context = await _room_context(request, code)
    except forms.NOT_FOUND:
        return _not_found(request)
    context["error"] = error
    return templates.TemplateResponse(request, "room.html", context)


@router.get("/r/{code}/panel", response_class=HTMLResponse)
async def room_panel(request: Request, code: str) -> Response:
    """The seats and the controls, re-fetched by the script when the room changes."""
    try:
        context = await _room_context(request, code)
    except forms.NOT_FOUND:
        return _not_found(request)
    return templates.TemplateResponse(request, "_panel.html", context)


@router.post("/r/{code}/seat")
async def take_seat(request: Request, code: str) -> Response:
    form = await request.form()
    index_text = str(form.get("index", "")).strip()
    try:
        index = int(index_text) if index_text else None
        _seat, token = await _rooms(request).take_seat(
            code,
            str(form.get("name", "")),
            index,
            host_token=request.cookies.get(host_cookie(code)),
            current_token=request.cookies.get(seat_cookie(code)),
        )
    except ValueError:
        return _back(f"/r/{code}", "Choose a seat.")
    except forms.USER_ERRORS as exc:
        return _back(f"/r/{code}", forms.message(exc))
    response = _back(f"/r/{code}")
    set_token_cookie(response, request.app.state.settings, seat_cookie(code), token)
    return response


@router.post("/r/{code}/leave")
async def leave_seat(request: Request, code: str) -> Response:
    try:
        await _rooms(request).leave_seat(code, request.cookies.get(seat_cookie(code)))
    except forms.USER_ERRORS as exc:
        return _back(f"/r/{code}", forms.message(exc))
    response = _back(f"/r/{code}")
    clear_token_cookie(response, request.app.state.settings, seat_cookie(code))
    return response


@router.post("/r/{code}/start")
async def start(request: Request, code: str) -> Response:
    try:
        await _rooms(request).start(code, request.cookies.get(host_cookie(code)))
    except forms.USER_ERRORS as exc:
        return _back(f"/r/{code}", forms.message(exc))
    return _back(f"/r/{code}")


async def _host_seat_form(
    request: Request, code: str, act: Callable[[str, str | None, int], Awaitable[Any]]
) -> Response:
    """A host's form about one seat (`seat` field): run `act`, redirect back to the room."""
    form = await request.form()
    try:
        seat = int(str(form.get("seat", "")))
        await act(code, request.cookies.get(host_cookie(code)), seat)
    except ValueError:
        return _back(f"/r/{code}", "Choose a seat.")
    except forms.USER_ERRORS as exc:
        return _back(f"/r/{code}", forms.message(exc))
    return _back(f"/r/{code}")


@router.post("/r/{code}/remove")
async def remove_player(request: Request, code: str) -> Response:
    """The host empties the seat of a player who has gone; a new person may take it."""
    return await _host_seat_form(request, code, _rooms(request).remove_player)


@router.post("/r/{code}/bot")
async def add_bot(request: Request, code: str) -> Response:
    """The host puts a bot in an empty seat."""
    return await _host_seat_form(request, code, _rooms(request).add_bot)


@router.post("/r/{code}/rematch")
async def rematch(request: Request, code: str) -> Response:
    rooms = _rooms(request)
    token = request.cookies.get(seat_cookie(code))
    try:
        if await rooms.seat_of(code, token) is None:
            token = request.cookies.get(host_cookie(code))
        new_code = await rooms.rematch(code, token)
    except forms.USER_ERRORS as exc:
        return _back(f"/r/{code}", forms.message(exc))
    return _back(f"/r/{new_code or code}")
