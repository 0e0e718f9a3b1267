"""Bullenparty in English, German and Dutch (app/games/bullenparty/phrases.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.games.base import Event, Move
from app.games.bullenparty import phrases
from app.games.bullenparty.state import OVER, Row, State
from app.i18n.games import card_words, event_text, localize_view, refusal_text
from tests.games.bullenparty.helpers import RULES, bid, bids, new_pile, play, state_from, take
from tests.games.phrasebook import (
    Played,
    check_catalogues,
    check_english,
    check_language,
    check_refusals,
    refusals,
)
from tests.games.phrasebook import play as play_games

GAME = "bullenparty"


@pytest.fixture(scope="module")
def played() -> Played:
    return play_games(GAME, range(2, 6), range(2))


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


def rare() -> Played:
    """Sentences random games seldom reach: void zero cards, a row closed without a bull,
    a take with a bull, the game ending early, no piles, and every kind of tie note."""
    out = Played()
    hands = [[10, 11, 12, 13, 14], [50, 51, 52, 53, 54]]

    def run(state: State, *steps: dict[int, int | str] | tuple[int, Move]) -> State:
        for step in steps:
            state, events = bids(state, step) if isinstance(step, dict) else play(state, step)
            out.events.extend(events)
            out.views.extend(RULES.view(state, s) for s in (None, 0, 1))
        return state

    state = state_from(hands, [[20, 21, 22, 23], [3, 4]], draw=[90], bull_stack=[])
    run(state, {0: "A", 1: 50}, (1, take(1)), (1, new_pile(3)))
    closed = Row([30, 31, 32, 33, 34], bull=5)
    state = run(state_from(hands, [[1, 2], closed], draw=[90]), {0: "A", 1: 50},
                (1, take(1)), (1, new_pile(30)), (1, new_pile(31)))
    run(state_from(hands, [[1, 2], closed], draw=[90]), {0: "A", 1: 50}, (1, take(0)),
        (1, new_pile(1)))
    state = run(state_from(hands, [[1, 2], [3, 4]], draw=[], discard=[]), {0: "A", 1: "B"},
                {0: 10, 1: 50}, (0, take(0)), (0, new_pile(1)), (1, new_pile(3)))
    for piles, bulls, players in [
        ({0: [[8]], 1: [[7], [5]], 2: [[16], [14]], 3: [[17]]}, {1: [4], 2: [4]}, 4),
        ({0: [[10], [1]], 1: [[8], [7]]}, {1: [4]}, 3),
        ({0: [[10], [1]], 1: [[19], [2]]}, {}, 2),
    ]:
        state = state_from([[] for _ in range(players)], [], piles=piles, bulls=bulls)
        state.phase, state.rows = OVER, []
        out.views.append(RULES.view(state, None))
    return out


def test_rare_sentences_in_every_language() -> None:
    said = rare()
    kinds = {e.kind for e in said.events}
    assert {"void", "no-cards", "close", "take"} <= kinds
    assert {e.data["why"] for e in said.events if e.kind == "void"} == {"blocked", "closed",
                                                                       "empty"}
    assert sum(bool(v["summary"] and v["summary"]["notes"]) for v in said.views) >= 3
    check_english(phrases, said)
    for lang in ("de", "nl"):
        check_language(GAME, lang, phrases, said)


def test_refusals_in_every_language() -> None:
    def wrong(move: Move) -> list[Move]:
        out: list[Move] = [{**move, "extra": 1}]
        if "card" in move:
            out += [{**move, "card": c} for c in (1, 50, 100, "E", "Q")]
        if "row" in move:
            out += [{**move, "row": r} for r in range(-1, 6)]
        if "pile" in move:
            out += [{**move, "pile": p} for p in range(-1, 4)]
        return out

    reasons = set()
    for players in (2, 3):
        reasons |= refusals(GAME, players, range(2), wrong)
    assert any(r.startswith("You do not hold") for r in reasons)
    assert any("may not go onto pile" in r for r in reasons)
    check_refusals(GAME, phrases, reasons)
    assert refusal_text(GAME, "not_held", {"card": 37}, "de") == "Du hast 37 nicht auf der Hand."
    assert refusal_text(GAME, "not_held", {"card": 37}) == "You do not hold 37."
