"""The game log as a viewer reads it: each event's sentence with the players' names put
in, and split at those names (`parts`) so a client can colour them per seat without
HTML in the message (docs/contracts.md §3)."""

from __future__ import annotations

from functools import lru_cache
from string import Formatter
from typing import Any

from app.games.base import Event

LogLine = dict[str, Any]
_FORMATTER = Formatter()


@lru_cache(maxsize=4096)
def _pieces(text: str) -> tuple[tuple[str, int | None], ...] | None:
    """`text` split into literals (seat None) and seats; None: no template. Texts repeat
    across viewers and moves ("{p1} plays D7 into the Arena."), so each is parsed once."""
    pieces: list[tuple[str, int | None]] = []
    try:
        for literal, field, _spec, _conv in _FORMATTER.parse(text):
            if literal:
                pieces.append((literal, None))
            if field is None:
                continue
            if not (field.startswith("p") and field[1:].isdigit()):
                return None
            pieces.append(("", int(field[1:])))
    except ValueError:
        return None
    return tuple(pieces)


def log_line(event: Event, names: list[str]) -> LogLine:
    """`{"kind", "text", "parts"}` for one event; `{p0}`, `{p1}`, ... become names."""
    pieces = _pieces(event.text)
    if pieces is None:
        parts: list[list[Any]] = [[event.text, None]]  # no template: shown as it is
    else:
        parts = [[literal, None] if seat is None
                 else [names[seat] if seat < len(names) else "?", seat]
                 for literal, seat in pieces]
    return {"kind": event.kind, "text": "".join(p[0] for p in parts), "parts": parts}


class ViewerLog:
    """One viewer's log of one game, formatted once and extended move by move."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.lines: list[LogLine] = []
        self.upto = 0  # how many of the game's moves are in `lines`

    def extend(self, moves: list[tuple[int, list[Event]]], names: list[str]) -> list[LogLine]:
        for _, events in moves[self.upto:]:
            self.lines.extend(log_line(e, names) for e in events if e.visible_to(self.seat))
        self.upto = len(moves)
        return self.lines
