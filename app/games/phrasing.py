"""What every game's phrases share: a game's `Phrases`, the one place its sentences are
written (docs/contracts.md §2).

An engine says what happened (an event's or a refusal's kind and data); the phrases say
it, in any language, through the catalogue's `_` (gettext) and `n_` (ngettext). English
goes the same way, through `ENGLISH` (the msgids ARE the English): the engine makes its
events and refusals through its `Phrases`, which put in the English sentence then, so
`Event.text` and a refusal read as they always did without another lookup.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.games.base import JSON, Event, Refusal

Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]
Sayer = Callable[[Mapping[str, Any], Gettext, Ngettext], str]
"""A sentence from what it is made of (an event's or a refusal's data)."""
ViewSayer = Callable[[JSON, Gettext, Ngettext], JSON]
"""A view with its words said (or one part of it, its summary, said from the view)."""
CardSayer = Callable[[str, Gettext, Ngettext], str]


def _english(message: str) -> str:
    return message


def _english_n(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


ENGLISH: tuple[Gettext, Ngettext] = (_english, _english_n)
"""English's gettext and ngettext: the msgids themselves (as an absent catalogue's)."""


def _no_view(view: JSON, _: Gettext, n_: Ngettext) -> JSON:
    return view


def _no_card(code: str, _: Gettext, n_: Ngettext) -> str:
    return code


@dataclass(frozen=True)
class Phrases:
    """A game's words, declared in its registry entry.

    - `events`: per event kind, its sentence from the event's data;
    - `refusals`: per refusal kind, its sentence from the refusal's data;
    - `plays`: per kind, the sentence of a view's `last` where the board says a play
      otherwise than the log does (a kind not here is said as its event);
    - `view`: a view with its words said (`last`, `summary`, status words);
    - `summary`: a view's summary said from the view (what an engine leaves unsaid: the
      rest of its view's words it puts in in English as it makes them);
    - `card`: a card as its face names it.
    """

    events: Mapping[str, Sayer]
    refusals: Mapping[str, Sayer] = field(default_factory=dict)
    plays: Mapping[str, Sayer] = field(default_factory=dict)
    view: ViewSayer = _no_view
    summary: ViewSayer | None = None
    card: CardSayer = _no_card

    # -- what an engine makes: the English said now ----------------------------------

    def event(self, kind: str, to: frozenset[int] | None = None, /, **data: Any) -> Event:
        """An event of `kind` (seen by `to`; None: everyone), said in English."""
        return Event(kind, self.events[kind](data, *ENGLISH), to, data)

    def play(self, kind: str, /, **data: Any) -> Event:
        """The event a view's `last` is made from, when the log has no such line."""
        return Event(kind, self.plays[kind](data, *ENGLISH), None, data)

    def refusal(self, kind: str, /, **data: Any) -> Refusal:
        """Why a move is refused, said in English (and carrying `kind` and `data`)."""
        return Refusal(self.refusals[kind](data, *ENGLISH), kind, data)

    def english_view(self, view: JSON) -> JSON:
        """`view` as the engine made it (its summary's words not said yet) with them said
        in English."""
        if self.summary is None or not view.get("summary"):
            return view
        return {**view, "summary": self.summary(view, *ENGLISH)}

    # -- what the server asks for: any language --------------------------------------

    def event_text(self, event: Event, _: Gettext, n_: Ngettext) -> str:
        """The event's sentence in the catalogue's language (`{pN}` names kept). A kind
        the phrases do not know raises KeyError (app/i18n/games.py then shows the
        stored English, and logs it)."""
        say = self.events[event.kind]
        try:
            return say(event.data, _, n_)
        except KeyError:
            if event.data:
                raise
            return event.text  # stored before events kept their data: English, as it was

    def play_text(self, event: Event, _: Gettext, n_: Ngettext) -> str:
        """A view's `last` (as an event: its kind and data) in the catalogue's language."""
        say = self.plays.get(event.kind)
        return self.event_text(event, _, n_) if say is None else say(event.data, _, n_)

    def refusal_text(self, kind: str, data: Mapping[str, Any], _: Gettext,
                     n_: Ngettext) -> str:
        return self.refusals[kind](data, _, n_)

    def localize_view(self, view: JSON, _: Gettext, n_: Ngettext) -> JSON:
        """A copy of `view` with its words in the catalogue's language."""
        return self.view(view, _, n_)

    def card_words(self, code: str, _: Gettext, n_: Ngettext) -> str:
        return self.card(code, _, n_)


def say_last(last: Mapping[str, Any] | None, phrases: Phrases, _: Gettext,
             n_: Ngettext) -> dict[str, Any] | None:
    """A view's `last` with its text said from its `kind` and `data` (the event it
    carries, docs/contracts.md §1)."""
    if not last:
        return None if last is None else dict(last)
    if "data" not in last:
        return dict(last)  # stored before plays kept their event's data: English, as it was
    event = Event(last["kind"], last["text"], data=last["data"])
    return {**last, "text": phrases.play_text(event, _, n_)}


def listing(items: Sequence[str], and_last: str) -> str:
    """"a", "a and b", "a, b and c". `and_last` is the language's "{items} and {last}",
    translated by the caller, so each game's catalogue keeps its own entry."""
    if len(items) <= 1:
        return "".join(items)
    return and_last.format(items=", ".join(items[:-1]), last=items[-1])
