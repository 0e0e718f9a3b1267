"""The view's last play and summary, and the log's words (docs/contracts.md §1-§2)."""

from __future__ import annotations

import random
import re

from app.games.base import Event
from tests.games.four_pints.table import RULES, act, act_events, buy, state_from

GIVE_LAGER = {"type": "give", "pint": "Lager", "to": 2}


def texts(events: list[Event]) -> list[str]:
    return [e.text for e in events]


def test_the_last_play_names_cards_and_places() -> None:
    s = state_from(buying=["£5", "Drunk"], purse=[])
    assert RULES.view(s, None)["last"] is None or s.last is None
    s, _ = act_events(s, {"type": "reveal"})
    assert RULES.view(s, 1)["last"] == {
        "seat": 0, "cards": ["£5"], "from": "buying-deck", "to": "purse",
        "text": "{p0} reveals £5.", "kind": "reveal", "data": {"seat": 0, "card": "£5"},
    }
    s, _ = act_events(s, {"type": "reveal"})
    assert RULES.view(s, None)["last"]["to"] == "play"
    s, _ = act_events(s, buy("Red Ale"))
    last = RULES.view(s, 2)["last"]
    assert last["cards"] == ["Red Ale"] and last["from"] == "counter" and last["to"] == "area-0"
    assert last["text"] == "{p0} buys a Red Ale."


def test_a_lost_turn_sends_the_last_card_to_the_discard_pile() -> None:
    s, _ = act_events(state_from(buying=["Smoke"]), {"type": "reveal"})
    last = RULES.view(s, 0)["last"]
    assert last["to"] == "buying-discard" and last["cards"] == ["Smoke"] and s.active == 1


def test_an_on_me_gift_goes_from_the_bought_pints_to_the_friend() -> None:
    s = state_from(purse=["£5", "£5"], play=["On me!"])
    s = act(s, buy("Red Ale", "Lager"))
    assert RULES.view(s, 0)["last"]["to"] == "bought"
    s, events = act_events(s, GIVE_LAGER)
    last = RULES.view(s, 0)["last"]
    assert (last["from"], last["to"], last["cards"]) == ("bought", "area-2", ["Lager"])
    assert "{p0} gives a Lager to {p2}: on me!" in texts(events)


def test_log_words_are_the_faces_words_with_articles_and_plurals() -> None:
    s = state_from(buying=["Slip"], pints={0: ["IPA", "Lager"]})
    s, _ = act_events(s, {"type": "reveal"})
    _, events = act_events(s, {"type": "slip", "pint": "IPA"})
    assert "{p0} slips and loses an IPA." in texts(events)
    _, events = act_events(state_from(buying=["Mop"], spilled={0: 1}), {"type": "reveal"})
    assert "{p0} mops up 1 Spilled pint." in texts(events)
    _, events = act_events(state_from(buying=["Mop"], spilled={0: 2}), {"type": "reveal"})
    assert "{p0} mops up 2 Spilled pints." in texts(events)
    _, events = act_events(state_from(buying=["Mop"]), {"type": "reveal"})
    assert "{p0} has no Spilled pint to mop up." in texts(events)
    _, events = act_events(state_from(purse=["£5", "£2"]), buy("Stout"))
    assert "{p0} buys a Stout with £2 and £5." in texts(events)
    _, events = act_events(state_from(buying=["Spilled pint"]), {"type": "reveal"})
    assert "{p0} reveals a -1 Spilled pint." in texts(events)


def test_no_codes_no_bracketed_plurals_and_no_bad_articles_in_whole_games() -> None:
    bad = re.compile(r"\(s\)|\ba [AEIOU]|\b1 points\b|\b1 more turns\b|\bthe turn of\b")
    for players, seed in [(2, 4), (3, 5), (5, 6)]:
        rnd = random.Random(seed)
        s = RULES.setup(players, RULES.Options(), seed)
        rounds = 0
        while RULES.to_act(s):
            s, events = RULES.apply(s, s.active, rnd.choice(list(RULES.legal_moves(s, s.active))))
            for e in events:
                assert not bad.search(e.text), e.text
                rounds += e.kind == "round"
        assert rounds == s.round and s.round > 1  # round 1 included (with the first move)


