"""Reducing to 5 number cards right after taking a row, onto strictly ascending piles."""

from __future__ import annotations

from app.games.bullenparty.state import REDUCE, State
from tests.games.bullenparty.helpers import (
    RULES,
    bid,
    bids,
    new_pile,
    place,
    play,
    refused,
    state_from,
    take,
    texts,
)


def reducing() -> State:
    hands = [[10, 11, 12, 13, 14], [50, 51, 52, 53, 54]]
    state = state_from(hands, [[1, 2, 3, 4], [5, 6]], piles={0: [[20]]})
    state, _ = bids(state, {0: 10, 1: 50})
    state, _ = play(state, (0, take(0)))
    return state


def test_after_taking_a_row_the_player_lays_cards_until_five_are_left() -> None:
    state = reducing()
    assert state.phase == REDUCE and RULES.to_act(state) == {0}
    assert state.seats[0].hand == [1, 2, 3, 4, 11, 12, 13, 14]
    moves = RULES.legal_moves(state, 0)
    # a card goes onto a pile only when higher than its top; a new pile is always allowed
    assert place(14, 0) not in moves and new_pile(14) in moves
    assert len(moves) == 8
    state, events = play(state, (0, new_pile(2)), (0, place(11, 1)))
    assert texts(events) == ["{p0} starts a new pile with 2.", "{p0} lays 11 on pile 2."]
    assert state.seats[0].piles == [[20], [2, 11]] and state.phase == REDUCE
    assert place(4, 1) not in RULES.legal_moves(state, 0)  # ascending order only
    state, _ = play(state, (0, place(12, 1)))
    # five left: the reduce ends by itself and the next bidder takes the last row
    assert state.seats[0].hand == [1, 3, 4, 13, 14]
    assert state.seats[0].piles == [[20], [2, 11, 12]]
    assert RULES.to_act(state) == {1} and state.seats[1].hand == [5, 6, 51, 52, 53, 54]


def test_illegal_placements_are_refused_with_a_reason() -> None:
    state = reducing()
    assert refused(state, 0, place(1, 0)) == (
        "1 may not go onto pile 1: a pile goes up, and its top card is 20."
    )
    assert refused(state, 0, place(20, 0)) == "You do not hold 20."
    assert refused(state, 0, place(1, 3)) == "There is no such pile."
    assert refused(state, 0, new_pile(10)) == "You do not hold 10."  # the bid is discarded
    assert refused(state, 0, bid(11)) == "Lay your extra cards onto your piles first."
    assert refused(state, 1, new_pile(51)) == "It is not your turn."


def test_any_five_may_be_kept_and_new_piles_started_at_will() -> None:
    state = reducing()
    state, _ = play(state, (0, new_pile(14)), (0, new_pile(13)), (0, new_pile(12)))
    assert state.seats[0].piles == [[20], [14], [13], [12]]
    assert state.seats[0].hand == [1, 2, 3, 4, 11]


def test_malformed_moves_are_refused_with_a_reason() -> None:
    state = reducing()
    assert "not understood" in refused(state, 0, {"type": "place", "card": 11})
    assert "not understood" in refused(state, 0, {**new_pile(11), "pile": 0})
    assert refused(state, 0, {"type": "fly"}) == "Lay your extra cards onto your piles first."
    assert refused(state, 0, {"card": 11}) == "That is not a move in Bullenparty."
    assert refused(state, 0, place(True, 0)) == "That is not a card in your hand."
