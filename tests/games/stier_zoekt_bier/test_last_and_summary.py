"""The view's `last` play and `summary`, and the words of the log (docs/contracts.md)."""

from __future__ import annotations

import json
import random
import re

import pytest

from app.games.base import IllegalMove
from app.games.stier_zoekt_bier.state import DRAFT, OVER, SERVE, State
from tests.games.stier_zoekt_bier.helpers import (
    RULES,
    STOP,
    act,
    draught,
    pick,
    play,
    pour,
    seat,
    serve,
    table,
)

VIEWERS: list[int | None] = [0, 1, 2, None]
CODE = re.compile(r"\b[LWDA][1-5]\b|\bB[LWDA]\b|\(s\)")


def serving(*seats: object, round: int = 1) -> State:
    return table(phase=SERVE, seats=list(seats), round=round,  # type: ignore[arg-type]
                 bull_deck="BL BA BD BW BL BA", deck=" ".join(["W1"] * 30))


def test_ruling_a_cellar_card_taken_while_serving_is_face_up_for_everyone() -> None:
    state = serving(seat(stock="L2 W3 A4", pub=["BA"]), seat(stock="L1"), seat(stock="L1"))
    state, events = act(state, 0, serve("A4", 0))
    assert [e.to for e in events] == [None] and "4 ale from the cellar" in events[0].text
    for viewer in VIEWERS:
        last = RULES.view(state, viewer)["last"]
        assert last["cards"] == ["A4"] and last["from"] == "cellar-0"
        assert last["to"] == "pub-0-0"
    state, events = act(state, 0, pour("W3"))
    assert [e.to for e in events] == [None] and "pours away 3 white" in events[0].text
    for viewer in VIEWERS:
        last = RULES.view(state, viewer)["last"]
        assert last == {"seat": 0, "cards": ["W3"], "from": "cellar-0", "to": "discard",
                        "text": "{p0} pours away 3 white from the cellar.",
                        "kind": "pour", "data": {"seat": 0, "card": "W3", "from": "cellar"}}


def test_a_draught_is_everyones_last_play() -> None:
    state = table(boss=0, middle="BL BA", seats=[
        seat(stock="L1 L2 L3 L4 L5 A5"), seat(stock="L1"), seat(stock="L1"),
    ])
    state = play(state, (0, draught(2)))
    for viewer in VIEWERS:
        last = RULES.view(state, viewer)["last"]
        assert last["cards"] == ["A5", "L5", "L4"] and last["to"] == "draughted-0"
        assert last["text"] == ("{p0} draughts 5 ale, 5 lager and 4 lager (2 from the "
                                "cellar): a bid of 9 lager.")


def draft() -> State:
    return table(phase=DRAFT, seats=[
        seat(hand="L1 L2 L3 W1 W2 W3"), seat(hand="D1 D2 D3 A1 A2 A3"),
        seat(hand="L5 L5 W5 W5 D5 A5"),
    ], deck="L1 L2 L3 L4")


def test_a_draft_pick_is_the_pickers_last_play_only() -> None:
    before = draft()
    state = play(before, (0, pick("W2")))
    mine = RULES.view(state, 0)["mine"]["last"]
    assert mine["cards"] == ["W2"] and mine["text"] == "You keep 2 white."
    for viewer in (1, 2, None):
        assert RULES.view(state, viewer) == RULES.view(before, viewer)
    # another seat's secret pick changes nothing in seat 0's view either
    assert RULES.view(play(state, (1, pick("D1"))), 0) == RULES.view(state, 0)
    state = play(state, (0, pick("L3")))
    assert RULES.view(state, 0)["mine"]["last"]["text"] == "You keep 2 white and 3 lager."
    public = RULES.view(state, 1)["last"]
    assert public == {"seat": 0, "cards": [], "from": "hand", "to": "stock-0",
                      "text": "{p0} has chosen.",
                      "kind": "picked", "data": {"seat": 0}}
    assert RULES.view(state, 1)["mine"]["last"] is None


def end_of_round() -> State:
    state = serving(seat(stock="L1", pub=["BD:D5 D2"]), seat(stock="L1", pub=["BL:L5 L5"]),
                    seat(stock="L1"), round=3)
    return play(state, (0, STOP), (1, STOP), (2, STOP))


