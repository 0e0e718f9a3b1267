"""The draught (bids) and choosing bulls, with the rulebook's round-two example."""

from __future__ import annotations

from app.games.stier_zoekt_bier import moves
from app.games.stier_zoekt_bier.state import CHOOSE, OVER, SERVE, State
from tests.games.stier_zoekt_bier.helpers import (
    RULES,
    act,
    cards,
    draught,
    play,
    refused,
    seat,
    serve,
    table,
    take,
    texts,
)


def test_the_draught_goes_clockwise_from_the_beer_boss() -> None:
    state = table(boss=2, seats=[seat(stock="L1"), seat(stock="L2"), seat(stock="L3")])
    assert RULES.to_act(state) == {2}
    assert "not your turn" in refused(state, 0, draught(1))
    state = play(state, (2, draught(1)))
    assert RULES.to_act(state) == {0}
    state = play(state, (0, draught(0)))
    assert RULES.to_act(state) == {1}


def test_the_cellar_is_turned_from_the_top_any_number_at_once() -> None:
    state = table(seats=[seat(stock="L1 W2 D3 A4"), seat(stock="L5"), seat(stock="L5")])
    assert RULES.legal_moves(state, 0) == [draught(k) for k in range(5)]
    state = play(state, (0, draught(2)))
    assert state.seats[0].stock == cards("L1 W2")
    assert state.seats[0].draughted == cards("A4 D3")
    assert "more than" not in refused(state, 1, draught(2))


def test_the_overflow_is_always_draughted() -> None:
    state = table(seats=[seat(stock="W1 W1 W1 W1 W1 L2 L3"), seat(stock="L5"), seat()])
    state, events = act(state, 0, draught(0))
    assert state.seats[0].draughted == cards("L2 L3")
    assert state.seats[0].stock == cards("W1 W1 W1 W1 W1")
    assert state.seats[0].bid == 5 and state.seats[0].bid_beer == "L"
    assert "a bid of 5 lager" in texts(events)


def test_the_bid_is_the_largest_total_of_one_type_never_added() -> None:
    assert moves.bid_of(cards("L3 W4 L2 A1")) == (5, "L")
    assert moves.bid_of(cards("L3 W4")) == (4, "W")
    assert moves.bid_of([]) == (0, None)


def test_a_tie_between_types_in_one_draught_counts_the_higher_type() -> None:
    assert moves.bid_of(cards("L5 A2 A3")) == (5, "A")
    assert moves.bid_of(cards("W4 D4")) == (4, "D")


def test_a_seat_with_an_empty_cellar_and_no_overflow_passes_automatically() -> None:
    state = table(seats=[seat(stock="L1"), seat(), seat(stock="A1")])
    state, events = act(state, 0, draught(1))
    assert RULES.to_act(state) == {2}
    assert "passes" in texts(events)
    assert state.seats[1].has_draughted and state.seats[1].bid == 0


def test_ranking_is_by_bid_then_beer_rank_then_closeness_to_the_boss() -> None:
    state = table(boss=1, phase=OVER, seats=[
        seat(draughted="W3 W2"), seat(draughted="W5"), seat(draughted="D4 D1"),
        seat(draughted="L4 L5"), seat(draughted="W1 W4"),
    ])
    for me in state.seats:
        me.bid, me.bid_beer = moves.bid_of(me.draughted)
    # lager 9 first; dark 5 beats white 5; among the white 5s, the boss (1) then 4 then 0
    assert moves.ranking(state) == [3, 2, 1, 4, 0]


def test_players_without_beer_take_no_bull_and_leftover_bulls_leave() -> None:
    state = table(boss=0, middle="BL BA BD", seats=[
        seat(stock="L3"), seat(stock="A1"), seat(stock=""), seat(), seat(),
    ])
    state = play(state, (0, draught(1)), (1, draught(0)))
    assert state.phase == CHOOSE and state.ranking == [0]
    state, events = act(state, 0, take("BD"))
    assert state.seats[0].pub[0].bulls == ["BD"]
    assert sorted(state.bulls_out) == ["BA", "BL"] and state.middle == []
    assert "out of the game" in texts(events)
    assert state.phase == SERVE


