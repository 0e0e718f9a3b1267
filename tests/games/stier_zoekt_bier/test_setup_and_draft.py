"""Components, setup and the draft (buying beer)."""

from __future__ import annotations

from collections import Counter

import pytest

from app.games.base import Event, InvalidOptions, parse_options
from app.games.stier_zoekt_bier import cards as C
from app.games.stier_zoekt_bier import flow
from app.games.stier_zoekt_bier.state import DRAFT, DRAUGHT, OVER, State
from tests.games.stier_zoekt_bier.helpers import (
    DONE,
    RULES,
    act,
    cards,
    pick,
    play,
    refused,
    seat,
    table,
    texts,
)


def test_the_beer_deck_has_80_cards_by_the_table() -> None:
    deck = Counter(C.beer_deck())
    assert sum(deck.values()) == 80
    assert deck["L1"] == 6 and deck["L5"] == 4
    assert sum(n for card, n in deck.items() if card[0] == "A") == 15
    assert sum(n for card, n in deck.items() if card[0] == "W") == 21
    assert sum(n for card, n in deck.items() if card[0] == "D") == 18


def test_24_bulls_six_of_each_type() -> None:
    assert Counter(C.bull_deck()) == {"BL": 6, "BW": 6, "BD": 6, "BA": 6}


@pytest.mark.parametrize(
    ("bull", "total", "points", "full"),
    [
        ("BL", 9, 0, False), ("BL", 10, 2, False), ("BL", 18, 2, False),
        ("BL", 19, 4, True), ("BL", 23, 4, True), ("BW", 8, 2, False), ("BW", 16, 4, True),
        ("BD", 7, 3, False), ("BD", 15, 5, True), ("BA", 5, 0, False), ("BA", 6, 3, False),
        ("BA", 12, 5, True),
    ],
)
def test_a_bull_scores_its_highest_tier_reached(
    bull: str, total: int, points: int, full: bool
) -> None:
    assert C.bull_points(bull, total) == points
    assert C.is_full(bull, total) == full


@pytest.mark.parametrize(("players", "in_play", "drawn"), [(3, 14, 2), (4, 14, 2), (5, 21, 3)])
def test_setup_keeps_14_or_21_bulls_and_draws_2_or_3(
    players: int, in_play: int, drawn: int
) -> None:
    state = RULES.setup(players, RULES.Options(), 7)
    assert len(state.middle) == drawn
    assert len(state.middle) + len(state.bull_deck) == in_play
    assert len(state.bulls_out) == 24 - in_play
    assert state.phase == DRAFT and state.round == 1
    assert all(len(me.hand) == 6 and me.stock == [] for me in state.seats)
    assert len(state.beer_deck) == 80 - 6 * players
    assert RULES.to_act(state) == frozenset(range(players))


def test_bulls_per_round_option_changes_the_bulls_in_play() -> None:
    state = RULES.setup(4, parse_options(RULES.Options, {"bulls_per_round": 3}), 1)
    assert len(state.middle) == 3 and len(state.bull_deck) == 18
    state = RULES.setup(5, parse_options(RULES.Options, {"bulls_per_round": 2}), 1)
    assert len(state.middle) == 2 and len(state.bull_deck) == 12


def test_the_beer_boss_goes_to_a_random_seat() -> None:
    bosses = {RULES.setup(4, RULES.Options(), seed).boss for seed in range(40)}
    assert bosses == {0, 1, 2, 3}


def test_bad_player_counts_and_options_are_refused() -> None:
    with pytest.raises(InvalidOptions):
        RULES.setup(2, RULES.Options(), 1)
    with pytest.raises(InvalidOptions):
        RULES.setup(6, RULES.Options(), 1)
    with pytest.raises(InvalidOptions):
        parse_options(RULES.Options, {"variant": "pub-crawl"})
    with pytest.raises(InvalidOptions):
        parse_options(RULES.Options, {"bulls_per_round": 4})


def draft_table(variant: str = "basic") -> State:
    return table(
        phase=DRAFT, variant=variant, seats=[
            seat(hand="L1 L2 L3 W1 W2 W3"),
            seat(hand="D1 D2 D3 A1 A2 A3"),
            seat(hand="L5 L5 W5 W5 D5 A5"),
        ],
    )


