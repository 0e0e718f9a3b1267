"""Money, payment, Credit card, Happy Hour, On me! and Wallet."""

from __future__ import annotations

import pytest

from app.games.base import IllegalMove
from app.games.four_pints.money import smallest_cover
from tests.games.four_pints.table import (
    REVEAL,
    act,
    buy,
    buys,
    encoded,
    moves,
    reveal,
    state_from,
)

# --- money and payment ---------------------------------------------------------------


def test_money_cards_add_up_and_the_penny_is_worth_nothing() -> None:
    s = reveal(state_from(buying=["£1", "Penny", "£1"]), 3)
    assert s.purse == ["£1", "Penny", "£1"]
    assert buys(s) == []  # £2 and a Penny: not even a Lager
    s = reveal(state_from(buying=["£1", "£2"]), 2)
    assert buys(s) == [(("Lager",), "money")]


def test_every_affordable_pint_on_the_counter_can_be_bought() -> None:
    s = state_from(purse=["£5"])
    assert buys(s) == [(("Red Ale",), "money"), (("Bitter",), "money"), (("Lager",), "money")]


@pytest.mark.parametrize(
    ("purse", "amount", "paid"),
    [
        (["£5", "£3", "£1"], 4, ["£1", "£3"]),  # the smallest sum
        (["£2", "£2", "£1", "£3"], 3, ["£3"]),  # equal sums: the fewest cards
        (["£5", "Penny"], 3, ["£5"]),  # no change, and the Penny is never paid
        (["£2", "£2", "£2"], 5, ["£2", "£2", "£2"]),
        (["£1", "Penny"], 2, None),
    ],
)
def test_payment_takes_the_smallest_sufficient_set(
    purse: list[str], amount: int, paid: list[str] | None
) -> None:
    assert smallest_cover(purse, amount) == paid


def test_the_change_is_lost() -> None:
    s = act(state_from(purse=["£5"], play=["Wallet"]), buy("Lager"))
    assert s.saved[0] == [] and s.buying_discard.count("£5") == 1


def test_unused_money_cards_stay_for_the_wallet() -> None:
    s = act(state_from(purse=["£5", "£3", "£1"], play=["Wallet"]), buy("Bitter"))
    assert s.saved[0] == ["£5"]
    assert sorted(s.buying_discard) == ["Wallet", "£1", "£3"]


# --- Credit card ---------------------------------------------------------------------


def test_credit_card_alone_buys_any_one_pint() -> None:
    s = reveal(state_from(buying=["Credit card"], counter=["IPA", "Lager", "Stout", "IPA"]))
    assert buys(s) == [(("IPA",), "credit"), (("Stout",), "credit"), (("Lager",), "credit")]
    s = act(s, buy("IPA", pay="credit"))
    assert s.pints[0] == ["IPA"] and s.buying_discard == ["Credit card"]


def test_without_a_wallet_the_credit_card_is_always_used() -> None:
    s = state_from(purse=["Credit card", "£5", "£5"])
    assert all(pay == "credit" for _, pay in buys(s))
    s = act(s, buy("Stout", pay="credit"))
    assert sorted(s.buying_discard) == ["Credit card", "£5", "£5"]


def test_credit_card_with_happy_hour_buys_two_pints_ignoring_prices() -> None:
    s = state_from(purse=["Credit card"], play=["Happy Hour"], counter=["IPA", "IPA", "Lager"])
    assert buys(s) == [
        (("IPA",), "credit"),
        (("Lager",), "credit"),
        (("IPA", "IPA"), "credit"),
        (("IPA", "Lager"), "credit"),
    ]
    s = act(s, buy("IPA", "IPA", pay="credit"))
    assert s.pints[0] == ["IPA", "IPA"]


def test_credit_card_with_on_me_buys_two_pints_ignoring_prices() -> None:
    s = state_from(purse=["Credit card"], play=["On me!"], counter=["IPA", "Stout"])
    assert buys(s) == [(("IPA", "Stout"), "credit")]
    s = act(s, buy("IPA", "Stout", pay="credit"), {"type": "give", "pint": "Stout", "to": 2})
    assert s.pints == [["IPA"], [], ["Stout"]]


def test_credit_card_with_happy_hour_and_on_me_ignores_happy_hour() -> None:
    s = state_from(
        purse=["Credit card"], play=["Happy Hour", "On me!"], counter=["IPA", "Stout", "Lager"]
    )
    assert buys(s) == [
        (("IPA", "Stout"), "credit"),
        (("IPA", "Lager"), "credit"),
        (("Stout", "Lager"), "credit"),
    ]


