"""Drunk, St Patrick's, Elbow a pint, Slip, Spilled pint, Mop, Smoke, Pistachios, Peanuts."""

from __future__ import annotations

import pytest

from app.games.base import IllegalMove
from tests.games.four_pints.table import (
    REVEAL,
    act,
    buy,
    encoded,
    moves,
    reveal,
    state_from,
)

# --- Drunk ---------------------------------------------------------------------------


def test_two_drunks_do_nothing() -> None:
    s = reveal(state_from(buying=["Drunk", "£1", "Drunk"]), 3)
    assert s.active == 0 and moves(s) == [REVEAL]


def test_the_third_drunk_ends_the_turn_lost() -> None:
    s = reveal(state_from(buying=["Drunk", "£5", "Drunk", "Drunk", "£5"]), 4)
    assert s.active == 1 and s.pints[0] == []
    assert s.counter == ["Lager", "Bitter", "Red Ale", "Stout"]  # no refill
    assert sorted(s.buying_discard) == ["Drunk", "Drunk", "Drunk", "£5"]
    assert s.buying_deck == ["£5"]


def test_drunks_count_per_turn() -> None:
    s = reveal(state_from(buying=["Drunk", "Drunk", "£3", "Drunk"]), 3)
    s = reveal(act(s, buy("Lager")))  # seat 1's first Drunk of its turn
    assert s.active == 1 and s.play == ["Drunk"]


# --- St Patrick's --------------------------------------------------------------------


def test_st_patricks_gives_another_turn() -> None:
    s = reveal(state_from(buying=["St Patrick's", "£3", "£3"]), 2)
    s = act(s, buy("Lager"))
    assert s.active == 0 and s.turn == 2 and s.buying_discard == ["St Patrick's", "£3"]
    s = act(reveal(s), buy("Lager"))
    assert s.active == 1


def test_one_extra_turn_per_st_patricks_card() -> None:
    s = reveal(state_from(buying=["St Patrick's", "St Patrick's", "£3", "£3", "£3"]), 3)
    for _ in range(2):
        s = act(s, buy("Lager"))
        assert s.active == 0
        s = reveal(s)
    s = act(s, buy("Lager"))
    assert s.active == 1 and s.pints[0] == ["Lager"] * 3


def test_st_patricks_also_after_a_lost_turn() -> None:
    s = reveal(state_from(buying=["St Patrick's", "Smoke"]), 2)
    assert s.active == 0 and s.turn == 2


# --- Elbow a pint --------------------------------------------------------------------


def test_elbow_discards_a_pint_of_another_player_of_your_choice() -> None:
    s = state_from(
        buying=["Elbow a pint"], pints={0: ["IPA"], 1: ["Stout", "Lager", "Stout"], 2: ["Bitter"]}
    )
    s = reveal(s)
    assert s.pending == "elbow" and moves(s) == [
        {"type": "elbow", "seat": 1, "pint": "Stout"},
        {"type": "elbow", "seat": 1, "pint": "Lager"},
        {"type": "elbow", "seat": 2, "pint": "Bitter"},
    ]
    before = encoded(s)
    with pytest.raises(IllegalMove) as exc:
        act(s, {"type": "elbow", "seat": 0, "pint": "IPA"})
    assert "elbow" in exc.value.reason and encoded(s) == before
    s = act(s, {"type": "elbow", "seat": 1, "pint": "Stout"})
    assert s.pints == [["IPA"], ["Lager", "Stout"], ["Bitter"]]
    assert s.beer_discard == ["Stout"] and s.active == 0 and moves(s) == [REVEAL]


def test_elbow_with_one_choice_is_automatic() -> None:
    s = reveal(state_from(buying=["Elbow a pint"], pints={2: ["Lager", "Lager"]}, spilled={1: 1}))
    assert s.pending == "" and s.pints[2] == ["Lager"] and s.spilled[1] == 1


