"""The last play, the round and game summaries, and the words of the log."""

from __future__ import annotations

import random
import re

from app.games.base import parse_options
from app.games.registry import GAMES
from tests.games.null_bock.helpers import RULES, play, state_from, to_arena, to_edge
from tests.games.null_bock.test_rounds import end_round

CODE = re.compile(r"\b[DS]\d+\+?(?![\w-])")


def test_the_last_play_names_seat_cards_and_places() -> None:
    state = state_from(["D5 D7 S2", "D6 D8 S9", "D9 S3 S0"], "D11 S6 S7", arena="D5+ S8", owner=2)
    new, _ = play(state, 0, to_edge("D5", 1))
    last = RULES.view(new, 2)["last"]
    assert last == {
        "seat": 0, "cards": ["D5"], "from": "hand", "to": "edge-1",
        "text": "{p0} plays a 5 doe on {p1}'s Edge and takes the 6 stag into their hand.",
        "kind": "edge", "data": {"seat": 0, "card": "D5", "owner": 1, "old": "S6"},
    }
    new, _ = play(new, 1, to_arena("S9"))
    assert RULES.view(new, None)["last"]["to"] == "arena"
    assert RULES.view(new, None)["last"]["cards"] == ["S9"]


def test_an_edge_choice_shows_as_last_without_its_card() -> None:
    state = RULES.setup(3, RULES.Options(), seed=3)
    card = state.hands[1][0]
    new, _ = RULES.apply(state, 1, {"type": "edge", "card": card})
    for seat in (0, 1, 2, None):
        assert RULES.view(new, seat)["last"] == {
            "seat": 1, "cards": [], "from": "hand", "to": "edge-1",
            "text": "{p1} chose an Edge card.",
            "kind": "chose_edge", "data": {"seat": 1},  # and not the card
        }


def test_a_round_summary_explains_every_score_until_play_starts() -> None:
    new, _ = end_round(scores=[10, 0, 20], first=1)
    sm = RULES.view(new, 1)["summary"]
    assert sm["title"] == "Round 1 is over" and sm["final"] is False
    assert [r["seat"] for r in sm["rows"]] == [2, 0, 1]  # best total first
    rows = {r["seat"]: r for r in sm["rows"]}
    assert rows[0]["score"] == 9
    assert rows[0]["parts"] == [
        "This round: -1 point",
        "Does won (5 doe): 5 points",
        "Does left in hand (6 doe): -6 points",
    ]
    assert rows[1]["parts"] == [
        "This round: 0 points", "No does won and none left in hand: 0 points"
    ]
    assert not any(r["winner"] for r in sm["rows"])
    assert sm["notes"] == [
        "Round 1 ended because the player to act has no cards left.",
        "{p2} has the most points and begins round 2.",
    ]
    for seat in range(3):  # still there while the Edges are chosen
        new, _ = RULES.apply(new, seat, {"type": "edge", "card": new.hands[seat][0]})
        assert (RULES.view(new, None)["summary"] is None) == (seat == 2)


def test_a_tie_for_first_place_is_explained() -> None:
    new, _ = end_round(scores=[21, 0, 28], first=1)
    notes = RULES.view(new, None)["summary"]["notes"]
    assert notes[1] == (
        "{p0} and {p2} have 20 points each; {p2} begins round 2, coming first clockwise "
        "from {p1}, who began round 1."
    )


def test_the_final_summary_is_the_result() -> None:
    new, _ = end_round(scores=[21, 0, 28], target=20)
    sm = RULES.view(new, 0)["summary"]
    assert sm["title"] == "The game is over" and sm["final"] is True
    assert [(r["seat"], r["score"], r["winner"]) for r in sm["rows"]] == [
        (0, 20, True), (2, 20, True), (1, 0, False)
    ]
    assert sm["rows"][0]["parts"][0] == "Round 1: -1 point"
    assert "{p0} and {p2} have 20 points each and share the win." in sm["notes"]


def test_a_null_bock_in_the_summary() -> None:
    state = state_from(["S7 D6 S0", "", "D8"], "D9 S9 S8", arena="D5 S0 S6", owner=2, rounds=1)
    new, _ = play(state, 0, to_arena("S7"))
    parts = RULES.view(new, None)["summary"]["rows"]
    mine = next(r for r in parts if r["seat"] == 0)["parts"]
    assert "1 Null Bock won with an Arena: 15 points" in mine
    assert "1 Null Bock left in hand: -15 points" in mine


def test_the_log_speaks_the_faces_words() -> None:
    rules = GAMES["null-bock"]
    rnd = random.Random(11)
    state = rules.setup(4, parse_options(rules.Options, {"rounds": 2}), 11)
    texts: list[str] = []
    kinds: list[str] = []
    while rules.to_act(state):
        seat = rnd.choice(sorted(rules.to_act(state)))
        state, events = rules.apply(state, seat, rnd.choice(list(rules.legal_moves(state, seat))))
        texts += [e.text for e in events]
        kinds += [e.kind for e in events]
        view = rules.view(state, None)
        if view["last"]:
            texts.append(view["last"]["text"])
        for row in (view["summary"] or {}).get("rows", []):
            texts += row["parts"]
    assert kinds.count("round") == 2  # round 1 (logged with the first move) and round 2
    assert any("Null Bock" in t for t in texts) and any(" doe" in t for t in texts)
    for text in texts:
        assert not CODE.search(text), text
        assert "(s)" not in text and " 1 points" not in text and " 1 cards" not in text, text
        assert not re.search(r"\ba ([8]|11)\b", text), text
