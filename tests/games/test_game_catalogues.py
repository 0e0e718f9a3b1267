"""The catalogues of the games with a phrasebook: every message a phrasebook can say is
in the German and the Dutch catalogue, translated, not fuzzy, with the same named
placeholders, and with a Plural-Forms header; no entry is left over."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

from app.i18n.catalog import LOCALE

ROOT = Path(__file__).resolve().parents[2]
GAMES = {"stier-zoekt-bier": "stier_zoekt_bier", "null-bock": "null_bock"}
KEYWORDS = {"_": None, "n_": (1, 2)}
FIELD = re.compile(r"\{(\w+)\}")
WORD = re.compile(r"[^\W\d_]{3,}")
KEEP = {
    "null-bock": {"de": {"arena", "hand", "null", "bock", "bocks"},
                  "nl": {"arena", "hand", "null", "bock", "bocks"}},
    # German keeps the bulls' English names (glossary); "ale" and "later" are Dutch too
    "stier-zoekt-bier": {"de": {"lenny", "lager", "wally", "white", "derek", "dark", "andy",
                                "ale", "grand", "café"},
                         "nl": {"ale", "later", "grand", "café"}},
}
"""The words a translation may share with its English msgid: names and loanwords."""


def words(texts: tuple[str, ...]) -> set[str]:
    return {w.lower() for text in texts for w in WORD.findall(FIELD.sub("", text))}


def used(package: str) -> set[str]:
    """The msgids (singulars) the phrasebook's modules pass to `_` and `n_`."""
    ids = set()
    for path in sorted((ROOT / "app" / "games" / package).glob("*.py")):
        for _line, message, _comments, _context in extract_from_file(
                "python", str(path), keywords=KEYWORDS):
            ids.add(message if isinstance(message, str) else message[0])
    return ids


@pytest.mark.parametrize("lang", ["de", "nl"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_message_is_translated(game: str, lang: str) -> None:
    with (LOCALE / lang / "LC_MESSAGES" / f"{game}.po").open("rb") as po:
        catalog = read_po(po, locale=lang)
    assert catalog.plural_forms == "nplurals=2; plural=(n != 1);"
    entries = {m.id if isinstance(m.id, str) else m.id[0]: m for m in catalog if m.id}
    wanted = used(GAMES[game])
    assert len(wanted) > 50
    assert sorted(wanted - set(entries)) == [], "missing from the catalogue"
    assert sorted(set(entries) - wanted) == [], "left over in the catalogue"
    for key, message in entries.items():
        assert not message.fuzzy, key
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert len(strings) == (2 if len(ids) == 2 else 1) and all(strings), key
        for string in strings:
            assert set(FIELD.findall(string)) == set(FIELD.findall(ids[0])), key
        # a translation that keeps English words of its msgid was left (partly) English
        assert words(strings) & words(ids) <= KEEP[game][lang], key