def test_with_a_wallet_the_credit_card_can_be_saved_by_paying_money() -> None:
    s = state_from(purse=["Credit card", "£5"], play=["Wallet"])
    assert (("Red Ale",), "money") in buys(s) and (("Stout",), "credit") in buys(s)
    assert (("Stout",), "money") not in buys(s)  # money does not cover it
    s = act(s, buy("Red Ale"))
    assert s.saved[0] == ["Credit card"] and s.pints[0] == ["Red Ale"]


def test_a_saved_credit_card_is_good_next_turn_after_a_reveal() -> None:
    s = state_from(wallet=["Credit card"], buying=["Drunk"], counter=["IPA", "Lager"])
    assert moves(s) == [REVEAL]
    s = act(reveal(s), buy("IPA", pay="credit"))
    assert s.pints[0] == ["IPA"]


def test_with_two_credit_cards_one_is_used_and_the_other_saved() -> None:
    s = state_from(purse=["Credit card", "Credit card"], play=["Wallet"])
    s = act(s, buy("Stout", pay="credit"))
    assert s.saved[0] == ["Credit card"]


def test_a_wallet_with_on_me_saves_the_credit_card_only_if_money_covers_both() -> None:
    s = state_from(purse=["Credit card", "£5", "£3"], play=["Wallet", "On me!"])
    assert (("Red Ale", "Lager"), "money") in buys(s)
    assert (("Stout", "Lager"), "money") not in buys(s)
    s = act(s, buy("Red Ale", "Lager"), {"type": "give", "pint": "Lager", "to": 1})
    assert s.saved[0] == ["Credit card"]


# --- Happy Hour ----------------------------------------------------------------------


def test_happy_hour_sells_the_cheaper_pint_at_half_price_rounded_down() -> None:
    # Stout £6 + Lager £3 // 2 = £7; without Happy Hour £7 buys only one of them.
    s = state_from(purse=["£5", "£2"], play=["Happy Hour"])
    assert (("Stout", "Lager"), "money") in buys(s)
    assert (("Stout", "Bitter"), "money") not in buys(s)  # £6 + £2 = £8
    s = act(s, buy("Stout", "Lager"))
    assert s.pints[0] == ["Stout", "Lager"] and s.purse == []
    assert s.counter == ["Bitter", "Red Ale", "Lager", "Lager"]  # refilled to 4


def test_happy_hour_second_pint_is_optional() -> None:
    s = act(state_from(purse=["£5", "£5"], play=["Happy Hour"]), buy("Red Ale"))
    assert s.pints[0] == ["Red Ale"]


def test_several_happy_hours_count_as_one_and_never_more_than_two_pints() -> None:
    s = state_from(purse=["£5"] * 6, play=["Happy Hour", "Happy Hour"])
    assert max(len(p) for p, _ in buys(s)) == 2
    s = state_from(purse=["£5", "£5"], play=["Happy Hour", "Happy Hour"])
    assert (("Stout", "Red Ale"), "money") in buys(s)  # 6 + 2 = 8, a single discount


def test_a_pair_of_one_kind_needs_two_on_the_counter() -> None:
    s = state_from(purse=["£5"] * 4, play=["Happy Hour"], counter=["Stout", "Lager", "Lager"])
    pairs = [p for p, _ in buys(s) if len(p) == 2]
    assert pairs == [("Stout", "Lager"), ("Lager", "Lager")]


# --- On me! --------------------------------------------------------------------------


def test_on_me_must_buy_two_pints_and_give_one_away() -> None:
    s = reveal(state_from(buying=["On me!"], purse=["£5", "£5"]))
    assert all(len(p) == 2 for p, _ in buys(s))
    assert (("Stout", "Lager"), "money") in buys(s)
    with pytest.raises(IllegalMove) as exc:
        act(s, buy("Stout"))
    assert "two pints" in exc.value.reason
    s = act(s, buy("Red Ale", "Lager"))
    assert s.pending == "gift" and s.active == 0 and s.bought == ["Red Ale", "Lager"]
    assert moves(s) == [
        {"type": "give", "pint": p, "to": to} for p in ["Red Ale", "Lager"] for to in [1, 2]
    ]
    before = encoded(s)
    with pytest.raises(IllegalMove):
        act(s, REVEAL)
    assert encoded(s) == before
    s = act(s, {"type": "give", "pint": "Red Ale", "to": 2})
    assert s.pints == [["Lager"], [], ["Red Ale"]] and s.active == 1
    assert len(s.counter) == 4


