"""What the HTML forms send, turned into RoomService arguments.

The lobby form names a game's options `opt.<name>`; their types come from the game's
options schema, so a checkbox that is not ticked is False, and an empty optional field
is None. Validation itself stays with the game (parse_options) and the service.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.games.base import IllegalMove, Rules, options_schema
from app.rooms.errors import RoomError, RoomNotFound
from app.rooms.models import SeatInfo


class FormError(ValueError):
    """A form field that cannot be read; the message says which."""


USER_ERRORS: tuple[type[Exception], ...] = (RoomError, IllegalMove, FormError)
"""Errors whose message is for the person who filled in the form."""
NOT_FOUND: tuple[type[Exception], ...] = (RoomNotFound,)


def message(exc: Exception) -> str:
    text = getattr(exc, "reason", None) or getattr(exc, "message", None) or str(exc)
    return str(text).strip("'\"") or "That did not work."


def room_params(rules: Rules[Any], form: Mapping[str, Any]) -> dict[str, Any]:
    """create_room's keyword arguments (but the game id) from the lobby form."""
    seats_text = str(form.get("seats", rules.min_players))
    try:
        seats = int(seats_text)
    except ValueError as exc:
        raise FormError("The number of seats must be a number.") from exc
    return {
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
                raise FormError(f"{spec.get('label', name)} must be a whole number.") from exc
        else:
            options[name] = text
    return options


def seat_rows(seats: Sequence[SeatInfo]) -> list[dict[str, Any]]:
    """The room's seats as plain dicts for the templates (every field the service
    gives, a bot's level included once the service has one)."""
    return [seat.model_dump() for seat in seats]
