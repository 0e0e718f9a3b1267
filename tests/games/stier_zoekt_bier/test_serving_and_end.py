"""Serving, the bonus round, scoring and the tie-breaks; the Grand Café differences."""

from __future__ import annotations

import random

from app.games.base import Outcome
from app.games.stier_zoekt_bier import cards as C
from app.games.stier_zoekt_bier.state import (
    OVER,
    SERVE,
    SERVE_CELLAR,
    SERVE_DONE,
    Seat,
    State,
)
from tests.games.stier_zoekt_bier.helpers import (
    DONE,
    POUR,
    RULES,
    STOP,
    act,
    cards,
    draught,
    pick,
    play,
    pour,
    refused,
    seat,
    serve,
    table,
    texts,
)


def serving(*seats_: Seat, variant: str = "basic", round: int = 1) -> State:
    return table(phase=SERVE, seats=list(seats_), variant=variant, round=round,
                 bull_deck="BL BA BD BW BL BA", deck=" ".join(["W1"] * 30))


def test_each_bull_takes_one_card_per_round_of_its_own_beer() -> None:
    state = serving(seat(stock="A1", draughted="L5 L4 A3 W2", pub=["BL", "BA"]), seat(stock="L1"),
                    seat(stock="L1"))
    moves = RULES.legal_moves(state, 0)
    assert moves == [serve("L5", 0), serve("L4", 0), serve("A3", 1), POUR]
    assert "drinks only lager" in refused(state, 0, serve("W2", 0))
    state = play(state, (0, serve("L5", 0)))
    assert "already had a card" in refused(state, 0, serve("L4", 0))
    assert RULES.legal_moves(state, 0) == [serve("A3", 1), POUR]


def test_unserved_draughted_beer_is_poured_away() -> None:
    state = serving(seat(stock="A1", draughted="L5 L4 W2", pub=["BL"]), seat(stock="L1"),
                    seat(stock="L1"))
    state, events = act(state, 0, serve("L4", 0))
    assert "pours away 5 lager and 2 white" in texts(events)  # nothing else can be served
    assert sorted(state.discard) == ["L5", "W2"]
    assert state.seats[0].stage == SERVE_CELLAR


def test_draughted_beer_can_be_poured_rather_than_served() -> None:
    state = serving(seat(stock="A1", draughted="L1", pub=["BL"]), seat(stock="L1"),
                    seat(stock="L1"))
    state = play(state, (0, POUR))
    assert state.seats[0].pub[0].beer == [] and state.discard == ["L1"]
    # the Lenny may still drink from the cellar, but first the draughted beer is done
    assert RULES.legal_moves(state, 0) == [pour("A1"), STOP]


def test_the_cellar_is_served_top_down_serve_or_pour_stop_any_time() -> None:
    state = serving(seat(stock="D2 A4 L3 A1", pub=["BA", "BA:A1"]), seat(stock="L1"),
                    seat(stock="L1"))
    assert RULES.legal_moves(state, 0) == [serve("A1", 0), serve("A1", 1), pour("A1"), STOP]
    assert "top card of your cellar" in refused(state, 0, serve("A4", 0))
    assert "first serve or pour" not in refused(state, 0, POUR).lower()
    state = play(state, (0, serve("A1", 1)), (0, pour("L3")), (0, serve("A4", 0)))
    assert [slot.beer for slot in state.seats[0].pub] == [["A4"], ["A1", "A1"]]
    assert state.discard == ["L3"]
    # both Andys have drunk this round; the player may still pour to make room, or stop
    assert RULES.legal_moves(state, 0) == [pour("D2"), STOP]
    state = play(state, (0, STOP))
    assert state.seats[0].stock == ["D2"] and state.seats[0].stage == SERVE_DONE


def test_serving_is_simultaneous_and_independent() -> None:
    state = serving(seat(stock="L1", pub=["BL"]), seat(stock="L2", pub=["BL"]),
                    seat(stock="L3", pub=["BL"]))
    assert RULES.to_act(state) == {0, 1, 2}
    state = play(state, (2, serve("L3", 0)), (0, STOP))
    assert RULES.to_act(state) == {1}