def test_picks_are_pending_until_every_seat_has_picked() -> None:
    state = draft_table()
    state = play(state, (0, pick("L3")), (0, pick("W1")), (1, pick("A3")))
    assert [me.stock for me in state.seats] == [[], [], []]
    assert state.seats[0].picks == ["L3", "W1"] and state.seats[0].picked
    assert RULES.to_act(state) == {1, 2}
    assert "wait for the other" in refused(state, 0, pick("L1"))


def test_first_pick_goes_below_the_second_and_the_rest_pass_left() -> None:
    state = draft_table()
    state = play(state, (0, pick("L3")), (0, pick("W1")), (1, pick("A3")), (1, pick("D1")),
                 (2, pick("A5")), (2, pick("D5")))
    assert state.seats[0].stock == ["L3", "W1"]  # bottom to top
    assert state.seats[1].stock == ["A3", "D1"]
    # each player receives the other four of the player on their right
    assert state.seats[1].hand == cards("L1 L2 W2 W3")
    assert state.seats[2].hand == cards("D2 D3 A1 A2")
    assert state.seats[0].hand == cards("L5 L5 W5 W5")
    assert state.draft_step == 2 and RULES.to_act(state) == {0, 1, 2}


def test_second_picks_stack_on_top_and_the_last_two_are_discarded() -> None:
    state = draft_table()
    state = play(state, (0, pick("L3")), (0, pick("W1")), (1, pick("A3")), (1, pick("D1")),
                 (2, pick("A5")), (2, pick("D5")))
    state = play(state, (0, pick("W5")), (0, pick("L5")), (1, pick("W3")), (1, pick("L1")),
                 (2, pick("A1")), (2, pick("D2")))
    assert state.seats[0].stock == cards("L3 W1 W5 L5")
    assert state.seats[1].stock == cards("A3 D1 W3 L1")
    assert sorted(state.discard) == sorted(cards("L5 W5 L2 W2 D3 A2"))
    assert all(me.hand == [] for me in state.seats)
    assert state.phase == DRAUGHT


def test_a_card_not_in_the_draft_hand_is_refused() -> None:
    state = draft_table()
    assert "not in your draft hand" in refused(state, 0, pick("A5"))
    assert "exactly two" in refused(state, 0, DONE)


def test_stock_fills_the_cellar_face_down_then_overflows_face_up() -> None:
    state = table(phase=DRAFT, seats=[
        seat(stock="L1 L2 L3 L4", hand="W1 W2 W3 W4 W5 A1"),
        seat(hand="D1 D2 D3 D4 D5 A2"), seat(hand="L1 L1 L1 L1 L1 L1"),
    ])
    state = play(state, (0, pick("W1")), (0, pick("W2")), (1, pick("D1")), (1, pick("D2")),
                 (2, pick("L1")), (2, pick("L1")))
    me = state.seats[0]
    assert me.cellar == cards("L1 L2 L3 L4 W1") and me.overflow == ["W2"]
    view = RULES.view(state, 1)
    assert view["seats"][0]["overflow"] == ["W2"] and view["seats"][0]["cellar"] == 5


def test_a_hand_of_identical_cards_is_still_asked_for() -> None:
    state = table(phase=DRAFT, seats=[
        seat(hand="W1 W2 W3 W4 W5 A1"), seat(hand="D1 D2 D3 D4 D5 A2"),
        seat(hand="L1 L1 L1 L1 L1 L1"),
    ])
    # Seat 2 has one kind of card, but picking for it at once would tell the others.
    state, _ = act(state, 0, pick("W1"))
    assert not state.seats[2].picked and RULES.to_act(state) == {0, 1, 2}
    assert RULES.legal_moves(state, 2) == [pick("L1")]
    assert RULES.view(state, 0)["seats"][2] == RULES.view(
        table(phase=DRAFT, seats=[seat(hand="W2 W3 W4 W5 A1"), seat(hand="D1 D2 D3 D4 D5 A2"),
                                  seat(hand="L1 L2 L3 L4 W1 A3")]), 0)["seats"][2]


