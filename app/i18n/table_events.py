"""What the table itself says in a game's log: events the server makes beside the
engine's (a turn timer's timeout, a seat gone away), in every language, written once.

The rooms layer makes these events with the English sentence from here (`english`), and
the log says them in the viewer's language from here too (`table_text`), whatever the
game: a game's phrasebook never needs to know them. Their words are in the `messages`
catalogue (app/i18n/extract.py reads this file for it).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from babel.support import NullTranslations

from app.games.events import who
from app.i18n.catalog import DEFAULT, translations

Gettext = Callable[[str], str]
_SEAT = re.compile(r"\{p(\d+)\}")


def _timeout(d: Mapping[str, Any], _: Gettext) -> str:
    return _("{player} ran out of time; a bot played for them.").format(player=who(d["seat"]))


def _away(d: Mapping[str, Any], _: Gettext) -> str:
    return _("{player} is away; a bot plays for them until they are back.").format(
        player=who(d["seat"]))


# kind -> its sentence from the event's data, `{pN}` name placeholders kept
SAYINGS: dict[str, Callable[[Mapping[str, Any], Gettext], str]] = {
    "timeout": _timeout,
    "away": _away,
}
KINDS = frozenset(SAYINGS)
_ENGLISH = NullTranslations()


def english(kind: str, data: Mapping[str, Any]) -> str:
    """The event's English sentence, as the rooms layer stores it."""
    return SAYINGS[kind](data, _ENGLISH.gettext)


def table_text(kind: str, data: Mapping[str, Any], text: str, lang: str = DEFAULT) -> str:
    """The sentence of a table event in `lang`. An event stored before these events
    carried data names its seat only in its English `text`: the seat is read from there."""
    if "seat" not in data:
        found = _SEAT.search(text)
        if found is None:
            return text
        data = {**data, "seat": int(found.group(1))}
    return SAYINGS[kind](data, translations(lang).gettext)