def test_a_full_bull_takes_no_beer_and_the_last_card_may_overshoot() -> None:
    state = serving(seat(stock="A5", draughted="A5", pub=["BA:A4 A4", "BA:A5 A5 A2"]),
                    seat(stock="L1"), seat(stock="L1"))
    assert state.seats[0].pub[1].full
    assert RULES.legal_moves(state, 0) == [serve("A5", 0), POUR]
    assert "is full" in refused(state, 0, serve("A5", 1))
    state = play(state, (0, serve("A5", 0)))
    assert state.seats[0].pub[0].total == 13 and state.seats[0].pub[0].points == 5


def test_lenny_10_lager_2_points_19_lager_4_points() -> None:
    lenny = seat(pub=["BL:L5 L5", "BL:L5 L5 L5 L4", "BL:L5 L4"]).pub
    assert [slot.points for slot in lenny] == [2, 4, 0]
    andy = seat(pub=["BA:A5 A5 A2", "BA:A3 A3"]).pub
    assert [slot.points for slot in andy] == [5, 3]


def test_after_seven_rounds_the_bonus_round_serves_from_the_cellar_only() -> None:
    state = serving(seat(stock="L5 D2", pub=["BD:D5"]), seat(stock="A1", pub=["BA:A5"]),
                    seat(), round=7)
    state = play(state, (0, STOP), (1, STOP))
    assert state.round == 8 and state.phase == SERVE and state.bonus
    assert state.middle == [] and all(me.hand == [] for me in state.seats)
    assert RULES.to_act(state) == {0, 1}
    assert RULES.legal_moves(state, 0) == [serve("D2", 0), pour("D2"), STOP]
    state = play(state, (0, serve("D2", 0)))
    # one card per bull in the bonus round too
    assert RULES.legal_moves(state, 0) == [pour("L5"), STOP]
    state = play(state, (0, STOP), (1, serve("A1", 0)))
    assert state.phase == OVER and RULES.to_act(state) == frozenset()
    assert RULES.outcome(state) == Outcome((3, 3, 0), (1, 2, 3), frozenset({0}))


def finished(*pubs: list[str]) -> State:
    state = table(phase=OVER, seats=[seat(pub=p) for p in pubs])
    return state


def test_most_points_wins() -> None:
    state = finished(["BD:D5 D2"], ["BL+BL:L5 L5"], [])
    assert RULES.outcome(state) == Outcome((3, 4, 0), (2, 1, 3), frozenset({1}))


def test_tie_goes_to_most_beer_cards_then_most_glasses_then_shared() -> None:
    cards_tie = finished(["BD:D5 D2"], ["BD:D1 D1 D1 D4"], ["BA:A3 A3"])
    assert RULES.outcome(cards_tie) == Outcome((3, 3, 3), (2, 1, 3), frozenset({1}))
    glasses_tie = finished(["BD:D5 D3"], ["BD:D4 D3"], [])
    assert RULES.outcome(glasses_tie) == Outcome((3, 3, 0), (1, 2, 3), frozenset({0}))
    shared = finished(["BD:D5 D3"], ["BD:D4 D4"], [])
    assert RULES.outcome(shared) == Outcome((3, 3, 0), (1, 1, 3), frozenset({0, 1}))


def test_a_whole_seeded_game_lasts_seven_rounds_and_a_bonus() -> None:
    rnd = random.Random(3)
    state = RULES.setup(4, RULES.Options(), 3)
    rounds = set()
    while RULES.to_act(state):
        rounds.add(state.round)
        s = rnd.choice(sorted(RULES.to_act(state)))
        state, _ = RULES.apply(state, s, rnd.choice(RULES.legal_moves(state, s)))
    assert rounds <= set(range(1, 9)) and 8 in rounds
    assert state.bull_deck == [] and state.middle == []
    assert len(RULES.cards(state)) == 80 + 24 + 1


# --- Grand Café