def test_elbow_with_no_pint_to_elbow_does_nothing() -> None:
    s = reveal(state_from(buying=["Elbow a pint"], pints={0: ["IPA"]}, spilled={1: 2}))
    assert s.pints == [["IPA"], [], []] and s.spilled == [0, 2, 0]
    assert s.active == 0 and moves(s) == [REVEAL]


# --- Slip ----------------------------------------------------------------------------


def test_slip_discards_one_of_your_pints_and_ends_the_turn() -> None:
    s = reveal(state_from(buying=["Slip"], purse=["£5"], pints={0: ["Stout", "Lager"]}))
    assert s.pending == "slip" and moves(s) == [
        {"type": "slip", "pint": "Stout"},
        {"type": "slip", "pint": "Lager"},
    ]
    s = act(s, {"type": "slip", "pint": "Lager"})
    assert s.pints[0] == ["Stout"] and s.beer_discard == ["Lager"] and s.active == 1


def test_slip_with_one_kind_of_pint_is_automatic() -> None:
    s = reveal(state_from(buying=["Slip"], pints={0: ["Bitter", "Bitter"], 1: ["IPA"]}))
    assert s.pints[0] == ["Bitter"] and s.pints[1] == ["IPA"] and s.active == 1


def test_slip_without_a_pint_only_ends_the_turn() -> None:
    s = reveal(state_from(buying=["Slip"], spilled={0: 1}))
    assert s.spilled[0] == 1 and s.active == 1


# --- Spilled pint and Mop ------------------------------------------------------------


def test_a_spilled_pint_goes_into_your_area_at_once() -> None:
    s = reveal(state_from(buying=["Spilled pint", "Smoke"], pints={0: ["Stout"]}))
    assert s.spilled[0] == 1 and s.score(0) == 3 and s.play == []
    s = reveal(s)
    assert s.spilled[0] == 1 and "Spilled pint" not in s.buying_discard


def test_mop_discards_only_your_spilled_pints_and_play_goes_on() -> None:
    s = state_from(buying=["Mop", "Spilled pint"], spilled={0: 2, 1: 1})
    s = reveal(s)
    assert s.spilled == [0, 1, 0] and s.buying_discard == ["Spilled pint"] * 2
    assert s.active == 0
    s = reveal(s)  # a Spilled pint after the Mop stays
    assert s.spilled == [1, 1, 0]


# --- Smoke ---------------------------------------------------------------------------


def test_smoke_ends_the_turn_lost() -> None:
    s = reveal(state_from(buying=["Smoke"], purse=["£5", "£5"]))
    assert s.active == 1 and s.pints[0] == [] and sorted(s.buying_discard) == [
        "Smoke", "£5", "£5"
    ]


# --- Pistachios and Peanuts ----------------------------------------------------------


@pytest.mark.parametrize(
    ("snack", "purse", "left", "eaten"),
    [
        ("Pistachios", ["£5", "£1", "£1"], ["£5"], ["£1", "£1"]),
        ("Pistachios", ["£3", "£5"], ["£5"], ["£3"]),  # no change
        ("Pistachios", ["£1", "Penny"], [], ["£1", "Penny"]),  # not enough: all is lost
        ("Pistachios", ["Credit card", "£1"], ["Credit card"], ["£1"]),
        ("Peanuts", ["£5"], [], ["£5"]),
        ("Peanuts", ["£3", "£2", "Penny"], ["£3", "Penny"], ["£2"]),
        ("Peanuts", [], [], []),
    ],
)
def test_snacks_take_the_smallest_set_of_money_cards(
    snack: str, purse: list[str], left: list[str], eaten: list[str]
) -> None:
    s = reveal(state_from(buying=[snack], purse=purse))
    assert s.purse == left and s.spent == eaten and s.active == 0


def test_snacks_eat_saved_wallet_money_too() -> None:
    s = reveal(state_from(wallet=["£2"], buying=["Pistachios"]))
    assert s.purse == [] and s.spent == ["£2"]
