"""What the games say, in the viewer's language.

The engines stay pure and say what happened: each `Event` has a `kind`, `data` and the
English `text` its game's phrases made of them (docs/contracts.md §2). Each game's
registry entry names its `Phrases` (app/games/phrasing.py), which say an event, a
refusal, a view's words and a card's in any language from the game's catalogue (domain
= the game id, `app/locale/<lang>/LC_MESSAGES/<game-id>.po`); English is the msgids, so
an English text needs no catalogue. A game outside the registry (the tests' toy, given
to an app of its own) is read in the English its phrases made.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any, TypeVar

from app.games.base import Event
from app.games.phrasing import ENGLISH, Gettext, Ngettext, Phrases
from app.games.registry import REGISTRY
from app.i18n.catalog import DEFAULT, translations
from app.i18n.table_events import KINDS as TABLE_KINDS
from app.i18n.table_events import table_text
from app.sizes import lru, report

JSON = dict[str, Any]
T = TypeVar("T")
log = logging.getLogger(__name__)
_MISSING: set[tuple[str, str, str]] = set()  # (game, what, language) logged once each


def _or_english(game_id: str, what: str, lang: str, say: Callable[[], T], english: T) -> T:
    """`say()`, or `english` when the phrasebook cannot say it (a phrase missing or
    broken). A missing phrase must never stop a socket or a page: the viewer reads
    that line in English and the server logs it once per game, thing and language."""
    try:
        return say()
    except Exception:
        key = (game_id, what, lang)
        if key not in _MISSING:
            _MISSING.add(key)
            log.exception("%s: no %s phrase for %r in %s; English is shown",
                          game_id, what.split(":")[0], what, lang)
        return english


def phrases(game_id: str) -> Phrases | None:
    """The game's phrases (its registry entry's), or None for a game outside it."""
    game = REGISTRY.get(game_id)
    return None if game is None else game.phrases


def _callables(game_id: str, lang: str) -> tuple[Gettext, Ngettext]:
    if lang == DEFAULT:
        return ENGLISH
    catalogue = translations(lang, domain=game_id)
    return catalogue.gettext, catalogue.ngettext


def event_text(game_id: str, event: Event, lang: str = DEFAULT) -> str:
    """The event's sentence template in `lang` (English: its text, said when it was
    made). The table's own events (a timeout, a seat gone away) are said the same in
    every game."""
    if lang == DEFAULT:
        return event.text
    if event.kind in TABLE_KINDS:
        return _or_english(game_id, f"event:{event.kind}", lang,
                           lambda: table_text(event.kind, event.data, event.text, lang),
                           event.text)
    book = phrases(game_id)
    if book is None:
        return event.text
    return _or_english(game_id, f"event:{event.kind}", lang,
                       lambda: book.event_text(event, *_callables(game_id, lang)),
                       event.text)


def localize_view(game_id: str, view: JSON, lang: str = DEFAULT) -> JSON:
    """`view` with its human texts in `lang` (the view itself for English: the engine's
    phrases said it in English)."""
    book = phrases(game_id)
    if book is None or lang == DEFAULT:
        return view
    return _or_english(game_id, "view", lang,
                       lambda: book.localize_view(view, *_callables(game_id, lang)), view)


@lru_cache(maxsize=4096)  # a board names its cards on every face: each said once
def card_words(game_id: str, code: str, lang: str = DEFAULT) -> str:
    """A card's name as its face shows it, in `lang`."""
    book = phrases(game_id)
    if book is None:
        return code
    return _or_english(game_id, f"card:{code}", lang,
                       lambda: book.card_words(code, *_callables(game_id, lang)), code)


def refusal_text(game_id: str, kind: str, data: Mapping[str, Any], lang: str = DEFAULT,
                 english: str = "") -> str:
    """A game's refusal (`IllegalMove.kind` and `.data`) said in `lang`; `english` (its
    English sentence) where the game's phrases cannot say it."""
    book = phrases(game_id)
    if book is None:  # a game outside the registry (the tests' toy): its own English
        return english or kind
    return _or_english(game_id, "refusal", lang,
                       lambda: book.refusal_text(kind, data, *_callables(game_id, lang)),
                       english or book.refusal_text(kind, data, *ENGLISH))


# bounded by the code: the games, and (game, phrase, language) for the lines logged
report("i18n.card_words", lru(card_words))
report("i18n.missing_logged", lambda: (len(_MISSING), None))
