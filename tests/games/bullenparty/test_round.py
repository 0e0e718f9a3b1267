"""A round: rows, secret bids, number bids lowest first, zero bids A to E, re-bidding."""

from __future__ import annotations

from app.games.bullenparty.state import BID, EXTEND, REDUCE, TAKE, Row
from tests.games.bullenparty.helpers import (
    RULES,
    bid,
    bids,
    extend,
    new_pile,
    play,
    refused,
    state_from,
    take,
    texts,
)

HANDS3 = [[10, 11, 12, 13, 14], [20, 21, 22, 23, 24], [30, 31, 32, 33, 34]]
ROWS3 = [[1, 2], [3, 4], [5, 6]]


def test_bids_are_collected_in_secret_then_revealed_together() -> None:
    state = state_from(HANDS3, ROWS3, draw=[90, 91])
    state, events = play(state, (1, bid(22)))
    assert RULES.to_act(state) == {0, 2}
    assert state.seats[1].pending == 22 and 22 in state.seats[1].hand
    assert texts(events, 0) == ["{p1} has chosen a bid."]
    assert texts(events, 1) == ["{p1} has chosen a bid.", "You bid 22."]
    assert "already chosen" in refused(state, 1, bid(21))
    state, events = bids(state, {0: 12, 2: 32})
    assert "The bids are revealed: {p0} 12, {p1} 22, {p2} 32." in texts(events)
    assert all(seat.pending is None for seat in state.seats)


def test_number_bids_resolve_lowest_first_each_taking_a_row() -> None:
    state = state_from(HANDS3[::-1], ROWS3, draw=[90, 91])
    state, _ = bids(state, {0: 30, 1: 20, 2: 10})
    assert state.phase == TAKE and RULES.to_act(state) == {2}
    assert RULES.legal_moves(state, 2) == [take(0), take(1), take(2)]
    assert refused(state, 1, take(0)) == "It is not your turn."
    state, events = play(state, (2, take(1)))
    assert "{p2} discards 10 and takes row 2: 3, 4 (3 heads)." in texts(events)
    assert state.discard == [10]
    assert state.seats[2].hand == [3, 4, 11, 12, 13, 14]
    assert state.phase == REDUCE and RULES.to_act(state) == {2}
    state, _ = play(state, (2, new_pile(3)))
    # the next lowest bid (20) chooses among the two rows left
    assert state.phase == TAKE and RULES.to_act(state) == {1}
    assert RULES.legal_moves(state, 1) == [take(0), take(2)]
    assert "already been taken" in refused(state, 1, take(1))
    state, _ = play(state, (1, take(2)), (1, new_pile(5)))
    # the last bidder has one row left: taken without asking
    assert state.rows[0].taker == 0 and state.seats[0].hand == [1, 2, 31, 32, 33, 34]
    assert state.phase == REDUCE and RULES.to_act(state) == {0}
    assert state.discard == [10, 20, 30]


def test_taking_a_closed_row_takes_its_bull() -> None:
    closed = Row([40, 41, 42, 43, 44], bull=6)
    state = state_from([[10, 11, 12, 13, 14], [20, 21, 22, 23, 24]], [closed, [1, 2]])
    state, _ = bids(state, {0: 10, 1: 20})
    state, events = play(state, (0, take(0)))
    assert state.seats[0].bulls == [6]
    assert state.seats[0].hand == [11, 12, 13, 14, 40, 41, 42, 43, 44]
    assert "and a bull card with 6 heads" in texts(events)[-1]


def test_two_zero_bids_in_one_round_go_in_letter_order_after_the_numbers() -> None:
    hands = [[10, 11, 12, 13, 14], [50, 51, 52, 53, 54], [20, 21, 22, 23, 24],
             [60, 61, 62, 63, 64]]
    rows = [[1, 2], [3, 4], [5, 6], [7, 8]]
    state = state_from(hands, rows, draw=[90, 91, 92], zeros="DACB")
    state, events = bids(state, {0: "D", 1: 50, 2: "C", 3: 60})
    assert "{p0} zero card D" in texts(events)[-1]
    state, _ = play(state, (1, take(0)), (1, new_pile(1)), (3, take(1)), (3, new_pile(3)))
    # C (seat 2) before D (seat 0), whatever the seat order
    assert state.phase == EXTEND and RULES.to_act(state) == {2}
    assert state.drawn == 90
    assert RULES.legal_moves(state, 2) == [extend(2), extend(3)]
    state, events = play(state, (2, extend(3)))
    assert texts(events) == ["{p2} adds 90 to row 4.", "{p0} turns up 91."]
    assert RULES.to_act(state) == {0} and state.drawn == 91
    state, events = play(state, (0, extend(3)))
    assert state.rows[3].cards == [7, 8, 90, 91]
    assert state.draw == [92]
    # both zero cards are back in hand, now known; the two of them bid again
    assert state.phase == BID and RULES.to_act(state) == {0, 2}
    assert state.seats[0].bid is None and state.seats[0].zero_known
    assert bid("D") in RULES.legal_moves(state, 0)


