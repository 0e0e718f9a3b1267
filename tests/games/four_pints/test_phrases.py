"""Four pints, please in English, German and Dutch (app/games/four_pints/phrases.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.games.base import Event, Move
from app.games.four_pints import names, phrases, turns
from app.games.four_pints.state import FourPintsState
from app.i18n.games import card_words, event_text, localize_view
from tests.games.four_pints.table import REVEAL, RULES, act_events, buy, state_from
from tests.games.phrasebook import (
    Played,
    check_catalogues,
    check_english,
    check_language,
    check_refusals,
    play,
    refusals,
)

GAME = "four-pints-please"
# Words the same in English and the other languages: the beers' and Happy Hour's names.
SAME = frozenset({"Lager", "Bitter", "Red Ale", "Stout", "IPA", "Penny", "Happy Hour"})


@pytest.fixture(scope="module")
def played() -> Played:
    return play(GAME, range(2, 7), range(3))


def test_english_is_the_engines_own(played: Played) -> None:
    check_english(phrases, played)
    kinds = {e.kind for e in played.events}
    assert set(phrases.SAY) - kinds <= {"end", "on-me", "reshuffle"}, "most kinds were said"


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_german_and_dutch_translate_everything(played: Played, lang: str) -> None:
    check_language(GAME, lang, phrases, played, SAME)


def test_the_catalogues_hold_every_msgid() -> None:
    check_catalogues(GAME, [Path(names.__file__), Path(phrases.__file__)])


def test_card_words_are_the_faces() -> None:
    assert card_words(GAME, "Credit card") == "Credit card"
    assert card_words(GAME, "Credit card", "de") == "Kreditkarte"
    assert card_words(GAME, "Elbow a pint", "nl") == "Elleboogstoot"
    assert card_words(GAME, "£5", "de") == "£5"
    assert card_words(GAME, "IPA", "nl") == "IPA"


def test_articles_and_plurals_in_german() -> None:
    s = state_from(buying=["Smoke"], spilled={0: 2}, counter=["Lager", "Bitter", "Red Ale", "IPA"])
    _, events = act_events(s, REVEAL)
    said = {e.kind: event_text(GAME, e, "de") for e in events}
    assert said["reveal"] == "{p0} deckt eine Raucherpause auf."
    assert said["lost"] == "{p0} verliert den Zug: ab in die Raucherpause."
    mop = state_from(buying=["Mop"], spilled={0: 2})
    _, events = act_events(mop, REVEAL)
    [mopped] = [e for e in events if e.kind == "mop"]
    assert event_text(GAME, mopped, "de") == "{p0} wischt 2 Verschüttete Pints auf."
    assert event_text(GAME, mopped, "nl") == "{p0} dweilt 2 Gemorste pinten op."


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


def rare() -> Played:
    """Sentences random games seldom reach: the beer running out, an empty buying deck,
    a Barrel on an empty counter, the two-player On me!, and every kind of summary note."""
    out = Played()

    def run(s: FourPintsState, *moves: Move) -> None:
        for move in moves:
            s, events = act_events(s, move)
            out.events.extend(events)
            out.views.extend(RULES.view(s, seat) for seat in (None, *range(s.players)))

    run(state_from(purse=["£3"], beer=[], counter=["Lager", "Lager"]), buy("Lager"))
    run(state_from(buying=[]), REVEAL)
    run(state_from(buying=["Elbow a pint", "Mop", "Peanuts"]), REVEAL, REVEAL, REVEAL)
    run(state_from(players=2, purse=["£5", "£5"], play=["On me!"]), buy("Red Ale", "Lager"))
    reshuffles = state_from(buying=[], purse=["£5"], beer=[])
    reshuffles.buying_discard, reshuffles.beer_discard = ["£1"], ["Stout"] * 4
    run(reshuffles, REVEAL, buy("Lager"))
    barrel = state_from(counter=[], beer=["Barrel", *["Lager"] * 4])
    turns.refill(barrel, out.events)
    for players, pints, spilled, winner in [
        (4, {0: ["IPA"], 1: ["IPA"], 2: ["Stout", "Lager"], 3: ["Stout", "Lager"]}, {}, None),
        (4, {0: ["IPA", "IPA"], 1: ["IPA"], 2: ["Stout", "Lager"], 3: ["IPA"]}, {}, None),
        (3, {0: ["IPA", "IPA"], 1: ["IPA"], 2: ["Stout", "Lager"]}, {2: 1}, None),
        (2, {0: ["IPA"], 1: ["Stout", "Lager"]}, {}, None),
        (3, {0: ["IPA", "IPA"], 1: ["IPA"], 2: ["IPA"]}, {}, None),
        (3, {0: ["Stout"], 1: ["Stout"]}, {}, None),
        (3, {0: ["IPA", "IPA", "Bitter"], 1: ["IPA", "IPA", "Bitter"]}, {}, 0),
    ]:
        s = state_from(players, pints=pints, spilled=spilled)
        s.winner, s.exhausted = winner, winner is None
        out.views.append(RULES.view(s, None))
    return out


def test_rare_sentences_in_every_language() -> None:
    said = rare()
    seen = {(e.kind, str(e.data.get("why", e.data.get("deck", e.data.get("cards")))))
            for e in said.events}
    assert {("end", "None"), ("lost", "empty"), ("barrel", "[]"), ("elbow", "None"),
            ("mop", "None"), ("snack", "[]"), ("on-me", "None"), ("reshuffle", "beer"),
            ("reshuffle", "buying")} <= seen
    hows = {f.get("how", f["kind"]) for v in said.views if v["summary"]
            for f in v["summary"]["data"]["facts"]}
    assert hows == {"exhausted", "win", "late", "share-win", "share-place", "turn", "wins",
                    "higher"}
    check_english(phrases, said)
    for lang in ("de", "nl"):
        check_language(GAME, lang, phrases, said, SAME)


def test_refusals_in_every_language() -> None:
    def wrong(move: Move) -> list[Move]:
        if move["type"] == "buy":
            return [{**move, "pints": ["IPA", "IPA"]}, {**move, "pints": move["pints"][:1]}]
        return [{**move, "pint": "Barrel"}] if "pint" in move else []

    reasons = set()
    for players in (2, 3, 4):
        reasons |= refusals(GAME, players, range(2), wrong)
    assert len(reasons) >= 6, reasons
    check_refusals(GAME, phrases, reasons)
