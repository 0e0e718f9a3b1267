"""The engine's own rulings (docs/rulings/four_pints.md), one case each."""

from __future__ import annotations

from tests.games.four_pints.table import (
    REVEAL,
    RULES,
    act,
    buy,
    buys,
    moves,
    reveal,
    state_from,
)


def test_1_two_player_on_me_keeps_the_more_valuable_pint() -> None:
    s = act(state_from(2, purse=["£5", "£5"], play=["On me!"]), buy("Stout", "Bitter"))
    assert s.pints[0] == ["Stout"] and s.beer_discard == ["Bitter"]


def test_2_choices_are_per_kind_of_pint() -> None:
    s = reveal(state_from(buying=["Slip"], pints={0: ["Lager", "Lager", "IPA"]}))
    assert moves(s) == [{"type": "slip", "pint": "IPA"}, {"type": "slip", "pint": "Lager"}]


def test_3_and_4_credit_cards_and_the_wallet() -> None:
    s = state_from(purse=["Credit card", "£5"])
    assert {pay for _, pay in buys(s)} == {"credit"}
    s = state_from(purse=["Credit card", "£5"], play=["Wallet"])
    assert {pay for _, pay in buys(s)} == {"credit", "money"}


def test_5_a_saved_credit_card_or_penny_obliges_a_reveal() -> None:
    for saved in (["Credit card"], ["Penny"]):
        s = state_from(wallet=saved, buying=["£1"])
        assert moves(s) == [REVEAL]


def test_6_a_wallet_saves_pennies() -> None:
    s = reveal(state_from(buying=["Wallet", "Smoke"], purse=["Penny"]), 2)
    assert s.saved[0] == ["Penny"]


def test_9_the_beer_can_run_out_in_the_middle_of_a_refill() -> None:
    s = state_from(purse=["£5", "£5"], play=["Happy Hour"], beer=["IPA"])
    s = act(s, buy("Stout", "Bitter"))
    assert s.exhausted and s.counter == ["Lager", "Red Ale", "IPA"]
    assert RULES.outcome(s) is not None and RULES.to_act(s) == frozenset()


def test_10_st_patricks_inside_an_extra_turn_adds_another() -> None:
    s = reveal(state_from(buying=["St Patrick's", "Smoke", "St Patrick's", "Smoke", "Smoke"]), 2)
    assert s.active == 0
    s = reveal(s, 2)
    assert s.active == 0
    s = reveal(s)
    assert s.active == 1


def test_11_mopped_spilled_pints_can_come_back_in_the_same_turn() -> None:
    s = reveal(state_from(buying=["Mop"], spilled={0: 1}))
    assert s.buying_discard == ["Spilled pint"] and s.buying_deck == []
    s = reveal(s)  # the deck is empty: the discard pile is the new deck
    assert s.spilled[0] == 1 and s.play == ["Mop"]


def test_12_a_reshuffle_mid_turn_keeps_this_turns_cards_in_play() -> None:
    s = state_from(buying=["Happy Hour"], purse=["£2"])
    s.buying_discard = ["£5"]
    s = reveal(s, 2)
    assert s.play == ["Happy Hour"] and s.purse == ["£2", "£5"] and s.buying_discard == []


def test_15_after_an_instant_win_the_table_stays_as_it_is() -> None:
    s = state_from(purse=["£3", "£1"], play=["Drunk"], pints={0: ["IPA", "IPA", "Lager"]})
    s = act(s, buy("Lager"))
    assert s.winner == 0 and s.play == ["Drunk"] and s.purse == ["£1"]
    assert s.counter == ["Bitter", "Red Ale", "Stout"]