def test_each_round_starts_with_a_round_event_when_play_returns_to_the_first_seat() -> None:
    s = state_from(players=3, buying=["Smoke", "Smoke", "Smoke"], active=0)
    s.first, s.round = 0, 1
    s.opening = []  # mid-round 1: the set-up's "Round 1." was logged already
    s, events = act_events(s, {"type": "reveal"})
    assert "round" not in [e.kind for e in events] and s.active == 1
    s = act(s, {"type": "reveal"})
    s, events = act_events(s, {"type": "reveal"})
    assert [e.text for e in events if e.kind == "round"] == ["Round 2."]
    assert s.round == 2 and RULES.view(s, None)["round"] == 2


def test_a_st_patricks_turn_does_not_start_a_round() -> None:
    s = state_from(players=2, buying=["St Patrick's", "Smoke", "Smoke"], active=1)
    s.first, s.round = 0, 1
    s = act(s, {"type": "reveal"})
    s, events = act_events(s, {"type": "reveal"})
    assert s.active == 1 and "round" not in [e.kind for e in events]


def test_the_summary_explains_the_score_and_the_instant_win() -> None:
    s = state_from(purse=["£3"], pints={0: ["IPA", "IPA", "Lager"], 1: ["Stout"]},
                   spilled={1: 1})
    assert RULES.view(s, 0)["summary"] is None
    s = act(s, buy("Lager"))
    sm = RULES.view(s, 1)["summary"]
    assert sm["final"] is True and sm["title"] == "The game is over"
    assert sm["rows"][0] == {"seat": 0, "score": 12, "winner": True,
                             "parts": ["2 IPAs: 10 points", "2 Lagers: 2 points"]}
    assert sm["rows"][1] == {"seat": 1, "score": 3, "winner": False,
                             "parts": ["1 Stout: 4 points", "1 Spilled pint: -1 point"]}
    assert sm["rows"][2]["parts"] == ["no pints"]
    assert sm["notes"] == ["{p0} reaches 12 points and wins at once."]


def test_a_tie_on_points_split_by_the_pints_gets_a_note() -> None:
    s = state_from(purse=["£5"], beer=[], counter=["Red Ale", "Lager"],
                   pints={0: ["IPA"], 1: ["Stout", "Lager"], 2: ["Bitter"]})
    s = act(s, buy("Red Ale"))  # seat 0: IPA + Red Ale = 8; the counter cannot refill
    s2 = state_from(purse=["£3"], beer=[], counter=["Lager", "Lager"],
                    pints={0: ["Stout"], 1: ["Stout", "Lager"], 2: ["Red Ale", "Bitter"]})
    s2 = act(s2, buy("Lager"))  # 5, 5, 5: seat 2 loses to the Stouts, 0 and 1 share
    sm = RULES.view(s2, None)["summary"]
    assert [r["seat"] for r in sm["rows"]] == [0, 1, 2]
    assert [r["winner"] for r in sm["rows"]] == [True, True, False]
    assert sm["notes"][0] == "The beer has run out: the highest score wins."
    assert sm["notes"][1] == (
        "{p0}, {p1} and {p2} have 5 points each; {p0} and {p1} win: their pints, sorted"
        " from the most valuable, are worth more."
    )
    assert RULES.view(s, None)["summary"]["notes"] == [
        "The beer has run out: the highest score wins."
    ]


def test_an_unbroken_tie_shares_the_win_in_the_notes() -> None:
    s = state_from(players=2, purse=["£3"], beer=[], counter=["Lager", "Stout"],
                   pints={0: ["Stout"], 1: ["Stout", "Lager"]})
    s = act(s, buy("Lager"))
    notes = RULES.view(s, 0)["summary"]["notes"]
    assert notes[-1] == ("{p0} and {p1} have 5 points each and pints of the same worth:"
                         " they share the win.")


def test_both_at_12_with_a_gift_says_why_the_active_player_wins() -> None:
    s = state_from(purse=["Credit card"], play=["On me!"], counter=["Bitter", "Bitter"],
                   pints={0: ["IPA", "IPA"], 1: ["IPA", "IPA"]})
    s = act(s, buy("Bitter", "Bitter", pay="credit"), {"type": "give", "pint": "Bitter", "to": 1})
    notes = RULES.view(s, 2)["summary"]["notes"]
    assert "{p1} also reached 12 points with the gift" in notes[1]
    assert notes[2] == "{p0} and {p1} have 12 points each; {p0} wins: it is their turn."