def test_grand_cafe_draught_one_type_overflow_of_other_types_poured() -> None:
    state = table(variant="grand-cafe", seats=[
        seat(stock="W1 W1 L1 A1 A2 L3 A4"), seat(stock="L1"), seat(stock="L1"),
    ])
    assert RULES.legal_moves(state, 0) == [
        draught(0, "A"), draught(1, "A"), draught(2, "A"), draught(0, "L"),
    ]
    assert "one beer type" in refused(state, 0, draught(3, "A"))
    assert "one beer type" in refused(state, 0, draught(1, "L"))
    state, events = act(state, 0, draught(2, "A"))
    assert "pours away 3 lager from the overflow" in texts(events)
    assert state.seats[0].draughted == cards("A4 A2 A1")
    assert state.seats[0].stock == cards("W1 W1 L1")
    assert state.seats[0].bid == 7 and state.discard == ["L3"]


def test_grand_cafe_draught_without_overflow_is_one_run_from_the_cellar() -> None:
    state = table(variant="grand-cafe", seats=[
        seat(stock="W1 D2 D3"), seat(stock="L1"), seat(stock="L1"),
    ])
    assert RULES.legal_moves(state, 0) == [draught(0), draught(1, "D"), draught(2, "D")]


def test_grand_cafe_single_type_overflow_and_no_run_is_still_asked() -> None:
    state = table(variant="grand-cafe", seats=[
        seat(stock="W1 W1 L1 A1 A2 L3"), seat(stock="L1"), seat(stock="L1"),
    ])
    # only lager in the overflow and no lager on top of the cellar: one move, but the
    # seat is asked all the same, or the others would learn about its cellar
    assert RULES.to_act(state) == {0} and RULES.legal_moves(state, 0) == [draught(0, "L")]
    state = play(state, (0, draught(0, "L")))
    assert state.seats[0].draughted == ["L3"] and RULES.to_act(state) == {1}


def test_grand_cafe_a_cellar_card_not_served_is_poured_and_ends_serving() -> None:
    state = serving(seat(stock="L2 A2 A1", pub=["BA", "BL"]), seat(stock="L1"),
                    seat(stock="L1"), variant="grand-cafe")
    state = play(state, (0, serve("A1", 0)))
    assert RULES.legal_moves(state, 0) == [pour("A2"), STOP]
    state = play(state, (0, pour("A2")))
    assert state.seats[0].stage == SERVE_DONE and state.seats[0].stock == ["L2"]


def test_grand_cafe_draft_gives_the_option_to_keep_fewer() -> None:
    state = table(variant="grand-cafe", phase="draft", seats=[
        seat(hand="W1 W2 W3 W4 W5 A1"), seat(hand="D1 D2 D3 D4 D5 A2"),
        seat(hand="L2 L3 L4 L5 A4 A5"),
    ])
    state = play(state, (0, pick("A1")), (0, DONE))
    assert state.seats[0].picked and state.seats[0].picks == ["A1"]
    assert C.DRAFT_KEEP == 2


# --- rulings (docs/rulings/stier_zoekt_bier.md)


def test_ruling_a_full_single_bull_may_be_joined() -> None:
    state = table(phase="choose", middle="BA BL", ranking=[0], seats=[
        seat(stock="L1", draughted="A1", pub=["BA:A5 A5 A2"]), seat(), seat(),
    ])
    assert {"type": "take", "bull": "BA", "join": 0} in RULES.legal_moves(state, 0)
    state = play(state, (0, {"type": "take", "bull": "BA", "join": 0}))
    assert state.seats[0].pub[0].points == 10 and state.seats[0].pub[0].full


def test_ruling_a_cellar_card_poured_while_serving_is_seen_by_all() -> None:
    state = serving(seat(stock="L2 W3", pub=["BA"]), seat(stock="L1"), seat(stock="L1"))
    _, events = act(state, 0, pour("W3"))
    assert [(e.text, e.to) for e in events] == [("{p0} pours away 3 white from the cellar.", None)]


def test_ruling_grand_cafe_bonus_round_ends_serving_on_a_pour() -> None:
    state = serving(seat(stock="A1 L2 A3", pub=["BA"]), seat(stock="L1"), seat(),
                    variant="grand-cafe", round=8)
    state = play(state, (0, serve("A3", 0)), (0, pour("L2")))
    assert state.seats[0].stage == SERVE_DONE and state.seats[0].stock == ["A1"]