def test_a_row_closes_during_a_zero_extension_with_the_top_bull() -> None:
    hands = [[10, 11, 12, 13, 14], [50, 51, 52, 53, 54]]
    state = state_from(hands, [[20, 21, 22, 23], [3, 4]], draw=[90, 91])
    state, _ = bids(state, {0: "A", 1: 50})
    state, events = play(state, (1, take(1)), (1, new_pile(3)))
    # only one open row is left: the turned-up card goes there without asking
    assert "Row 1 is closed with a bull card of 4 heads." in texts(events)
    assert state.rows[0].cards == [20, 21, 22, 23, 90] and state.rows[0].bull == 4
    assert state.bull_stack == [4, 4, 5, 5, 5, 6, 6, 7, 7]
    # the last player's row is closed: the zero card is refused now
    assert RULES.to_act(state) == {0}
    assert bid("A") not in RULES.legal_moves(state, 0)
    assert "Every remaining row is closed" in refused(state, 0, bid("A"))
    state, _ = play(state, (0, bid(10)))
    assert state.seats[0].bulls == [4] and state.phase == REDUCE


def test_when_the_bull_stack_is_empty_a_full_row_closes_without_a_bull() -> None:
    hands = [[10, 11, 12, 13, 14], [50, 51, 52, 53, 54]]
    state = state_from(hands, [[20, 21, 22, 23], [3, 4]], draw=[90], bull_stack=[])
    state, _ = bids(state, {0: "A", 1: 50})
    state, events = play(state, (1, take(1)), (1, new_pile(3)))
    assert "Row 1 is closed; the bull stack is empty." in texts(events)
    assert state.rows[0].bull is None and not state.rows[0].open
    state, _ = play(state, (0, bid(10)))
    assert state.seats[0].bulls == []


def test_the_last_player_may_keep_extending_their_row_with_the_zero_card() -> None:
    hands = [[10, 11, 12, 13, 14], [50, 51, 52, 53, 54]]
    state = state_from(hands, [[20, 21], [3, 4]], draw=[90, 91, 92, 93])
    state, _ = bids(state, {0: 10, 1: "B"})
    state, _ = play(state, (0, take(1)), (0, new_pile(3)))
    assert state.rows[0].cards == [20, 21, 90]
    assert RULES.to_act(state) == {1}
    state, _ = play(state, (1, bid("B")))
    assert state.rows[0].cards == [20, 21, 90, 91]
    state, _ = play(state, (1, bid("B")))
    assert state.rows[0].bull == 4 and RULES.legal_moves(state, 1) == [
        bid(c) for c in [50, 51, 52, 53, 54]
    ]


def test_a_zero_bid_with_no_open_row_left_at_its_turn_has_no_effect() -> None:
    hands = [[10, 11, 12, 13, 14], [50, 51, 52, 53, 54]]
    closed = Row([30, 31, 32, 33, 34], bull=5)
    state = state_from(hands, [[1, 2], closed], draw=[90])
    state, _ = bids(state, {0: "A", 1: 50})
    state, events = play(state, (1, take(0)), (1, new_pile(1)))
    assert "{p0}'s zero card has no effect: no row is open any more." in texts(events)
    assert state.draw == [90] and state.phase == BID and RULES.to_act(state) == {0}


def test_zero_card_refused_when_every_remaining_row_is_closed() -> None:
    closed = [Row([30, 31, 32, 33, 34], bull=5), Row([40, 41, 42, 43, 44], bull=5)]
    state = state_from([[10, 11, 12, 13, 14], [50, 51, 52, 53, 54]], closed)
    assert RULES.legal_moves(state, 0) == [bid(c) for c in [10, 11, 12, 13, 14]]
    assert "you must bid a number card" in refused(state, 0, bid("A"))
    assert refused(state, 0, bid("B")) == "That is not your zero card."
    assert refused(state, 0, bid(50)) == "You do not hold 50."


def test_extend_only_onto_an_open_row() -> None:
    hands = [[10, 11, 12, 13, 14], [20, 21, 22, 23, 24], [50, 51, 52, 53, 54]]
    closed = Row([30, 31, 32, 33, 34], bull=5)
    state = state_from(hands, [closed, [1, 2], [3, 4]], draw=[90])
    state, _ = bids(state, {0: "A", 1: "B", 2: 50})
    state, _ = play(state, (2, take(1)), (2, new_pile(1)))
    # only row 3 is open: A adds 90 there; B finds the draw pile empty, so the
    # discard pile (50) becomes the draw pile, and this round is the last
    assert state.rows[2].cards == [3, 4, 90, 50]
    assert state.last_round and state.discard == [] and state.draw == []
    state = state_from(hands, [closed, [1, 2], [3, 4]], draw=[90])
    state, _ = bids(state, {0: "A", 1: 20, 2: 50})
    state, _ = play(state, (1, take(0)), (1, new_pile(30)), (1, new_pile(31)))
    state, _ = play(state, (1, new_pile(32)), (1, new_pile(33)))
    state, _ = play(state, (2, take(2)), (2, new_pile(3)))
    assert state.phase == BID  # A extended row 2, the only open one
    assert state.rows[1].cards == [1, 2, 90]
    state = state_from(hands, [closed, [1, 2], [3, 4]], draw=[90])
    state, _ = bids(state, {0: "A", 1: "B", 2: "C"})
    assert state.phase == EXTEND
    assert "That row is closed" in refused(state, 0, extend(0))
    assert refused(state, 0, extend(7)) == "There is no such row."
    assert refused(state, 0, take(1)) == "Choose an open row for the card you turned up."
