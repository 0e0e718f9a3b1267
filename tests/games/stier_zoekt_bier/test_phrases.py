"""Stier zoekt Bier in three languages: English through the phrasebook is the engine's
own English; German and Dutch translate every text and keep the players' names."""

from __future__ import annotations

import pytest

from app.games.stier_zoekt_bier import cards as C
from app.games.stier_zoekt_bier import phrases
from tests.games.phrase_check import check_game, check_refusals, check_translated, speaker

GAME = "stier-zoekt-bier"
TEXTS = [("last", "text"), ("mine", "last", "text"), ("seats", "*", "status"),
         ("bull_info", "*", "name"), ("summary", "title"), ("summary", "rows", "*", "parts", "*"),
         ("summary", "notes", "*")]


@pytest.mark.parametrize(("players", "variant", "seed"),
                         [(3, "grand-cafe", 4), (4, "basic", 5), (5, "grand-cafe", 6)])
def test_whole_games_in_three_languages(players: int, variant: str, seed: int) -> None:
    names = frozenset(bull.name for bull in C.BULLS.values())  # German keeps them
    kinds = check_game(GAME, phrases, TEXTS, players, {"variant": variant}, seed, names)
    assert {"round", "deal", "hand", "pick", "picked", "stock", "draught", "take",
            "serve", "over"} <= kinds


def test_every_card_has_its_words() -> None:
    en = speaker(GAME, "en")
    codes = sorted(set(C.beer_deck())) + list(C.BULLS)
    for code in codes:
        english = phrases.card_words(code, *en)
        assert code not in english
        for lang in ("de", "nl"):
            if (lang, code) in SAME_WORDS:
                continue
            check_translated(english, phrases.card_words(code, *speaker(GAME, lang)), lang)
    assert phrases.card_words("L3", *en) == "3 lager"
    assert phrases.card_words("BA", *speaker(GAME, "nl")) == "Ozzy Oerstier"
    assert phrases.card_words("W2", *speaker(GAME, "de")) == "2 Weißbier"


SAME_WORDS = {("de", bull) for bull in C.BULLS} | {("nl", f"A{n}") for n in range(1, 6)}
"""The German table keeps the bulls' English names and Dutch says "ale" too (glossary)."""


def test_refusals_in_three_languages() -> None:
    names = frozenset(bull.name for bull in C.BULLS.values())
    reasons = set()
    for variant in ("basic", "grand-cafe"):
        reasons |= check_refusals(GAME, phrases, 3, {"variant": variant}, 8, names)
    assert len(reasons) >= 15
    assert any("drinks only" in reason for reason in reasons)
    # the sentences with a number or a bull in them, said from their kind and data
    nl = speaker(GAME, "nl")
    assert phrases.refusal_text("cellar_count", {"n": 3}, *nl) == (
        "Je kunt 0 tot 3 kaarten uit je kelder omdraaien.")
    assert phrases.refusal_text("full", {"bull": "BL"}, *nl) == (
        "Pietje Pils zit vol en krijgt geen bier meer.")
    assert phrases.refusal_text("had_one", {"bull": "BA"}, *nl) == (
        "Ozzy Oerstier heeft deze ronde al een kaart gekregen.")
