"""Checks for a game's phrases module (app/i18n/games.py): whole seeded games are played
and every event and view is said in English (exactly the engine's words), German and
Dutch (translated, placeholders and numbers kept), and the catalogues hold every msgid.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po
from babel.support import NullTranslations

from app.games.base import Event, Refusal, parse_options
from app.games.registry import GAMES
from app.i18n.catalog import LOCALE, translations

KEYWORDS = {"_": None, "N_": None, "n_": (1, 2), "pgettext": ((1, "c"), 2)}
PLACEHOLDER = re.compile(r"\{(\w*)\}")
SEAT = re.compile(r"\{p\d+\}")
NUMBER = re.compile(r"-?\d+")
ENGLISH = NullTranslations()


@dataclass
class Played:
    """Everything the games said: events and the views of every viewer at each step."""

    events: list[Event] = field(default_factory=list)
    views: list[dict[str, Any]] = field(default_factory=list)


def play(game_id: str, players: int | Iterable[int], seeds: Iterable[int]) -> Played:
    """Seeded random games to the end, for one player count or several; views of the
    spectator and of every seat."""
    if not isinstance(players, int):
        out = Played()
        for count in players:
            one = play(game_id, count, list(seeds))
            out.events += one.events
            out.views += one.views
        return out
    rules = GAMES[game_id]
    out = Played()
    for seed in seeds:
        rnd = random.Random(seed)
        state = rules.setup(players, parse_options(rules.Options, {}), seed)
        while True:
            out.views += [rules.view(state, s) for s in [None, *range(players)]]
            acting = sorted(rules.to_act(state))
            if not acting:
                break
            seat = rnd.choice(acting)
            move = rnd.choice(list(rules.legal_moves(state, seat)))
            state, events = rules.apply(state, seat, move)
            out.events += events
    return out


def texts(view: dict[str, Any]) -> Iterator[str]:
    """The human texts of a view (docs/contracts.md §1)."""
    last = view.get("last")
    if last:
        yield last["text"]
    mine = view.get("mine") or {}
    if isinstance(mine, dict) and mine.get("last"):
        yield mine["last"]["text"]
    summary = view.get("summary")
    if summary:
        yield summary["title"]
        for row in summary["rows"]:
            yield from row["parts"]
        yield from summary["notes"]


def check_english(book: ModuleType, played: Played) -> None:
    for event in played.events:
        assert book.event_text(event, ENGLISH.gettext, ENGLISH.ngettext) == event.text
    for view in played.views:
        assert book.localize_view(view, ENGLISH.gettext, ENGLISH.ngettext) == view


def same_facts(english: str, other: str) -> None:
    """The translation names the same seats and numbers, no more and no fewer, and has
    no placeholder left but the seats'."""
    assert sorted(SEAT.findall(other)) == sorted(SEAT.findall(english)), (english, other)
    assert Counter(NUMBER.findall(SEAT.sub("", other))) == Counter(
        NUMBER.findall(SEAT.sub("", english))), (english, other)
    assert set(PLACEHOLDER.findall(SEAT.sub("", other))) == set(), other


def check_language(game_id: str, lang: str, book: ModuleType, played: Played,
                   same: frozenset[str] = frozenset()) -> None:
    """Every sentence is said in `lang`: none left in English (but those in `same`, which
    are the same words there), each with the English one's seats and numbers."""
    catalogue = translations(lang, domain=game_id)
    _, n_ = catalogue.gettext, catalogue.ngettext
    pairs = [(e.text, book.event_text(e, _, n_)) for e in played.events]
    for view in played.views:
        pairs += zip(texts(view), texts(book.localize_view(view, _, n_)), strict=True)
    for english, other in set(pairs):
        assert other != english or english in same, f"{lang}: still English: {english!r}"
        same_facts(english, other)


def msgids(source: Path) -> list[tuple[str | None, str | tuple[str, str]]]:
    found = []
    for _line, message, _comments, context in extract_from_file(
            "python", str(source), keywords=KEYWORDS):
        found.append((context, message if isinstance(message, str) else tuple(message)))
    return found


def check_catalogues(game_id: str, sources: Iterable[Path]) -> None:
    """Both catalogues translate every msgid of the `sources`, none fuzzy, each msgstr
    with its msgid's placeholders, and hold no stale entry."""
    wanted = {(ctx, m if isinstance(m, str) else m[0]): m
              for source in sources for ctx, m in msgids(source)}
    for lang in ("de", "nl"):
        path = LOCALE / lang / "LC_MESSAGES" / f"{game_id}.po"
        with path.open("rb") as po:
            catalog = read_po(po, locale=lang)
        assert catalog.plural_forms == "nplurals=2; plural=(n != 1);"
        held = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m
                for m in catalog if m.id}
        assert set(held) == set(wanted), f"{lang}: {set(wanted) ^ set(held)}"
        for key, message in held.items():
            assert not message.fuzzy, f"{lang}: fuzzy {key}"
            ids = [message.id] if isinstance(message.id, str) else list(message.id)
            strs = [message.string] if isinstance(message.string, str) else list(message.string)
            assert all(strs), f"{lang}: untranslated {key}"
            for text in strs:
                assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(ids[-1])), (
                    f"{lang}: placeholders of {key}")


def refusals(game_id: str, players: int, seeds: Iterable[int],
             wrong: Callable[[Any], Iterable[Any]]) -> set[Refusal]:
    """The reasons given for unlisted moves over seeded random games: at every step each
    seat tries, besides nonsense, `wrong(move)` for every move some seat may make."""
    rules = GAMES[game_id]
    reasons: set[Refusal] = set()
    for seed in seeds:
        rnd = random.Random(seed)
        state = rules.setup(players, parse_options(rules.Options, {}), seed)
        while acting := sorted(rules.to_act(state)):
            listed = [m for s in range(players) for m in rules.legal_moves(state, s)]
            tries = [{}, {"type": "nonsense"}, *listed, *(w for m in listed for w in wrong(m))]
            for seat in range(players):
                mine = list(rules.legal_moves(state, seat))
                for move in tries:
                    if move not in mine:
                        reason = rules.refusal(state, seat, move)
                        assert isinstance(reason, Refusal), reason
                        reasons.add(reason)
            seat = rnd.choice(acting)
            state, _ = rules.apply(state, seat, rnd.choice(list(rules.legal_moves(state, seat))))
    return reasons


def check_refusals(game_id: str, book: ModuleType, reasons: set[Refusal]) -> None:
    """A refusal said again from its kind and data is its English; German and Dutch
    translate each, numbers kept."""
    for reason in reasons:
        said = book.refusal_text(reason.kind, reason.data, ENGLISH.gettext, ENGLISH.ngettext)
        assert said == reason
    for lang in ("de", "nl"):
        catalogue = translations(lang, domain=game_id)
        for reason in reasons:
            said = book.refusal_text(reason.kind, reason.data, catalogue.gettext,
                                     catalogue.ngettext)
            assert said != reason, f"{lang}: still English: {reason!r}"
            same_facts(reason, said)
