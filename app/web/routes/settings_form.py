"""The room's settings form (issue 37.4): the host sets public or private, spectators on
or off and the next game's turn timer without JavaScript, as the JSON API's
`PATCH /api/rooms/{code}/settings` does. It redirects back to the room; a refusal comes
back in its alert area, and nothing is changed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from app.web.deps import HostTokenDep, LanguageDep, RoomsDep, limit_settings_changes
from app.web.errors import FormError
from app.web.routes.redirects import attempt, back_to

router = APIRouter(include_in_schema=False)


def settings_from_form(form: Mapping[str, Any]) -> dict[str, Any]:
    """change_settings' keyword arguments from the form, which sends all three (an
    unticked checkbox sends nothing: spectators off)."""
    visibility = form.get("visibility")
    if visibility not in ("public", "private"):
        raise FormError("Choose who can find the room: public or private.")
    timer = str(form.get("turn_timer", ""))
    if not (timer.isascii() and timer.isdigit() and len(timer) <= 6):
        raise FormError("The turn timer must be a number of seconds.")
    return {"public": visibility == "public",
            "spectators": form.get("spectators") in ("on", "true", "1"),
            "turn_timer": int(timer)}


@router.post("/r/{code}/settings")
async def change_settings(
    request: Request, code: str, rooms: RoomsDep, host_token: HostTokenDep,
    lang: LanguageDep,
) -> Response:
    form = await request.form()

    async def act() -> Response:
        changes = settings_from_form(form)
        await limit_settings_changes(request, rooms, code, host_token)
        await rooms.change_settings(code, host_token, **changes)
        return back_to(f"/r/{code}")

    return await attempt(f"/r/{code}", act, lang)
