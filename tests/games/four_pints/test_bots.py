"""The good bot: decides from the view alone, always a listed move, plays the odds."""

from __future__ import annotations

import random
from collections import Counter

from app.games.base import Move, listed_move
from app.games.four_pints.cards import buying_deck
from app.games.four_pints.state import FourPintsState
from tests.games.four_pints.table import RULES, act, buy, reveal, state_from


def bot(s: FourPintsState, seat: int | None = None) -> Move:
    seat = s.active if seat is None else seat
    move = RULES.bot_move(RULES.view(s, seat), seat, random.Random(0))
    assert move is not None
    return move


def test_the_bot_always_plays_a_listed_move_and_ignores_hidden_cards() -> None:
    for players, seed in [(2, 1), (3, 2), (4, 3), (6, 4)]:
        rnd = random.Random(seed)
        s = RULES.setup(players, RULES.Options(), seed)
        steps = 0
        while RULES.to_act(s):
            seat = s.active
            move = bot(s)
            assert listed_move(list(RULES.legal_moves(s, seat)), move) is not None
            other = RULES.scramble(s, seat, random.Random(rnd.random()))
            if other.buying_deck != s.buying_deck or other.beer_deck != s.beer_deck:
                steps += 1
            assert bot(other, seat) == move, "the bot saw something hidden"
            s, _ = RULES.apply(s, seat, move)
        assert steps > 10


def test_with_an_ipa_paid_for_it_stops_and_buys() -> None:
    s = state_from(purse=["£5", "£2"], counter=["IPA", "Lager", "Bitter", "Bitter"])
    assert bot(s) == buy("IPA")


def test_with_a_lager_only_it_pushes_on() -> None:
    s = state_from(purse=["£3"], counter=["IPA", "Lager", "Stout", "Stout"],
                   buying=["£5"] * 10)
    assert bot(s) == {"type": "reveal"}


def test_with_two_drunks_and_only_drunks_left_it_buys_what_it_can() -> None:
    # Every other buying card is face up on the discard pile, so the bot knows that the
    # deck holds only Drunks: one more card ends the turn for sure.
    s = state_from(purse=["£3"], play=["Drunk", "Drunk"], buying=["Drunk"] * 4)
    rest = Counter(buying_deck()) - Counter(["£3", "Drunk", "Drunk"] + ["Drunk"] * 4)
    s.buying_discard = sorted(rest.elements())
    assert bot(s) == buy("Lager")
    s.buying_deck = ["£5"] * 4  # the same view with money to come: it pushes on
    s.buying_discard = sorted((rest - Counter(["£5"] * 4) + Counter(["Drunk"] * 4)).elements())
    assert bot(s) == {"type": "reveal"}


def test_it_takes_the_winning_pint() -> None:
    s = state_from(purse=["£3"], pints={0: ["IPA", "IPA", "Lager"]})
    assert bot(s) == buy("Lager")


def test_choices_slip_the_cheapest_elbow_the_leader_gift_the_weakest() -> None:
    s = reveal(state_from(buying=["Slip"], pints={0: ["IPA", "Lager", "Stout"]}))
    assert bot(s) == {"type": "slip", "pint": "Lager"}
    s = reveal(state_from(buying=["Elbow a pint"],
                          pints={1: ["Stout", "Lager"], 2: ["IPA", "IPA", "Stout"]}))
    assert bot(s) == {"type": "elbow", "seat": 2, "pint": "IPA"}
    s = act(state_from(4, purse=["£5", "£5"], play=["On me!"],
                       pints={1: ["IPA", "IPA"], 2: ["Lager"], 3: ["Stout"]}),
            buy("Red Ale", "Lager"))
    assert bot(s) == {"type": "give", "pint": "Lager", "to": 2}


def test_a_gift_never_hands_a_friend_the_win() -> None:
    s = act(state_from(3, purse=["£5", "£5"], play=["On me!"],
                       pints={1: ["IPA", "IPA", "Lager"], 2: ["IPA", "IPA"]}),
            buy("Red Ale", "Lager"))
    move = bot(s)
    assert move["type"] == "give"
    assert RULES.apply(s, 0, move)[0].winner is None
