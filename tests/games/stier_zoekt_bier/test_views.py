"""What each seat sees: own cellar and draft hand only, secret picks, spectators."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from app.games.base import Event
from app.games.stier_zoekt_bier import flow
from app.games.stier_zoekt_bier.state import DRAFT, OVER, State
from tests.games.stier_zoekt_bier.helpers import RULES, act, pick, play, seat, table

SEATS: list[int | None] = [0, 1, 2, None]


def views(state: State) -> dict[int | None, str]:
    return {s: json.dumps(RULES.view(state, s), sort_keys=True) for s in SEATS}


def seen_by(a: State, b: State) -> set[int | None]:
    """The viewers for whom states a and b look different."""
    va, vb = views(a), views(b)
    return {s for s in SEATS if va[s] != vb[s]}


def draft(hand0: str = "L1 L2 L3 W1 W2 W3", stock0: str = "A1 A2 D3") -> State:
    return table(phase=DRAFT, seats=[
        seat(stock=stock0, hand=hand0), seat(hand="D1 D2 D3 A1 A2 A3"),
        seat(hand="L5 L5 W5 W5 D5 A5"),
    ], deck="L1 L2 L3 L4", discard="W1 W2")


def test_the_draft_hand_is_seen_by_its_owner_only() -> None:
    assert seen_by(draft(), draft(hand0="A5 A4 A3 D1 D2 D3")) == {0}
    mine = RULES.view(draft(), 0)["mine"]
    assert mine["hand"] == ["L1", "L2", "L3", "W1", "W2", "W3"] and mine["keep"] == 2
    assert RULES.view(draft(), None)["mine"] is None
    assert RULES.view(draft(), None)["moves"] == []


def test_the_cellar_is_seen_by_its_owner_only() -> None:
    assert seen_by(draft(), draft(stock0="L5 W4 A3")) == {0}
    assert RULES.view(draft(), 0)["mine"]["cellar"] == ["A1", "A2", "D3"]
    assert RULES.view(draft(), 1)["seats"][0]["cellar"] == 3


def test_picks_stay_secret_until_everyone_has_picked() -> None:
    one = play(draft(), (0, pick("L1")), (0, pick("L2")))
    other = play(draft(), (0, pick("W3")), (0, pick("W1")))
    assert seen_by(one, other) == {0}
    assert RULES.view(one, 1)["seats"][0]["status"] == "has chosen"
    assert RULES.view(one, 1)["seats"][1]["status"] == "choosing"
    assert RULES.view(one, 0)["mine"]["picks"] == ["L1", "L2"]
    # a half-made pick is as secret as a whole one
    half = play(draft(), (0, pick("L1")))
    assert seen_by(half, draft()) == {0}


def test_the_pick_events_are_private() -> None:
    state, events = act(draft(), 0, pick("L1"))
    assert all(event.to == frozenset({0}) for event in events)
    state, events = act(state, 0, pick("W2"))
    public = [event for event in events if event.to is None]
    assert public and all("2 white" not in event.text for event in public)


def test_stocked_cards_show_only_the_overflow() -> None:
    full = table(phase=DRAFT, seats=[
        seat(stock="A1 A2 A3 A4", hand="L1 L2 L3 W1 W2 W3"),
        seat(hand="D1 D2 D3 A1 A2 A3"), seat(hand="L5 L5 W5 W5 D5 A5"),
    ])
    state = play(full, (0, pick("L1")), (0, pick("W3")), (1, pick("D1")), (1, pick("D2")),
                 (2, pick("L5")))
    state, events = act(state, 2, pick("W5"))  # the last pick reveals the stocks
    spectator = RULES.view(state, None)
    assert spectator["seats"][0]["overflow"] == ["W3"]
    assert spectator["seats"][0]["cellar"] == 5
    public = " ".join(e.text for e in events if e.to is None)
    assert "3 white" in public and "1 lager" not in public


def test_draw_pile_order_and_discard_contents_are_hidden() -> None:
    a, b = draft(), draft()
    b.beer_deck.reverse()
    b.discard = ["A5", "A5"]
    assert seen_by(a, b) == set()


def test_a_spectator_sees_no_private_card_in_a_whole_game() -> None:
    rnd = random.Random(5)
    state = RULES.setup(3, RULES.Options(), 5)
    while RULES.to_act(state):
        spectator = RULES.view(state, None)
        assert spectator["mine"] is None and spectator["moves"] == []
        hidden = _mutate_hidden(state)
        assert json.dumps(RULES.view(hidden, None), sort_keys=True) == json.dumps(
            spectator, sort_keys=True)
        for s in range(3):
            for other in range(3):
                if other != s:
                    assert _same_for(state, _mutate_hidden(state, only=other), s)
        s = rnd.choice(sorted(RULES.to_act(state)))
        state, _ = RULES.apply(state, s, rnd.choice(RULES.legal_moves(state, s)))


def _replace_cards(cards: list[str]) -> list[str]:
    swap: Callable[[str], str] = lambda c: ("A" if c[0] != "A" else "L") + c[1:]  # noqa: E731
    return [swap(c) for c in cards]


def _mutate_hidden(state: State, only: int | None = None) -> State:
    """The same state with every hidden card (of one seat, or of all) changed."""
    new = state.clone()
    new.beer_deck = _replace_cards(new.beer_deck)
    new.discard = _replace_cards(new.discard)
    for s, me in enumerate(new.seats):
        if only is not None and s != only:
            continue
        me.hand = _replace_cards(me.hand)
        me.picks = _replace_cards(me.picks)
        me.stock = _replace_cards(me.cellar) + me.overflow
    return new


def _same_for(a: State, b: State, viewer: int) -> bool:
    return json.dumps(RULES.view(a, viewer), sort_keys=True) == json.dumps(
        RULES.view(b, viewer), sort_keys=True)


def test_dealt_and_received_hands_are_told_to_their_owner_only() -> None:
    state = table(phase=OVER, seats=[seat(), seat(), seat()], deck=" ".join(["L1"] * 30))
    events: list[Event] = []
    flow._deal(state, events)
    hands = [e for e in events if e.kind == "hand"]
    assert [e.to for e in hands] == [frozenset({0}), frozenset({1}), frozenset({2})]
    assert all("1 lager" not in e.text for e in events if e.to is None)


def test_grand_cafe_others_cannot_tell_the_top_cellar_card_from_a_forced_draught() -> None:
    # Only lager in the overflow; on top of the cellar A2 (no lager run) or L2 (a run).
    # Whether seat 0 is asked to draught must not tell the others which it is.
    def grand(stock0: str) -> State:
        return table(variant="grand-cafe", seats=[
            seat(stock=stock0), seat(stock="L1"), seat(stock="L1"),
        ])

    no_run, run = grand("W1 W1 L1 A1 A2 L3"), grand("W1 W1 L1 A1 L2 L3")
    assert RULES.to_act(no_run) == RULES.to_act(run) == {0}
    assert seen_by(no_run, run) == {0}
