"""Views: hands, unrevealed bids, zero letters and drafts are private; the draw pile order
is secret; everything face up is public."""

from __future__ import annotations

import json

from app.games.bullenparty.state import State
from tests.games.bullenparty.helpers import (
    RULES,
    bids,
    new_pile,
    play,
    seen,
    state_from,
    take,
    texts,
)

HANDS = [[10, 11, 12, 13, 14], [20, 21, 22, 23, 24], [30, 31, 32, 33, 34]]
ROWS = [[1, 2], [3, 4], [5, 6]]


def others(state: State, seat: int) -> dict[int | None, str]:
    """Every view except `seat`'s own."""
    return {s: seen(state, s) for s in [*range(state.players), None] if s != seat}


def test_a_hand_is_private_but_its_size_is_public() -> None:
    a = state_from(HANDS, ROWS, draw=[40, 41])
    b = state_from([HANDS[0], [20, 21, 22, 23, 25], HANDS[2]], ROWS, draw=[40, 41])
    assert others(a, 1) == others(b, 1)
    assert seen(a, 1) != seen(b, 1)
    assert RULES.view(a, 1)["mine"]["hand"] == [20, 21, 22, 23, 24]
    assert RULES.view(a, 0)["seats"][1]["hand_count"] == 5
    spectator = RULES.view(a, None)
    assert spectator["mine"] is None and spectator["moves"] == []
    assert "24" not in json.dumps(spectator["seats"])


def test_an_unrevealed_bid_is_private_even_number_against_zero() -> None:
    base = state_from(HANDS, ROWS, draw=[40, 41])
    a, _ = play(base, (1, {"type": "bid", "card": 22}))
    b, _ = play(base, (1, {"type": "bid", "card": "B"}))
    assert others(a, 1) == others(b, 1)
    assert RULES.view(a, 0)["seats"][1]["bid_status"] == "chosen"
    assert RULES.view(a, 0)["seats"][2]["bid_status"] == "choosing"
    assert RULES.view(a, 1)["mine"]["pending"] == 22


def test_revealed_bids_rows_piles_and_bulls_are_public() -> None:
    state = state_from(HANDS, ROWS, draw=[40, 41], piles={2: [[7, 9]]}, bulls={2: [5]})
    state, _ = bids(state, {0: 10, 1: 20, 2: "C"})
    view = RULES.view(state, None)
    assert [s["bid"] for s in view["seats"]] == [10, 20, "C"]
    assert view["seats"][2]["zero"] == "C"  # played once: known to all
    assert view["seats"][2]["piles"] == [[7, 9]] and view["seats"][2]["bulls"] == [5]
    assert [r["cards"] for r in view["rows"]] == ROWS
    assert view["current"] == 0 and view["to_act"] == [0] and view["phase"] == "take"


def test_a_zero_card_letter_is_secret_until_first_played() -> None:
    a = state_from(HANDS, ROWS, zeros="ABC")
    b = state_from(HANDS, ROWS, zeros="ADC")
    a.zeros_out, b.zeros_out = ["D", "E"], ["B", "E"]
    assert others(a, 1) == others(b, 1)
    assert RULES.view(a, 1)["mine"]["zero"] == "B"
    assert RULES.view(a, 0)["seats"][1]["zero"] is None


def test_draw_pile_order_and_removed_cards_are_secret() -> None:
    a = state_from(HANDS, ROWS, draw=[40, 41, 42, 43])
    b = state_from(HANDS, ROWS, draw=[43, 42, 41, 40])
    b.removed, a.removed = [90, 91], [92, 93]
    for s in [0, 1, 2, None]:
        assert seen(a, s) == seen(b, s)
    assert RULES.view(a, None)["draw_count"] == 4
    assert RULES.view(a, None)["removed_count"] == 2


def test_a_final_placement_in_progress_is_private() -> None:
    state = state_from(HANDS[:2], ROWS[:2], draw=[70], last_round=True)
    state, _ = bids(state, {0: 10, 1: 20})
    state, _ = play(state, (0, take(0)), (0, new_pile(1)), (1, new_pile(3)))
    assert state.phase == "final"
    a, events = play(state, (0, new_pile(2)))
    b, _ = play(state, (0, new_pile(14)))
    assert others(a, 0) == others(b, 0)
    assert texts(events, 1) == [] and texts(events, None) == []
    assert RULES.view(a, 0)["mine"]["draft"]["piles"] == [[1], [2]]
    assert RULES.view(a, 0)["mine"]["draft"]["plus_pile"] == 0  # 1 head each: the first


def test_events_tell_the_bidder_their_bid_and_the_others_only_that_they_bid() -> None:
    state = state_from(HANDS, ROWS)
    _, events = play(state, (2, {"type": "bid", "card": "C"}))
    assert texts(events, 2) == ["{p2} has chosen a bid.", "You bid zero card C."]
    assert texts(events, 0) == texts(events, None) == ["{p2} has chosen a bid."]


def test_a_seat_view_lists_its_moves_and_what_the_board_needs() -> None:
    state = state_from(HANDS, ROWS, draw=[40])
    view = RULES.view(state, 0)
    assert view["moves"] == list(RULES.legal_moves(state, 0))
    assert view["players"] == 3 and view["round"] == 1 and view["phase"] == "bid"
    assert view["to_act"] == [0, 1, 2] and view["scores"] == [0, 0, 0]
    assert view["heads"][8] == "5" and view["rows"][0]["heads"] == 2
    json.dumps(view)


def test_the_viewers_secrets_are_under_mine_only() -> None:
    state = state_from(HANDS, ROWS, draw=[40, 41], zeros="ABC")
    state, _ = play(state, (1, {"type": "bid", "card": 22}))
    view = RULES.view(state, 1)
    assert view["mine"] == {"hand": HANDS[1], "zero": "B", "pending": 22, "draft": None}
    assert view["seats"][1]["zero"] is None  # not played yet: not in the public part
    public = {k: v for k, v in view.items() if k not in ("mine", "moves")}
    assert public == {k: v for k, v in RULES.view(state, 0).items() if k not in ("mine", "moves")}


def test_scramble_changes_only_what_the_viewer_may_not_see() -> None:
    import random

    state = state_from(HANDS, ROWS, draw=[40, 41, 42, 43], zeros="ABC")
    state.zeros_out = ["D", "E"]
    state, _ = play(state, (2, {"type": "bid", "card": 33}))
    for viewer in (0, 1, 2, None):
        other = RULES.scramble(state, viewer, random.Random(3))
        assert seen(other, viewer) == seen(state, viewer)
        if viewer is not None:
            assert other.seats[viewer] == state.seats[viewer]
        assert RULES.encode(other) != RULES.encode(state)
        assert sorted(RULES.cards(other)) == sorted(RULES.cards(state))
