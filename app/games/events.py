"""What happened in a game: events for the log (docs/contracts.md §2), the name
placeholders their texts use, and the last play a view shows (§1), made from an event."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, init=False)
class Event:
    """Something that happened, for the game log and animations.

    `text` is a readable sentence in which players appear as `{p0}`, `{p1}`, ... so the
    server can put in display names (`text.format_map(names)`). `to` is the set of seats
    that may see the event; `None` means everyone, spectators included.
    """

    kind: str
    text: str
    to: frozenset[int] | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def __init__(self, kind: str, text: str, to: frozenset[int] | None = None,
                 data: Mapping[str, Any] | None = None) -> None:
        # what the frozen dataclass's own __init__ does, without an object.__setattr__
        # call per field (half the cost; a move makes a few events)
        fields = self.__dict__
        fields["kind"] = kind
        fields["text"] = text
        fields["to"] = to
        fields["data"] = {} if data is None else data

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "text": self.text,
            "to": None if self.to is None else sorted(self.to),
            "data": dict(self.data),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        to = data.get("to")
        return cls(
            kind=data["kind"],
            text=data["text"],
            to=None if to is None else frozenset(to),
            data=dict(data.get("data", {})),
        )


def last_play(seat: int | None, cards: Sequence[Any], src: str, dst: str,
              event: Event) -> dict[str, Any]:
    """A view's `last` (docs/contracts.md §1): the play's seat, cards and places for the
    board, and the public event that says it, its own `kind`, `text` and `data`, so a
    phrasebook says it in another language as it says the event."""
    return {"seat": seat, "cards": list(cards), "from": src, "to": dst, "text": event.text,
            "kind": event.kind, "data": dict(event.data)}


def who(seat: int) -> str:
    """The placeholder for a seat's display name in an event text: `{p2}`."""
    return f"{{p{seat}}}"


def opening_of(events: Sequence[Event]) -> list[dict[str, Any]]:
    """The public events of a game's set-up ("Round 1.", the deal), for its state to
    keep: the server logs only what moves return, so the first move logs them
    (docs/contracts.md §2: the log is grouped by round from its first line, so the
    round's event leads even where the set-up deals before it begins the round)."""
    public = [e for e in events if e.to is None]
    return [e.to_json() for e in sorted(public, key=lambda e: e.kind != "round")]


def with_opening(opening: Sequence[Mapping[str, Any]], events: list[Event]) -> list[Event]:
    """`events` of a move, after the set-up's `opening` when this is the first move."""
    return [Event.from_json(e) for e in opening] + events
