"""Components, setup, the reveal/buy loop, refill, the Barrel and reshuffles."""

from __future__ import annotations

from collections import Counter

import pytest

from app.games.base import IllegalMove, InvalidOptions
from app.games.four_pints.cards import BEERS, BUYING, COUNTER_SIZE
from tests.games.four_pints.table import (
    REVEAL,
    RULES,
    act,
    buy,
    buys,
    encoded,
    moves,
    reveal,
    state_from,
)


def test_both_decks_come_from_the_data_tables() -> None:
    s = RULES.setup(4, RULES.Options(), 3)
    every = Counter(RULES.cards(s))
    for beer in BEERS:
        assert every[beer.name] == beer.count
    assert every["Barrel"] == 1
    for name, count in BUYING:
        assert every[name] == count
    assert sum(every.values()) == 30 + 78


@pytest.mark.parametrize("players", [1, 7])
def test_player_count_is_2_to_6(players: int) -> None:
    with pytest.raises(InvalidOptions):
        RULES.setup(players, RULES.Options(), 0)


def test_setup_shows_four_pints_and_a_random_starting_seat() -> None:
    starters = set()
    for seed in range(30):
        s = RULES.setup(5, RULES.Options(), seed)
        assert len(s.counter) == COUNTER_SIZE and "Barrel" not in s.counter
        assert moves(s) == [REVEAL]
        starters.add(s.active)
    assert len(starters) > 1


def test_a_barrel_at_setup_clears_the_counter_and_leaves_the_game() -> None:
    seeds = [
        seed for seed in range(200) if RULES.setup(2, RULES.Options(), seed).beer_discard
    ]
    assert seeds, "some seed turns up the Barrel at setup"
    s = RULES.setup(2, RULES.Options(), seeds[0])
    assert s.removed == ["Barrel"] and len(s.counter) == COUNTER_SIZE
    assert s.beer_discard  # the pints that were on the counter
    assert len(s.beer_deck) + len(s.beer_discard) + len(s.counter) == 29


def test_a_turn_cannot_stop_without_buying() -> None:
    s = state_from(purse=["£2"])
    assert moves(s) == [REVEAL]  # no pass: £2 buys nothing
    with pytest.raises(IllegalMove):
        act(s, {"type": "pass"})


def test_buying_ends_the_turn_refills_and_passes_left() -> None:
    s = state_from(buying=["£3", "£5"], beer=["IPA", "Stout"])
    s = reveal(s)
    assert buys(s) == [(("Lager",), "money")]
    s = act(s, buy("Lager"))
    assert s.active == 1 and s.pints[0] == ["Lager"]
    assert s.counter == ["Bitter", "Red Ale", "Stout", "IPA"]
    assert s.buying_discard == ["£3"] and s.purse == [] and s.beer_deck == ["Stout"]


def test_play_passes_left_from_the_last_seat_to_seat_0() -> None:
    s = act(state_from(active=2, purse=["£3"]), buy("Lager"))
    assert s.active == 0


def test_an_unaffordable_buy_is_refused_and_changes_nothing() -> None:
    s = state_from(purse=["£2", "Penny", "£1"])
    before = encoded(s)
    with pytest.raises(IllegalMove) as exc:
        act(s, buy("Bitter"))
    assert "afford" in exc.value.reason
    assert encoded(s) == before


def test_a_move_by_another_seat_is_refused() -> None:
    s = state_from(purse=["£5"])
    before = encoded(s)
    with pytest.raises(IllegalMove) as exc:
        RULES.apply(s, 1, REVEAL)
    assert exc.value.reason == "It is not your turn."
    assert encoded(s) == before


def test_a_pint_not_on_the_counter_cannot_be_bought() -> None:
    s = state_from(purse=["£5", "£5"])
    with pytest.raises(IllegalMove):
        act(s, buy("IPA"))


def test_the_barrel_in_a_refill_clears_the_counter_and_leaves_the_game() -> None:
    s = state_from(purse=["£3"], beer=["Barrel", "IPA", "IPA", "Bitter", "Stout", "Lager"])
    s = act(s, buy("Lager"))
    assert s.removed == ["Barrel"]
    assert sorted(s.beer_discard) == ["Bitter", "Red Ale", "Stout"]
    assert s.counter == ["IPA", "IPA", "Bitter", "Stout"] and s.beer_deck == ["Lager"]


def test_a_lost_turn_does_not_refill() -> None:
    s = reveal(state_from(buying=["Smoke"], counter=["Lager", "Lager", "Stout"]))
    assert s.counter == ["Lager", "Lager", "Stout"] and s.active == 1


def test_the_buying_deck_is_reshuffled_from_its_discard_pile() -> None:
    s = state_from(buying=[])
    s.buying_discard = ["£5", "£5"]
    s = reveal(s)
    assert s.purse == ["£5"] and s.buying_deck == ["£5"] and s.buying_discard == []


def test_the_beer_deck_is_reshuffled_from_its_discard_pile() -> None:
    s = state_from(purse=["£3"], beer=[])
    s.beer_discard = ["IPA"]
    s = act(s, buy("Lager"))
    assert s.counter == ["Bitter", "Red Ale", "Stout", "IPA"] and s.beer_discard == []
    assert not s.over


def test_with_no_buying_card_left_anywhere_the_turn_is_lost() -> None:
    s = reveal(state_from(buying=[], purse=["£1"]))
    assert s.active == 1 and s.buying_discard == ["£1"]


def test_revealed_cards_go_to_the_discard_pile_at_the_end_of_the_turn() -> None:
    s = reveal(state_from(buying=["Drunk", "Happy Hour", "£5"]), 3)
    s = act(s, buy("Red Ale"))
    assert sorted(s.buying_discard) == ["Drunk", "Happy Hour", "£5"]
    assert s.play == [] and s.purse == [] and s.spent == []


@pytest.mark.parametrize(
    ("setup", "move", "reason"),
    [
        ({"buying": ["Elbow a pint"], "pints": {1: ["IPA"], 2: ["Lager"]}}, REVEAL, "elbow"),
        ({"buying": ["Slip"], "pints": {0: ["IPA", "Lager"]}}, REVEAL, "slip"),
        ({"buying": []}, {"type": "give", "pint": "Lager", "to": 1}, "reveal"),
        ({"buying": []}, {"type": "elbow", "seat": 1, "pint": "IPA"}, "reveal"),
        ({"buying": []}, {}, "reveal"),
        ({"buying": []}, {"type": "buy", "pints": ["Lager"], "pay": "credit"}, "afford"),
    ],
)
def test_moves_out_of_place_are_refused_with_a_reason(
    setup: dict[str, object], move: dict[str, object], reason: str
) -> None:
    s = state_from(**setup)  # type: ignore[arg-type]
    if setup["buying"]:
        s = reveal(s)
    before = encoded(s)
    with pytest.raises(IllegalMove) as exc:
        act(s, move)
    assert reason in exc.value.reason and encoded(s) == before