def test_on_me_pays_full_price_for_both_even_with_happy_hour() -> None:
    counter = ["Stout", "Lager", "Red Ale", "IPA"]
    s = state_from(purse=["£5", "£2"], play=["On me!", "Happy Hour"], counter=counter)
    assert buys(s) == []  # Red Ale + Lager is £8, not £5 + £1
    s = state_from(purse=["£5", "£5"], play=["On me!", "Happy Hour"])
    assert (("Stout", "Bitter"), "money") in buys(s)
    assert (("Stout", "Red Ale"), "money") not in buys(s)


def test_on_me_with_two_identical_pints_asks_only_for_the_friend() -> None:
    s = state_from(purse=["£5", "£5"], play=["On me!"], counter=["Lager", "Lager"])
    s = act(s, buy("Lager", "Lager"))
    assert moves(s) == [{"type": "give", "pint": "Lager", "to": to} for to in [1, 2]]


def test_on_me_with_two_players_discards_the_second_pint() -> None:
    s = state_from(2, purse=["£5", "£5"], play=["On me!"])
    s = act(s, buy("Red Ale", "Lager"))
    assert s.pints == [["Red Ale"], []] and s.beer_discard == ["Lager"] and s.active == 1


def test_several_on_me_count_as_one() -> None:
    s = state_from(purse=["£5", "£5"], play=["On me!", "On me!"])
    assert all(len(p) == 2 for p, _ in buys(s))
    s = act(s, buy("Bitter", "Lager"), {"type": "give", "pint": "Lager", "to": 1})
    assert s.pints == [["Bitter"], ["Lager"], []]


def test_on_me_with_a_single_pint_on_the_counter_buys_it_and_keeps_it() -> None:
    s = state_from(purse=["£5"], play=["On me!"], counter=["Red Ale"])
    assert buys(s) == [(("Red Ale",), "money")]
    s = act(s, buy("Red Ale"))
    assert s.pints[0] == ["Red Ale"] and s.active == 1


# --- Wallet --------------------------------------------------------------------------


def test_wallet_saves_unspent_money_when_the_turn_is_lost() -> None:
    s = reveal(state_from(buying=["£2", "Wallet", "Penny", "Smoke"]), 4)
    assert s.active == 1 and s.saved[0] == ["£2", "Penny"]
    assert sorted(s.buying_discard) == ["Smoke", "Wallet"]


def test_without_a_wallet_unspent_money_is_discarded() -> None:
    s = reveal(state_from(buying=["£2", "Smoke"]), 2)
    assert s.saved[0] == [] and sorted(s.buying_discard) == ["Smoke", "£2"]


def test_saved_money_must_wait_for_one_reveal() -> None:
    s = state_from(wallet=["£5", "£5"], buying=["£1"])
    assert moves(s) == [REVEAL]
    before = encoded(s)
    with pytest.raises(IllegalMove) as exc:
        act(s, buy("Stout"))
    assert "reveal" in exc.value.reason and encoded(s) == before
    s = reveal(s)
    assert (("Stout",), "money") in buys(s)


def test_saved_money_lasts_one_turn_only() -> None:
    s = act(reveal(state_from(wallet=["£5", "£1"], buying=["£1"])), buy("Bitter"))
    assert s.saved[0] == [] and sorted(s.buying_discard) == ["£1", "£1", "£5"]


def test_saved_money_is_saved_again_by_a_new_wallet() -> None:
    s = reveal(state_from(wallet=["£5"], buying=["Wallet", "£1", "Smoke"]), 3)
    assert s.saved[0] == ["£5", "£1"]


def test_losing_the_turn_after_a_wallet_loses_the_saved_money() -> None:
    s = reveal(state_from(wallet=["£5", "Credit card"], buying=["Smoke"]))
    assert s.saved[0] == [] and sorted(s.buying_discard) == ["Credit card", "Smoke", "£5"]


def test_saved_cards_come_back_only_on_the_savers_next_turn() -> None:
    s = reveal(state_from(buying=["£3", "Wallet", "Smoke", "£3"]), 3)
    assert s.active == 1 and s.saved[0] == ["£3"] and s.purse == []
    s = act(reveal(s), buy("Lager"))  # seat 1 buys with its own £3
    assert s.saved[0] == ["£3"] and s.purse == []
