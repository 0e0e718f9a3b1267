"""Holding a game's phrasebook to the engine: played seeded games, every event and every
viewer's view at every step, said in English (must equal the engine's words exactly) and
in German and Dutch (must translate every text with words, keeping the `{pN}` names).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from functools import cache
from types import ModuleType
from typing import Any

from app.games.base import Event, Refusal, parse_options
from app.games.registry import GAMES
from app.i18n.catalog import LOCALE, translations

Path = tuple[str, ...]
PLACEHOLDER = re.compile(r"\{p\d+\}")
WORD = re.compile(r"[^\W\d_]{3,}")


@cache
def english_only(game_id: str, lang: str) -> frozenset[str]:
    """Words of the game's English msgids that no translation in `lang` uses: a text
    in `lang` holding one was glued from English by the phrasebook's code. (A msgstr
    left in English is caught by tests/games/test_game_catalogues.py.)"""
    from babel.messages.pofile import read_po

    with (LOCALE / lang / "LC_MESSAGES" / f"{game_id}.po").open("rb") as po:
        catalog = read_po(po, locale=lang)
    english: set[str] = set()
    local: set[str] = set()
    for message in catalog:
        for text in (message.id if isinstance(message.id, tuple) else (message.id,)):
            english.update(w.lower() for w in WORD.findall(re.sub(r"\{\w+\}", "", text)))
        for text in (message.string if isinstance(message.string, tuple)
                     else (message.string,)):
            local.update(w.lower() for w in WORD.findall(re.sub(r"\{\w+\}", "", text)))
    return frozenset(english - local)


def play(game_id: str, players: int, options: dict[str, Any], seed: int
         ) -> Iterator[tuple[list[Event], list[dict[str, Any]]]]:
    """Each step of one random game: the events it made (for every seat) and two views,
    the spectator's and one seat's in turn (enough to meet every text, and quick)."""
    rules = GAMES[game_id]
    rnd = random.Random(seed)
    state = rules.setup(players, parse_options(rules.Options, options), seed)
    events: list[Event] = []
    step = 0
    while True:
        step += 1
        yield events, [rules.view(state, None), rules.view(state, step % players)]
        acting = sorted(rules.to_act(state))
        if not acting:
            return
        seat = rnd.choice(acting)
        state, events = rules.apply(state, seat, rnd.choice(list(rules.legal_moves(state, seat))))


def speaker(game_id: str, lang: str) -> tuple[Any, Any]:
    catalogue = translations(lang, domain=game_id)
    return catalogue.gettext, catalogue.ngettext


def texts(view: Any, patterns: Sequence[Path], at: Path = ()) -> Iterator[tuple[Path, str]]:
    """The strings of `view` at paths matching a pattern ("*" matches any key or index)."""
    if isinstance(view, dict):
        items: Any = view.items()
    elif isinstance(view, list):
        items = enumerate(view)
    else:
        if isinstance(view, str) and any(_matches(at, p) for p in patterns):
            yield at, view
        return
    for key, value in items:
        yield from texts(value, patterns, (*at, str(key)))


def _matches(path: Path, pattern: Path) -> bool:
    if len(path) != len(pattern):
        return False
    return all(p in ("*", k) for k, p in zip(path, pattern, strict=True))


def without_texts(view: Any, patterns: Sequence[Path], at: Path = ()) -> Any:
    """`view` with its human texts blanked: what a translation must leave alone."""
    if isinstance(view, dict):
        return {k: without_texts(v, patterns, (*at, str(k))) for k, v in view.items()}
    if isinstance(view, list):
        return [without_texts(v, patterns, (*at, str(i))) for i, v in enumerate(view)]
    if isinstance(view, str) and any(_matches(at, p) for p in patterns):
        return "<text>"
    return view


def has_words(text: str) -> bool:
    return bool(re.search(r"[A-Za-z]{2,}", PLACEHOLDER.sub("", text)))


def check_translated(english: str, other: str, where: str, names: frozenset[str] = frozenset(),
                     game: str = "", lang: str = "") -> None:
    """`other` keeps the players of `english` and says it in other words (unless it is
    one of `names`, a proper name the language keeps)."""
    assert sorted(PLACEHOLDER.findall(other)) == sorted(PLACEHOLDER.findall(english)), (
        f"{where}: names changed: {english!r} -> {other!r}")
    if has_words(english) and english not in names:
        assert other != english, f"{where}: left in English: {english!r}"
    if game and lang:
        stray = {w.lower() for w in WORD.findall(PLACEHOLDER.sub("", other))}
        stray &= english_only(game, lang)
        assert not stray, f"{where}: English words {sorted(stray)} in {other!r}"


def check_game(game_id: str, book: ModuleType, patterns: Sequence[Path], players: int,
               options: dict[str, Any], seed: int, names: frozenset[str] = frozenset()
               ) -> set[str]:
    """One game, English and both other languages; returns the event kinds seen."""
    en = speaker(game_id, "en")
    others = {lang: speaker(game_id, lang) for lang in ("de", "nl")}
    kinds: set[str] = set()
    for events, views in play(game_id, players, options, seed):
        for event in events:
            kinds.add(event.kind)
            assert book.event_text(event, *en) == event.text
            for lang, words in others.items():
                check_translated(event.text, book.event_text(event, *words),
                                 f"{lang} {event.kind}", names, game_id, lang)
        for view in views:
            assert book.localize_view(view, *en) == view
            english = dict(texts(view, patterns))
            for lang, words in others.items():
                local = book.localize_view(view, *words)
                assert without_texts(local, patterns) == without_texts(view, patterns)
                for path, text in texts(local, patterns):
                    check_translated(english[path], text, f"{lang} {'.'.join(path)}", names,
                                     game_id, lang)
    return kinds


def check_refusals(game_id: str, book: ModuleType, players: int, options: dict[str, Any],
                   seed: int, names: frozenset[str] = frozenset()) -> set[str]:
    """Refusals met in one random game (moves from other steps and seats, and junk), said
    again from their kind and data in English (as they were made) and in German and
    Dutch; returns the reasons seen."""
    rules = GAMES[game_id]
    rnd = random.Random(seed)
    state = rules.setup(players, parse_options(rules.Options, options), seed)
    seen: list[Any] = [{}, {"type": "nonsense"}, "move"]
    reasons: set[str] = set()
    en = speaker(game_id, "en")
    others = {lang: speaker(game_id, lang) for lang in ("de", "nl")}
    while acting := sorted(rules.to_act(state)):
        for seat in range(players):
            legal = list(rules.legal_moves(state, seat))
            seen += legal[:3]
            for move in rnd.sample(seen, min(4, len(seen))):
                if move in legal:
                    continue
                reason = rules.refusal(state, seat, move)
                assert isinstance(reason, Refusal), reason
                reasons.add(reason)
                assert book.refusal_text(reason.kind, reason.data, *en) == reason
                for lang, words in others.items():
                    check_translated(reason, book.refusal_text(reason.kind, reason.data, *words),
                                     f"{lang} refusal", names, game_id, lang)
        seat = rnd.choice(acting)
        state, _ = rules.apply(state, seat, rnd.choice(list(rules.legal_moves(state, seat))))
    return reasons
