"""The lobby: the games with their forms, the public rooms, opening a room (or one
click to play with bots at once) and joining one by its code or link."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from app.games.base import options_schema
from app.rooms.names import clean_name
from app.web.deps import (
    GamesDep,
    LanguageDep,
    Registry,
    RegistryDep,
    RoomsDep,
    SettingsDep,
    host_cookie,
    limit_new_rooms,
    seat_cookie,
    set_token_cookie,
)
from app.web.render.rulebook import rules_html
from app.web.render.templating import templates
from app.web.render.words import N_
from app.web.routes import forms
from app.web.routes.flash import with_flash
from app.web.routes.redirects import attempt, back_to

router = APIRouter(include_in_schema=False)


def _games(games: Registry) -> list[dict[str, Any]]:
    return [
        {
            "id": rules.id,
            "title": rules.title,
            "min_players": rules.min_players,
            "max_players": rules.max_players,
            "options": options_schema(rules.Options),
            "has_rules": rules_html(game) is not None,
            "blurb": game.blurb,
            "time": game.time,
            "quick_seats": min(max(rules.min_players, 3), rules.max_players),
        }
        for game in sorted(games.values(), key=lambda g: g.rules.title)
        for rules in [game.rules]
    ]


@router.get("/", response_class=HTMLResponse)
async def lobby(request: Request, rooms: RoomsDep, games: RegistryDep) -> Response:
    public = await rooms.public_rooms()
    return with_flash(request, lambda error: templates.TemplateResponse(
        request, "lobby.html", {"games": _games(games), "public_rooms": public, "error": error}
    ))


@router.post("/rooms")
async def create_room(
    request: Request, rooms: RoomsDep, games: GamesDep, settings: SettingsDep,
    lang: LanguageDep,
) -> Response:
    form = await request.form()
    rules = games.get(str(form.get("game", "")))
    if rules is None:
        return back_to("/", N_("Choose a game."))

    async def act() -> Response:
        limit_new_rooms(request)  # over the limit: the lobby's alert says so
        params = forms.room_params(rules, form)
        info, host_token = await rooms.create_room(rules.id, **params)
        response = back_to(f"/r/{info.code}")
        set_token_cookie(response, settings, host_cookie(info.code), host_token)
        return response

    return await attempt("/", act, lang)


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
        return back_to("/", N_("Choose a game."))
    seats = min(max(rules.min_players, 3), rules.max_players)

    async def act() -> Response:
        # the name is checked before anything is made: a bad one leaves no room behind
        name = clean_name(str(form.get("name", "")).strip() or "Guest")
        limit_new_rooms(request)  # a room like any other: the same limit, the same alert
        info, host_token = await rooms.create_room(rules.id, None, seats, False, True)
        _seat, token = await rooms.take_seat(info.code, name, 0, host_token=host_token)
        for seat in range(1, seats):
            await rooms.add_bot(info.code, host_token, seat)
        await rooms.start(info.code, host_token)
        response = back_to(f"/r/{info.code}")
        set_token_cookie(response, settings, host_cookie(info.code), host_token)
        set_token_cookie(response, settings, seat_cookie(info.code), token)
        return response

    return await attempt("/", act, lang)


@router.get("/join")
async def join(code: str = "") -> Response:
    """Join by code: accepts a bare code or a pasted room link, in any case (codes are
    lower case; a phone's keyboard often starts a word with a capital)."""
    text = code.strip()
    path = urlsplit(text).path.rstrip("/")
    text = path.rsplit("/", 1)[-1] if "/" in path else text
    if not text.isalnum():
        return back_to("/", N_("That is not a room code."))
    return back_to(f"/r/{text.lower()}")
