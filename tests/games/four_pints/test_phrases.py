"""Four pints, please in English, German and Dutch (app/games/four_pints/phrases.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.games.base import Event
from app.games.four_pints import names, phrases
from app.i18n.games import card_words, event_text, localize_view
from tests.games.four_pints.table import REVEAL, act_events, state_from
from tests.games.phrasebook import (
    Played,
    check_catalogues,
    check_english,
    check_language,
    play,
)

GAME = "four-pints-please"
# Words the same in English and the other languages: the beers' and Happy Hour's names.
SAME = frozenset({"Lager", "Bitter", "Red Ale", "Stout", "IPA", "Penny", "Happy Hour"})


@pytest.fixture(scope="module")
def played() -> Played:
    games = Played()
    for players in range(2, 7):
        one = play(GAME, players, range(3))
        games.events += one.events
        games.views += one.views
    return games


def test_english_is_the_engines_own(played: Played) -> None:
    check_english(phrases, played)
    kinds = {e.kind for e in played.events}
    assert set(phrases.SAY) - kinds <= {"end", "on-me", "reshuffle"}, "most kinds were said"


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_german_and_dutch_translate_everything(played: Played, lang: str) -> None:
    check_language(GAME, lang, phrases, played, SAME)


def test_the_catalogues_hold_every_msgid() -> None:
    check_catalogues(GAME, [Path(names.__file__), Path(phrases.__file__)],
                     [(phrases.IN_SENTENCE, phrases.FACE[c]) for c in phrases.BARE])


def test_card_words_are_the_faces() -> None:
    assert card_words(GAME, "Credit card") == "Credit card"
    assert card_words(GAME, "Credit card", "de") == "Kreditkarte"
    assert card_words(GAME, "Elbow a pint", "nl") == "Elleboogstoot"
    assert card_words(GAME, "£5", "de") == "£5"
    assert card_words(GAME, "IPA", "nl") == "IPA"


def test_articles_and_plurals_in_german() -> None:
    s = state_from(buying=["Smoke"], spilled={0: 2}, counter=["Lager", "Bitter", "Red Ale", "IPA"])
    _, events = act_events(s, REVEAL)
    said = [event_text(GAME, e, "de") for e in events]
    assert said[0] == "{p0} deckt eine Raucherpause auf."
    assert said[1] == "{p0} verliert den Zug: ab in die Raucherpause."
    mop = state_from(buying=["Mop"], spilled={0: 2})
    _, events = act_events(mop, REVEAL)
    assert event_text(GAME, events[1], "de") == "{p0} wischt 2 Verschüttete Pints auf."
    assert event_text(GAME, events[1], "nl") == "{p0} dweilt 2 Gemorste pinten op."


def test_a_view_in_dutch_keeps_everything_but_its_words(played: Played) -> None:
    final = next(v for v in played.views if v["summary"])
    dutch = localize_view(GAME, final, "nl")
    assert dutch["summary"]["title"] == "Het spel is afgelopen"
    assert {k: v for k, v in dutch.items() if k not in ("last", "summary")} == {
        k: v for k, v in final.items() if k not in ("last", "summary")}
    assert final["summary"]["title"] == "The game is over", "the view itself is unchanged"


def test_an_event_stored_without_its_data_keeps_its_english() -> None:
    old = Event("reveal", "{p1} reveals a Drunk.")
    assert event_text(GAME, old, "de") == "{p1} reveals a Drunk."
    assert event_text(GAME, Event("end", "The beer has run out: the game ends."), "nl") == (
        "Het bier is op: het spel is afgelopen.")
