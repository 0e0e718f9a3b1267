"""What every game's `phrases` module shares (app/i18n/games.py has the interface): the
types of the catalogue's callables, and saying an event through a table of sayers."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from app.games.base import Event

Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]
Sayer = Callable[[dict[str, Any], Gettext, Ngettext], str]


def say_event(says: Mapping[str, Sayer], event: Event, _: Gettext, n_: Ngettext) -> str:
    """The event's sentence by the sayer of its kind (the engine's English without one)."""
    say = says.get(event.kind)
    if say is None:
        return event.text
    try:
        return say(dict(event.data), _, n_)
    except KeyError:
        if event.data:
            raise
        return event.text  # stored before events kept their data: English, as it was


EventSayer = Callable[[Event, Gettext, Ngettext], str]


def say_last(last: Mapping[str, Any] | None, say: EventSayer, _: Gettext,
             n_: Ngettext) -> dict[str, Any] | None:
    """A view's `last` with its text said again from its `kind` and `data` (the event
    it carries, docs/contracts.md §1) by `say` (a phrasebook's `event_text`)."""
    if not last:
        return None if last is None else dict(last)
    if "data" not in last:
        return dict(last)  # stored before plays kept their event's data: English, as it was
    event = Event(last["kind"], last["text"], data=last["data"])
    return {**last, "text": say(event, _, n_)}


def listing(items: Sequence[str], and_last: str) -> str:
    """"a", "a and b", "a, b and c". `and_last` is the language's "{items} and {last}",
    translated by the caller, so each game's catalogue keeps its own entry."""
    if len(items) <= 1:
        return "".join(items)
    return and_last.format(items=", ".join(items[:-1]), last=items[-1])