def test_a_rounds_summary_shows_until_the_next_public_play() -> None:
    state = end_of_round()
    assert state.phase == DRAFT and state.round == 4
    for viewer in VIEWERS:
        summary = RULES.view(state, viewer)["summary"]
        assert summary["title"] == "Round 3 is over" and not summary["final"]
        assert [row["seat"] for row in summary["rows"]] == [0, 1, 2]
        assert summary["rows"][0]["parts"] == [
            "Derek Dark: 7 glasses, 3 points", "Served: 2 beer cards, 7 glasses"]
        assert summary["rows"][2]["parts"] == ["No bulls", "Served: 0 beer cards, 0 glasses"]
    # a secret first pick does not take it away (that would tell who has picked)...
    state = play(state, (1, RULES.legal_moves(state, 1)[0]))
    assert RULES.view(state, 0)["summary"] is not None
    # ...the first public play does
    state = play(state, (1, RULES.legal_moves(state, 1)[0]))
    assert all(RULES.view(state, v)["summary"] is None for v in VIEWERS)


def finished(*pubs: list[str]) -> State:
    return table(phase=OVER, seats=[seat(pub=p) for p in pubs])


def test_the_final_summary_names_the_tie_break() -> None:
    state = finished(["BD:D5 D2"], ["BD:D1 D1 D1 D4"], ["BA:A3 A3"])
    summary = RULES.view(state, None)["summary"]
    assert summary["final"] and summary["title"] == "The game is over"
    assert [(r["seat"], r["score"], r["winner"]) for r in summary["rows"]] == [
        (1, 3, True), (0, 3, False), (2, 3, False)]
    assert summary["notes"] == [
        "{p1}, {p0} and {p2} have 3 points each; the tie-break (most beer cards served, "
        "then most glasses) ranks them: {p1} 4 cards and 7 glasses, {p0} 2 cards and "
        "7 glasses, {p2} 2 cards and 6 glasses."]
    two = RULES.view(finished(["BD:D5 D3"], ["BD:D4 D3"], []), 0)["summary"]
    assert two["notes"] == ["{p0} and {p1} have 3 points each; {p0} places ahead: as many "
                            "beer cards served (2), more glasses (8 to 7)."]
    shared = RULES.view(finished(["BD:D5 D3"], ["BD:D4 D4"], []), 0)["summary"]
    assert [r["winner"] for r in shared["rows"]] == [True, True, False]
    assert "they share the win" in shared["notes"][0]
    assert RULES.view(finished(["BD:D5 D3"], [], []), 0)["summary"]["notes"] == []


def test_a_pair_is_explained_in_the_summary() -> None:
    state = finished(["BA+BA:A5 A4", "BL+BL:L5"], [], [])
    parts = RULES.view(state, 0)["summary"]["rows"][0]["parts"]
    assert parts[:2] == ["Andy Ale pair: 9 glasses, 6 points (a pair scores double)",
                         "Lenny Lager pair: 5 glasses (10 for 4 points)"]


@pytest.mark.parametrize("look_alike", [
    {"type": "draught", "cards": 1.0}, {"type": "draught", "cards": True},
    {"type": "draught", "cards": "1"},
])
def test_a_move_equal_in_value_but_not_in_type_is_refused(look_alike: object) -> None:
    state = table(seats=[seat(stock="L1 L2 L3 L4"), seat(stock="L1"), seat(stock="L1")])
    assert draught(1) in RULES.legal_moves(state, 0)
    before = json.dumps(RULES.encode(state), sort_keys=True)
    with pytest.raises(IllegalMove) as caught:
        RULES.apply(state, 0, look_alike)  # type: ignore[arg-type]
    assert "cellar" in caught.value.reason
    assert json.dumps(RULES.encode(state), sort_keys=True) == before


def test_the_log_and_views_name_cards_by_their_faces_in_a_whole_game() -> None:
    rnd = random.Random(11)
    state = RULES.setup(4, RULES.Options(), 11)
    rounds = []
    while RULES.to_act(state):
        s = rnd.choice(sorted(RULES.to_act(state)))
        state, events = RULES.apply(state, s, rnd.choice(RULES.legal_moves(state, s)))
        rounds += [e.data["round"] for e in events if e.kind == "round"]
        for event in events:
            assert not CODE.search(event.text), event.text
        for viewer in (s, None):
            view = RULES.view(state, viewer)
            texts = [view["last"]["text"]] if view["last"] else []
            if view["summary"]:
                texts += view["summary"]["notes"]
                texts += [p for row in view["summary"]["rows"] for p in row["parts"]]
            for text in texts:
                assert not CODE.search(text), text
    assert rounds == [1, 2, 3, 4, 5, 6, 7, 8]  # round 1 logged with the first move
