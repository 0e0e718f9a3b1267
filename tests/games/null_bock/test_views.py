"""What each seat may see: never another seat's hand, harem or pending Edge choice."""

from __future__ import annotations

import json

from app.games.null_bock import NullBockOptions, NullBockState
from tests.games.null_bock.helpers import RULES, as_json, play, state_from

KEYS = {
    "players",
    "phase",
    "round",
    "rounds",
    "target",
    "to_act",
    "turn",
    "first",
    "scores",
    "arena",
    "arena_owner",
    "top_stag_owner",
    "edges",
    "edge_chosen",
    "hand_sizes",
    "harem_sizes",
    "passes",
    "removed",
    "mine",
    "last",
    "summary",
    "outcome",
    "moves",
}


def play_state() -> NullBockState:
    return state_from(
        ["D5 D7 S2", "D6 D8 S9", "D9 S3 S0"],
        "D11 S6 S7",
        arena="D5+ S8",
        owner=2,
        turn=0,
        harems=["D13", "D6 S10", "D7+ S6"],
    )


def test_a_view_has_the_board_and_is_json() -> None:
    state = play_state()
    view = RULES.view(state, 0)
    assert set(view) == KEYS
    json.dumps(view)
    assert view["mine"] == {"hand": ["D5", "D7", "S2"], "harem": ["D13"], "edge_choice": None}
    assert view["hand_sizes"] == [3, 3, 3] and view["harem_sizes"] == [1, 2, 2]
    assert view["arena"] == ["D5+", "S8"] and view["top_stag_owner"] == 2
    assert view["edges"] == ["D11", "S6", "S7"]
    assert view["to_act"] == [0] and view["phase"] == "play"
    assert view["moves"] == RULES.legal_moves(state, 0)
    assert RULES.view(state, 1)["moves"] == []


def test_other_hands_and_harems_are_hidden() -> None:
    a = play_state()
    b = play_state()
    b.hands[1] = ["D6", "D9", "S10"]  # same size, other identity
    b.hands[2] = ["D8", "S2", "S9"]
    b.harems[1] = ["D15", "S0"]
    b.harems[2] = ["D1", "S5"]
    assert as_json(RULES.view(a, 0)) == as_json(RULES.view(b, 0))
    assert as_json(RULES.view(a, None)) == as_json(RULES.view(b, None))
    assert as_json(RULES.view(a, 1)) != as_json(RULES.view(b, 1))


def test_a_spectator_sees_no_hand_and_no_harem() -> None:
    state = play_state()
    view = RULES.view(state, None)
    assert view["mine"] is None
    assert view["moves"] == []
    text = as_json({k: v for k, v in view.items() if k not in ("arena", "edges", "removed")})
    for card in ("D7", "S9", "S0", "D13", "S10"):
        assert f'"{card}"' not in text


def test_a_pending_edge_choice_is_hidden_from_everyone_else() -> None:
    base = RULES.setup(4, NullBockOptions(), seed=4)
    first, second = base.hands[1][0], base.hands[1][-1]
    assert first != second
    a, events_a = RULES.apply(base, 1, {"type": "edge", "card": first})
    b, events_b = RULES.apply(base, 1, {"type": "edge", "card": second})
    for seat in (0, 2, 3, None):
        assert as_json(RULES.view(a, seat)) == as_json(RULES.view(b, seat))
        seen_a = [e.to_json() for e in events_a if e.visible_to(seat)]
        seen_b = [e.to_json() for e in events_b if e.visible_to(seat)]
        assert seen_a == seen_b
    assert RULES.view(a, 1)["mine"]["edge_choice"] == first
    assert RULES.view(a, 1)["edge_chosen"] == [False, True, False, False]
    assert [e.to for e in events_a if e.to is not None] == [frozenset({1})]


def test_events_of_a_play_are_public() -> None:
    state = play_state()
    new, events = play(state, 0, {"type": "play", "card": "D5", "to": "edge", "edge": 1})
    assert all(e.to is None for e in events)
    assert new.hands[0] == ["D7", "S2", "S6"] and new.edges[1] == "D5"