def test_nobody_bidding_sends_all_bulls_out_and_keeps_the_boss() -> None:
    state = table(boss=1, middle="BL BA", seats=[seat(stock="L1"), seat(), seat()],
                  bull_deck="BD BW", deck=" ".join(["L1"] * 18))
    state = play(state, (0, draught(0)))
    assert sorted(state.bulls_out) == ["BA", "BL"]
    # seat 0 still serves from the cellar; stopping ends the round
    state = play(state, (0, {"type": "stop"}))
    assert state.round == 2 and state.boss == 1


def test_the_chosen_bull_must_be_in_the_middle() -> None:
    state = table(boss=0, middle="BL BA", phase=CHOOSE, seats=[
        seat(draughted="L5"), seat(draughted="A1"), seat(),
    ], ranking=[0, 1])
    assert "not in the middle" in refused(state, 0, take("BD"))
    assert "not your turn" in refused(state, 1, take("BA"))
    assert RULES.legal_moves(state, 0) == [take("BL"), take("BA")]


def test_a_second_bull_of_a_type_goes_separately_or_together() -> None:
    state = table(boss=0, middle="BL BA", phase=CHOOSE, seats=[
        seat(draughted="L5", pub=["BL:L4", "BA", "BL+BL:L2", "BL"]), seat(), seat(),
    ], ranking=[0])
    # a pair never takes a third bull; either single Lenny may take the new one
    assert RULES.legal_moves(state, 0) == [
        take("BL"), take("BL", 0), take("BL", 3), take("BA"), take("BA", 1),
    ]
    assert "single bull" in refused(state, 0, take("BL", 2))
    together, events = act(state, 0, take("BL", 0))
    assert together.seats[0].pub[0].bulls == ["BL", "BL"]
    assert "together" in texts(events)
    apart, _ = act(state, 0, take("BL"))
    assert [slot.bulls for slot in apart.seats[0].pub][-1] == ["BL"]
    assert len(apart.seats[0].pub) == 5


def test_a_pair_scores_double_the_top_bull() -> None:
    state = table(seats=[seat(pub=["BA+BA:A5 A4 A3", "BL+BL:L5", "BD:D5 D2"])] * 1
                  + [seat(), seat()])
    assert [slot.points for slot in state.seats[0].pub] == [10, 0, 3]
    assert state.seats[0].points == 13


def test_a_joining_bull_is_the_pairs_card_for_the_round() -> None:
    state = table(boss=0, middle="BL BA", phase=CHOOSE, seats=[
        seat(stock="L3", draughted="L5 L2", pub=["BL:L4"]), seat(), seat(),
    ], ranking=[0])
    state, events = act(state, 0, take("BL", 0))
    assert state.phase == SERVE
    # the pair already had its card this round: the draughted lager was poured away
    assert "pours away 5 lager and 2 lager" in texts(events)
    assert state.seats[0].pub[0].beer == ["L4"]
    # nor can it drink from the cellar this round
    assert RULES.legal_moves(state, 0) == [{"type": "pour", "card": "L3"}, {"type": "stop"}]
    assert "already had a card" in refused(state, 0, serve("L3", 0))


def test_a_bull_placed_separately_may_drink_this_round() -> None:
    state = table(boss=0, middle="BL BA", phase=CHOOSE, seats=[
        seat(draughted="L5 L2", pub=["BL:L4"]), seat(), seat(),
    ], ranking=[0])
    state, _ = act(state, 0, take("BL"))
    assert serve("L5", 0) in RULES.legal_moves(state, 0)
    assert serve("L5", 1) in RULES.legal_moves(state, 0)
    state = play(state, (0, serve("L5", 0)), (0, serve("L2", 1)))
    assert [slot.beer for slot in state.seats[0].pub] == [["L4", "L5"], ["L2"]]


