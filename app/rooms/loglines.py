"""The game log as a viewer reads it: each event's sentence with the players' names put
in, and split at those names (`parts`) so a client can colour them per seat without
HTML in the message (docs/contracts.md §3)."""

from __future__ import annotations

from string import Formatter
from typing import Any

from app.games.base import Event
from app.i18n import DEFAULT
from app.i18n.games import event_text

LogLine = dict[str, Any]
_FORMATTER = Formatter()


def log_line(event: Event, names: list[str], game_id: str = "", lang: str = DEFAULT
             ) -> LogLine:
    """`{"kind", "text", "parts"}` for one event in `lang`; `{p0}`, `{p1}`... become names."""
    parts: list[list[Any]] = []
    text = event_text(game_id, event, lang) if game_id else event.text
    try:
        for literal, field, _spec, _conv in _FORMATTER.parse(text):
            if literal:
                parts.append([literal, None])
            if field is None:
                continue
            seat = int(field[1:]) if field.startswith("p") and field[1:].isdigit() else None
            if seat is None:
                raise ValueError(field)
            name = names[seat] if seat < len(names) else "?"
            parts.append([name, seat])
    except (ValueError, IndexError):
        parts = [[text, None]]  # a text that is no template: shown as it is
    return {"kind": event.kind, "text": "".join(p[0] for p in parts), "parts": parts}


class ViewerLog:
    """One viewer's log of one game in one language, formatted once and extended move by
    move."""

    def __init__(self, seat: int | None, game_id: str = "", lang: str = DEFAULT) -> None:
        self.seat, self.game_id, self.lang = seat, game_id, lang
        self.lines: list[LogLine] = []
        self.upto = 0  # how many of the game's moves are in `lines`

    def extend(self, moves: list[tuple[int, list[Event]]], names: list[str]) -> list[LogLine]:
        for _, events in moves[self.upto:]:
            self.lines.extend(log_line(e, names, self.game_id, self.lang)
                              for e in events if e.visible_to(self.seat))
        self.upto = len(moves)
        return self.lines
