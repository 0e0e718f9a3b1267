"""The host's form for the next game at the same table (issue 37.1), without JavaScript,
as the JSON API's `POST /api/rooms/{code}/next-game` does: one form per game, with its
player count and its options. It redirects back to the room; a refusal comes back in its
alert area, and nothing is changed."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from app.games.base import options_schema
from app.rooms.models import RoomInfo
from app.web.deps import (
    GamesDep,
    HostTokenDep,
    LanguageDep,
    Registry,
    RoomsDep,
    limit_settings_changes,
)
from app.web.errors import FormError
from app.web.routes import forms
from app.web.routes.redirects import attempt, back_to

router = APIRouter(include_in_schema=False)


def game_choices(games: Registry, room: RoomInfo) -> list[dict[str, Any]]:
    """The games the people seated can all play next, each with its seat counts (never
    fewer than the people) and the count it starts with: as many seats as now."""
    people = sum(1 for s in room.seats if s.name is not None and not s.bot)
    made = []
    for game in sorted(games.values(), key=lambda g: g.rules.title):
        rules = game.rules
        low = max(rules.min_players, people)
        if low > rules.max_players:
            continue
        made.append({"id": rules.id, "title": rules.title,
                     "options": options_schema(rules.Options),
                     "seats": range(low, rules.max_players + 1),
                     "start_seats": min(max(len(room.seats), low), rules.max_players)})
    return made


@router.post("/r/{code}/next-game")
async def choose_game(
    request: Request, code: str, rooms: RoomsDep, games: GamesDep, host_token: HostTokenDep,
    lang: LanguageDep,
) -> Response:
    form = await request.form()

    async def act() -> Response:
        rules = games.get(str(form.get("game", "")))
        if rules is None:
            raise FormError("Choose a game.")
        seats = str(form.get("seats", ""))
        if not (seats.isascii() and seats.isdigit() and len(seats) <= 3):
            raise FormError("The number of seats must be a number.")
        options = forms.options_from_form(rules, form)
        await limit_settings_changes(request, rooms, code, host_token)
        await rooms.choose_game(code, host_token, rules.id, options, int(seats))
        return back_to(f"/r/{code}")

    return await attempt(f"/r/{code}", act, lang)
