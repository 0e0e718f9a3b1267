"""Bullenparty in English, German and Dutch (app/games/bullenparty/phrases.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.games.base import Event
from app.games.bullenparty import phrases
from app.i18n.games import card_words, event_text, localize_view
from tests.games.bullenparty.helpers import RULES, bid, bids, play, state_from
from tests.games.phrasebook import (
    Played,
    check_catalogues,
    check_english,
    check_language,
)
from tests.games.phrasebook import play as play_games

GAME = "bullenparty"


@pytest.fixture(scope="module")
def played() -> Played:
    games = Played()
    for players in range(2, 6):
        one = play_games(GAME, players, range(2))
        games.events += one.events
        games.views += one.views
    return games


def test_english_is_the_engines_own(played: Played) -> None:
    check_english(phrases, played)
    kinds = {e.kind for e in played.events}
    assert set(phrases.SAY) - kinds <= {"no-cards", "void"}, "most kinds were said"
    assert any(v["summary"] and not v["summary"]["final"] for v in played.views)


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_german_and_dutch_translate_everything(played: Played, lang: str) -> None:
    check_language(GAME, lang, phrases, played)


def test_the_catalogues_hold_every_msgid() -> None:
    check_catalogues(GAME, [Path(phrases.__file__)])


def test_card_words_follow_the_rulebook() -> None:
    assert card_words(GAME, "37", "de") == "37"
    assert card_words(GAME, "0C") == "zero card C"
    assert card_words(GAME, "0C", "de") == "Nullkarte C"
    assert card_words(GAME, "B4", "de") == "Stierkarte mit 4 Stierköpfen"
    assert card_words(GAME, "B4", "nl") == "stierkaart met 4 stierenkoppen"


def test_a_secret_bid_stays_with_its_bidder_in_every_language() -> None:
    state = state_from([[10, 20, 30, 40, 50], [11, 21, 31, 41, 51]], [[1, 2], [3, 4]],
                       draw=list(range(60, 80)))
    state, events = play(state, (1, bid(51)))
    public = [e for e in events if e.to is None]
    assert [event_text(GAME, e, "de") for e in public] == ["{p1} hat ein Gebot gewählt."]
    mine = [e for e in events if e.to == frozenset({1})]
    assert [event_text(GAME, e, "nl") for e in mine] == ["Je biedt 51."]
    for seat in (0, None):
        view = localize_view(GAME, RULES.view(state, seat), "de")
        assert "51" not in repr(view["last"]), "the German last play names no bid"
    state, events = bids(state, {0: "A"})
    said = [event_text(GAME, e, "de") for e in events if e.kind == "reveal"]
    assert said == ["Die Gebote werden aufgedeckt: {p0} Nullkarte A, {p1} 51."]



def test_an_event_stored_without_its_data_keeps_its_english() -> None:
    old = Event("take", "{p0} discards 12 and takes row 1: 3, 7 (2 heads).")
    assert event_text(GAME, old, "nl") == old.text
    view = RULES.view(state_from([[1], [2]], [[5, 6], [7, 8]]), None)
    view["last"] = {"seat": 0, "cards": [], "from": "hand", "to": "bid",
                    "text": "{p0} has chosen a bid."}
    assert localize_view(GAME, view, "de")["last"] == view["last"]
