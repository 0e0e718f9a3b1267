"""The end: reshuffle and last round, no cards left, the final placement, the outcome."""

from __future__ import annotations

from app.games.bullenparty.state import BID, FINAL, OVER, State
from tests.games.bullenparty.helpers import (
    RULES,
    bid,
    bids,
    new_pile,
    place,
    play,
    refused,
    seen,
    state_from,
    take,
    texts,
)

HANDS = [[10, 11, 12, 13, 14], [50, 51, 52, 53, 54]]


def test_reshuffle_when_a_zero_bid_needs_a_card_makes_the_round_the_last() -> None:
    state = state_from(HANDS, [[1, 2], [3, 4]], draw=[], discard=[60, 61])
    state, _ = bids(state, {0: "A", 1: 50})
    state, events = play(state, (1, take(1)), (1, new_pile(3)))
    assert any("shuffled into a new draw pile" in t for t in texts(events))
    assert state.last_round and state.discard == []
    added = state.rows[0].cards[2]
    assert added in (50, 60, 61) and sorted([*state.draw, added]) == [50, 60, 61]
    state, _ = play(state, (0, bid(10)))
    state, _ = play(state, (0, new_pile(1)), (0, new_pile(2)))
    # the last round is over: everybody lays their hand onto piles, in secret
    assert state.phase == FINAL and RULES.to_act(state) == {0, 1}


def test_reshuffle_while_laying_out_rows_makes_that_round_the_last() -> None:
    state = state_from(HANDS, [[1, 2], [3, 4]], draw=[70], discard=[80, 81, 82, 83])
    state, _ = bids(state, {0: 10, 1: 50})
    state, events = play(state, (0, take(0)), (0, new_pile(1)), (1, new_pile(3)))
    assert state.round == 2 and state.last_round and state.phase == BID
    assert state.rows[0].cards[0] == 70
    assert any("This round is the last." in t for t in texts(events))
    state, _ = bids(state, {0: 2, 1: 4})
    state, _ = play(state, (0, take(0)))
    state, _ = play(state, (0, new_pile(state.seats[0].hand[0])))
    state, _ = play(state, (1, new_pile(state.seats[1].hand[0])))
    assert state.phase == FINAL


def test_no_card_for_a_zero_bid_blocks_zero_bids_for_the_rest_of_the_round() -> None:
    state = state_from(HANDS, [[1, 2], [3, 4]], draw=[], discard=[])
    state, events = bids(state, {0: "A", 1: "B"})
    assert "Zero cards may not be bid for the rest of this round." in texts(events)[-2]
    assert "{p1}'s zero card has no effect: no cards are left." in texts(events)
    assert state.zero_blocked and state.phase == BID
    assert bid("A") not in RULES.legal_moves(state, 0)
    assert "No cards are left to draw" in refused(state, 0, bid("A"))
    # the round ends normally; laying out the next rows needs 4 cards but there are
    # only the two discarded bids: the game ends without that round
    state, _ = bids(state, {0: 10, 1: 50})
    state, events = play(state, (0, take(0)), (0, new_pile(1)), (1, new_pile(3)))
    assert "not enough cards left to lay out the rows" in " ".join(texts(events))
    assert sorted(state.set_aside) == [10, 50] and state.rows == []
    assert state.round == 1 and state.phase == FINAL


def final_state() -> State:
    state = state_from(HANDS, [[1, 2], [3, 4]], draw=[70], discard=[], last_round=True,
                       piles={1: [[30]]})
    state, _ = bids(state, {0: 10, 1: 50})
    state, _ = play(state, (0, take(0)), (0, new_pile(1)), (1, new_pile(3)))
    return state


def test_final_placement_is_secret_and_revealed_together() -> None:
    state = final_state()
    assert state.phase == FINAL
    assert state.seats[0].hand == [2, 11, 12, 13, 14]
    assert state.seats[1].hand == [4, 51, 52, 53, 54]
    before = {s: seen(state, s) for s in (0, None)}
    state, events = play(state, (1, place(4, 1)), (1, place(51, 1)), (1, new_pile(53)))
    assert texts(events, 0) == [] and texts(events, 1)[0] == "You lay 4 on pile 2."
    assert {s: seen(state, s) for s in (0, None)} == before
    assert (
        refused(state, 1, place(52, 2))
        == "52 may not go onto pile 3: a pile goes up, and its top card is 53."
    )
    state, events = play(state, (1, place(52, 1)), (1, place(54, 2)))
    assert RULES.to_act(state) == {0}
    assert texts(events, 0) == ["{p1} has laid all their cards."]
    assert state.seats[1].piles == [[30], [3]]  # nothing shown yet
    assert "You have laid all your cards" in refused(state, 1, new_pile(54))
    state, _ = play(state, *((0, new_pile(c)) for c in [14, 13, 12, 11]))
    state, events = play(state, (0, place(2, 0)))
    assert state.phase == OVER and RULES.to_act(state) == frozenset()
    assert state.seats[1].piles == [[30], [3, 4, 51, 52], [53, 54]]
    assert state.seats[0].piles == [[1, 2], [14], [13], [12], [11]]
    assert all(seat.hand == [] for seat in state.seats)
    assert "{p1}'s piles: 30; 3, 4, 51, 52; 53, 54." in texts(events, None)
    outcome = RULES.outcome(state)
    assert outcome is not None
    # seat 0: plus pile 14 (3 heads), minus 1,2 + 13 + 12 + 11 (6 heads): -3
    # seat 1: plus pile 3,4,51,52 (9 heads), minus 30 + 53,54 (7 heads): 2
    assert outcome.scores == (-3, 2) and outcome.winners == {1}
    assert refused(state, 0, new_pile(1)) == "The game is over."


def test_the_discard_pile_is_reshuffled_again_if_needed_in_the_last_round() -> None:
    state = state_from(HANDS, [[1, 2], [3, 4]], draw=[], discard=[], last_round=True)
    state, events = bids(state, {0: "A", 1: 50})
    state, events = play(state, (1, take(1)), (1, new_pile(3)))
    # only the bid 50 is on the discard pile: it becomes the draw pile and is turned up
    assert state.rows[0].cards == [1, 2, 50] and state.last_round
    assert any("shuffled into a new draw pile" in t for t in texts(events))
