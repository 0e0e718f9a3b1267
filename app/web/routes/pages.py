"""HTML pages: the lobby, the room, the rules. Plain forms that POST and redirect, so
every action works without JavaScript; static/app.js adds the live board on top.

The pages reach the RoomService, the games and the cookies through the same Annotated
dependencies as the API (app/web/deps.py); they hold no game logic. A refused action
redirects back with the error's readable message (app/web/errors.py) in the alert area,
in the viewer's language (app/web/routes/redirects.py). One module per concept: lobby.py
(the games, opening and joining rooms), room_page.py (the room and its panel),
seat_forms.py (the room's forms), settings_form.py (the host's settings),
next_game_form.py (the next game), reference.py (rules, card faces); this one puts their
routes together.
"""

from __future__ import annotations

from fastapi import APIRouter

from app.web.render.templating import templates
from app.web.routes import (
    lobby,
    next_game_form,
    reference,
    room_page,
    seat_forms,
    settings_form,
)

__all__ = ["router", "templates"]

router = APIRouter(include_in_schema=False)
for part in (lobby, room_page, seat_forms, settings_form, next_game_form, reference):
    router.include_router(part.router)
