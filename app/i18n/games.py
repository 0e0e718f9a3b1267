"""What the games say, in the viewer's language.

The engines stay pure and speak English: each `Event` has a `kind`, an English `text`
with `{p0}` name placeholders, and `data`. A game that speaks other languages has a
`phrases` module in its package (`app/games/<pkg>/phrases.py`) with:

- `event_text(event, _, n_) -> str`: the event's sentence, `{p0}` placeholders kept;
- `localize_view(view, _, n_) -> dict`: a copy of a view with every human text in it
  (`last.text`, `summary` title/parts/notes, prompts) in the language;
- `card_words(code, _, n_) -> str`: a card as its face names it;
- optionally `refusal_text(reason, _, n_) -> str`: a refused move's reason.

`_` is `gettext` and `n_` is `ngettext` of the game's catalogue (domain = the game id,
`app/locale/<lang>/LC_MESSAGES/<game-id>.po`), so a phrases module needs no I/O and
Babel extracts its strings. In English the phrases give exactly the engine's words (a
test holds them to it), so one code path serves every language.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import cache, lru_cache
from importlib import import_module
from types import ModuleType
from typing import Any, TypeVar

from app.games.base import Event
from app.games.registry import GAMES
from app.i18n.catalog import DEFAULT, translations
from app.i18n.table_events import KINDS as TABLE_KINDS
from app.i18n.table_events import table_text

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


@cache
def phrasebook(game_id: str) -> ModuleType | None:
    """The game's `phrases` module, or None for a game that speaks only English."""
    # The package is the rules object's (four-pints-please lives in app.games.four_pints).
    rules = GAMES.get(game_id)
    if rules is None:  # a game outside the registry (the tests' toy): English only
        return None
    package = type(rules).__module__.rpartition(".")[0]
    try:
        return import_module(package + ".phrases")
    except ModuleNotFoundError as missing:
        if missing.name not in (package, package + ".phrases"):
            raise  # a phrases module that is there but broken must say so
        return None


def _callables(game_id: str, lang: str) -> tuple[Any, Any]:
    catalogue = translations(lang, domain=game_id)
    return catalogue.gettext, catalogue.ngettext


def event_text(game_id: str, event: Event, lang: str = DEFAULT) -> str:
    """The event's sentence template in `lang` (English: the engine's own text). The
    table's own events (a timeout, a seat gone away) are said the same in every game."""
    if event.kind in TABLE_KINDS:
        if lang == DEFAULT:
            return event.text
        return _or_english(game_id, f"event:{event.kind}", lang,
                           lambda: table_text(event.kind, event.data, event.text, lang),
                           event.text)
    book = phrasebook(game_id)
    if book is None or (lang == DEFAULT and not hasattr(book, "event_text")):
        return event.text
    return _or_english(game_id, f"event:{event.kind}", lang,
                       lambda: str(book.event_text(event, *_callables(game_id, lang))),
                       event.text)


def localize_view(game_id: str, view: JSON, lang: str = DEFAULT) -> JSON:
    """`view` with its human texts in `lang` (unchanged for English or a game without)."""
    book = phrasebook(game_id)
    if book is None or lang == DEFAULT:
        return view
    return _or_english(game_id, "view", lang,
                       lambda: dict(book.localize_view(view, *_callables(game_id, lang))),
                       view)


@lru_cache(maxsize=4096)  # a board names its cards on every face: each said once
def card_words(game_id: str, code: str, lang: str = DEFAULT) -> str:
    """A card's name as its face shows it, in `lang`."""
    book = phrasebook(game_id)
    if book is None:
        return code
    return _or_english(game_id, f"card:{code}", lang,
                       lambda: str(book.card_words(code, *_callables(game_id, lang))), code)


def refusal_text(game_id: str, reason: str, lang: str = DEFAULT) -> str:
    """A refused move's reason (`IllegalMove.reason`, English) in `lang`, where the game's
    phrases know it; otherwise as it is."""
    book = phrasebook(game_id)
    if book is None or lang == DEFAULT or not hasattr(book, "refusal_text"):
        return reason
    return _or_english(game_id, "refusal", lang,
                       lambda: str(book.refusal_text(reason, *_callables(game_id, lang))),
                       reason)
