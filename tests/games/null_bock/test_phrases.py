"""Null Bock! in three languages: English through the phrasebook is the engine's own
English; German and Dutch translate every text and keep the players' names."""

from __future__ import annotations

import pytest

from app.games.null_bock import phrases
from app.games.null_bock.cards import full_deck
from tests.games.phrase_check import check_game, check_refusals, check_translated, speaker

GAME = "null-bock"
TEXTS = [("last", "text"), ("summary", "title"), ("summary", "rows", "*", "parts", "*"),
         ("summary", "notes", "*")]


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (5, 3), (6, 4)])
def test_whole_games_in_three_languages(players: int, seed: int) -> None:
    kinds = check_game(GAME, phrases, TEXTS, players, {"rounds": 2}, seed)
    assert {"round", "deal", "edge_chosen", "edge_secret", "reveal", "arena", "clean",
            "round_end", "game_end"} <= kinds


def test_every_card_has_its_words() -> None:
    en = speaker(GAME, "en")
    for code in sorted(set(full_deck())):
        english = phrases.card_words(code, *en)
        for lang in ("de", "nl"):
            local = phrases.card_words(code, *speaker(GAME, lang))
            if code != "S0":  # "Null Bock" is the card's name in every language
                check_translated(english, local, lang)
    assert phrases.card_words("D7+", *en) == "pretentious 7 doe"
    assert phrases.card_words("D7+", *speaker(GAME, "de")) == "Hirschkuh 7+"
    assert phrases.card_words("S8", *speaker(GAME, "nl")) == "hert 8"


def test_refusals_in_three_languages() -> None:
    reasons = check_refusals(GAME, phrases, 4, {"rounds": 1}, 5)
    assert len(reasons) >= 10