def test_the_beer_boss_passes_to_the_top_bidder() -> None:
    state = table(boss=0, middle="BL BA", seats=[
        seat(stock="L1 L1"), seat(stock="A1"), seat(stock="W3"),
    ], bull_deck="BD BW", deck=" ".join(["L1"] * 18))
    state = play(state, (0, draught(1)), (1, draught(1)), (2, draught(1)))
    assert state.ranking == [2, 1, 0]
    state, events = act(state, 2, take("BA"))
    assert "{p1} takes Lenny Lager" in texts(events)  # the last bull: no choice left
    assert state.phase == SERVE and state.boss == 0  # not before the end of the round
    state = play(state, (0, {"type": "stop"}))
    assert state.round == 2 and state.boss == 2
    # a draft of identical cards is still asked for: making it alone would tell the others
    assert state.phase == "draft" and RULES.to_act(state) == {0, 1, 2}
    while state.phase == "draft":
        seat_no = min(RULES.to_act(state))
        state, _ = act(state, seat_no, RULES.legal_moves(state, seat_no)[0])
    # the new boss draughts first
    assert state.phase == "draught" and RULES.to_act(state) == {2}


# --- the rulebook's example of round two: Anton 0, Bas 1, Charlotte 2, Dirk 3


def round_two() -> State:
    return table(boss=3, round=2, middle="BL BA", bull_deck="BD BW", deck=" ".join(["L1"] * 24),
                 seats=[
                     seat(stock="L1 D3", pub=["BD"]),                  # Anton
                     seat(stock="W1 W1 A1 A1 L3 L4 L2"),               # Bas: 2 face up
                     seat(stock="A3 A4 D3 D2"),                        # Charlotte
                     seat(stock="L2 W5", pub=["BW"]),                  # Dirk
                 ])


def test_rulebook_round_two_bids() -> None:
    state = round_two()
    assert state.seats[1].overflow == ["L4", "L2"]  # the sixth and seventh card
    state = play(state, (3, draught(1)))   # Dirk opens with five white beers
    assert (state.seats[3].bid, state.seats[3].bid_beer) == (5, "W")
    state = play(state, (0, draught(0)))   # Anton passes
    state, events = act(state, 1, draught(1))  # Bas turns one lager: 9 lager
    assert state.seats[1].draughted == cards("L4 L2 L3")
    assert (state.seats[1].bid, state.seats[1].bid_beer) == (9, "L")
    assert "a bid of 9 lager" in texts(events)
    state = play(state, (2, draught(2)))   # Charlotte: 5 dark
    assert (state.seats[2].bid, state.seats[2].bid_beer) == (5, "D")
    # Charlotte's 5 dark loses to Bas's lager but beats Dirk's 5 white
    assert state.phase == CHOOSE and state.ranking == [1, 2, 3]


def test_rulebook_round_two_bulls_and_serving() -> None:
    state = round_two()
    state = play(state, (3, draught(1)), (0, draught(0)), (1, draught(1)), (2, draught(2)))
    state = play(state, (1, take("BL")))   # Bas takes Lenny, so Charlotte gets Andy
    assert state.phase == SERVE and state.seats[2].pub[0].bulls == ["BA"]
    assert state.seats[3].pub[0].bulls == ["BW"] and len(state.seats[3].pub) == 1
    assert RULES.to_act(state) == {0, 1, 2, 3}  # everyone serves at the same time
    # Charlotte's dark beer could not be served: it was poured away at once
    assert state.seats[2].draughted == [] and sorted(state.discard) == ["D2", "D3"]
    state, events = act(state, 1, serve("L4", 0))
    assert "{p1} pours away 2 lager and 3 lager" in texts(events)  # Lenny has had his card
    state = play(state, (2, serve("A4", 0)), (2, {"type": "stop"}))  # from her cellar
    state = play(state, (0, serve("D3", 0)), (0, {"type": "stop"}))  # Anton's cellar
    state = play(state, (3, serve("W5", 0)))                          # Dirk's draught
    assert state.seats[0].pub[0].beer == ["D3"]
    assert state.seats[1].pub[0].beer == ["L4"]
    assert state.seats[2].pub[0].beer == ["A4"]
    state = play(state, (3, {"type": "stop"}), (1, {"type": "stop"}))
    assert state.round == 3 and state.boss == 1  # Bas is the new beer boss


def test_rulebook_alternative_bas_takes_the_ale_bull() -> None:
    state = round_two()
    state = play(state, (3, draught(1)), (0, draught(0)), (1, draught(1)), (2, draught(2)))
    state = play(state, (1, take("BA")))
    assert state.seats[2].pub[0].bulls == ["BL"]
    # Charlotte holds only dark beer: all of it goes down the drain
    assert state.seats[2].draughted == [] and {"D2", "D3"} <= set(state.discard)
    assert state.phase == SERVE
