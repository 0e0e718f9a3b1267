"""What the HTML forms send, turned into RoomService arguments.

The lobby form names a game's options `opt.<name>`; their types come from the game's
options schema, so a checkbox that is not ticked is False, and an empty optional field
is None. Validation itself stays with the game (parse_options) and the service.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.games.base import Rules, options_schema
from app.i18n import DEFAULT
from app.rooms.models import SeatInfo
from app.web.errors import FormError
from app.web.render.speech import _, speaking
from app.web.render.words import SCRIPT

__all__ = ["FormError", "offline_text", "options_from_form", "room_params", "seat_rows"]


def room_params(rules: Rules[Any], form: Mapping[str, Any]) -> dict[str, Any]:
    """create_room's keyword arguments (but the game id) from the lobby form."""
    seats_text = str(form.get("seats", rules.min_players))
    try:
        seats = int(seats_text)
    except ValueError as exc:
        raise FormError("The number of seats must be a number.") from exc
    timer_text = str(form.get("turn_timer") or "0")
    if not (timer_text.isascii() and timer_text.isdigit() and len(timer_text) <= 6):
        raise FormError("The turn timer must be a number of seconds.")
    return {
        "turn_timer": int(timer_text),
        "options": options_from_form(rules, form),
        "seats": seats,
        "public": form.get("visibility") == "public",
        "spectators": form.get("spectators") in ("on", "true", "1"),
    }


def options_from_form(rules: Rules[Any], form: Mapping[str, Any]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for spec in options_schema(rules.Options):
        name, kind = spec["name"], str(spec["type"])
        key = f"opt.{name}"
        raw = form.get(key)
        if "bool" in kind:
            options[name] = raw in ("on", "true", "1")
            continue
        text = "" if raw is None else str(raw).strip()
        if text == "" and "None" in kind:
            options[name] = None
        elif text == "":
            continue  # the game's default
        elif "int" in kind:
            try:
                options[name] = int(text)
            except ValueError as exc:
                raise FormError("%(label)s must be a whole number.",
                                label=str(spec.get("label", name))) from exc
        else:
            options[name] = text
    return options


def seat_rows(seats: Sequence[SeatInfo], now_ms: int, lang: str = DEFAULT) -> list[dict[str, Any]]:
    """The room's seats as plain dicts for the templates (every field the service
    gives, a bot's level included once the service has one), and `offline`: how long a
    disconnected person's seat has been without a socket (issue 11.3), or None."""
    rows = []
    for seat in seats:
        row = seat.model_dump()
        gone = seat.gone_since if seat.name and not seat.bot else None
        row["offline"] = offline_text(now_ms - gone, lang) if gone is not None else None
        rows.append(row)
    return rows


def offline_text(ms: int, lang: str = DEFAULT) -> str:
    """The words static/timers.js paints live (agoText, the same messages): the page
    says the same, in the viewer's language."""
    minutes = max(0, ms) // 60_000
    with speaking(lang):
        if minutes < 1:
            return _(SCRIPT["offline_now"])
        if minutes < 60:
            return _(SCRIPT["offline_min"]) % {"min": minutes}
        return _(SCRIPT["offline_hours"]) % {"h": minutes // 60, "min": minutes % 60}