def test_the_deck_is_rebuilt_from_the_discard_pile_when_it_runs_out() -> None:
    state = table(phase=OVER, seats=[seat(), seat(), seat()], deck="A1 A2",
                  discard=" ".join(["W4"] * 30))
    events: list[Event] = []
    flow._deal(state, events)
    assert state.phase == DRAFT and all(len(me.hand) == 6 for me in state.seats)
    assert "shuffled into a new beer deck" in texts(events)
    assert state.discard == [] and len(state.beer_deck) == 2 + 30 - 18
    dealt = Counter(card for me in state.seats for card in me.hand)
    assert dealt == {"A1": 1, "A2": 1, "W4": 16}


def test_short_deck_deals_the_largest_equal_number() -> None:
    # 10 cards for 3 players: each is dealt 3, keeps 2, passes 1, keeps it, discards none
    state = table(phase=OVER, seats=[seat(), seat(), seat()], deck="",
                  discard="L1 L2 L3 L4 L5 W1 W2 W3 W4 W5", bull_deck="BL BA BD BW")
    events: list[Event] = []
    flow._deal(state, events)
    assert all(len(me.hand) == 3 for me in state.seats)
    assert "shuffled into a new beer deck" in texts(events)
    state = play(state, (0, pick(state.seats[0].hand[0])), (0, pick(state.seats[0].hand[1])),
                 (1, pick(state.seats[1].hand[0])), (1, pick(state.seats[1].hand[1])),
                 (2, pick(state.seats[2].hand[0])))
    state = play(state, (2, pick(state.seats[2].hand[0])))
    # one card each was passed; keeping it is still a click (a secret pick)
    assert RULES.to_act(state) == {0, 1, 2}
    state = play(state, *[(s, pick(state.seats[s].hand[0])) for s in range(3)])
    assert [len(me.stock) for me in state.seats] == [3, 3, 3]
    assert state.phase == DRAUGHT and len(state.beer_deck) == 1 and state.discard == []


def test_no_beer_left_skips_the_draft() -> None:
    state = table(phase=DRAUGHT, seats=[seat(stock="L1"), seat(), seat()], deck="L1 L2")
    events: list[Event] = []
    flow._deal(state, events)
    assert state.phase == DRAUGHT and "no beer left" in texts(events)
    assert state.beer_deck == cards("L1 L2")


def test_grand_cafe_keeps_zero_one_or_two_and_passes_the_rest() -> None:
    state = draft_table("grand-cafe")
    assert DONE in RULES.legal_moves(state, 0)
    state = play(state, (0, DONE), (1, pick("A3")), (1, DONE), (2, pick("A5")), (2, pick("D5")))
    assert [me.stock for me in state.seats] == [[], ["A3"], ["A5", "D5"]]
    assert len(state.seats[1].hand) == 6  # all of seat 0's cards
    assert len(state.seats[2].hand) == 5
    assert len(state.seats[0].hand) == 4
    state = play(state, (0, DONE), (1, pick("L1")), (1, DONE), (2, DONE))
    assert [len(me.stock) for me in state.seats] == [0, 2, 2]
    assert len(state.discard) == 4 + 5 + 5
    assert state.phase == DRAUGHT


def test_rulebook_stock_example_cellar_of_five_and_face_up_overflow() -> None:
    # Anton: a cellar of 5; Bas: full cellar, 6th and 7th face up; Charlotte: 6 cards, the
    # top one face up; Dirk: 4 cards in his cellar.
    state = table(phase=OVER, seats=[
        seat(stock="L1 L2 L3 L4 L5"), seat(stock="W1 W1 A1 A1 L3 L4 L2"),
        seat(stock="A3 A4 D3 D2 D1 W5"), seat(stock="L2 W5 D1 A2"),
    ])
    public = RULES.view(state, None)["seats"]
    assert [(s["cellar"], s["overflow"]) for s in public] == [
        (5, []), (5, ["L4", "L2"]), (5, ["W5"]), (4, []),
    ]
