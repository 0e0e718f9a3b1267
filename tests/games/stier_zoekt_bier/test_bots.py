"""The good bot: it decides from its view alone, its move is always listed, and it plays
the way the strategy says (bench/bots.py measures how well)."""

from __future__ import annotations

import random

import pytest

from app.games.base import parse_options
from app.games.stier_zoekt_bier.state import SERVE
from tests.games.stier_zoekt_bier.helpers import (
    RULES,
    STOP,
    draught,
    pick,
    pour,
    seat,
    serve,
    table,
    take,
)


@pytest.mark.parametrize(("players", "options"), [(3, {}), (4, {"variant": "grand-cafe"}),
                                                  (5, {})])
def test_a_table_of_bots_plays_listed_moves_and_hidden_cards_do_not_sway_them(
    players: int, options: dict[str, object]
) -> None:
    rnd = random.Random(players)
    state = RULES.setup(players, parse_options(RULES.Options, options), players)
    steps = 0
    while RULES.to_act(state):
        s = rnd.choice(sorted(RULES.to_act(state)))
        move = RULES.bot_move(RULES.view(state, s), s, random.Random(steps))
        assert move in RULES.legal_moves(state, s)
        if steps % 3 == 0:
            other = RULES.scramble(state, s, random.Random(steps))
            assert RULES.encode(other) != RULES.encode(state) or not state.beer_deck
            assert RULES.bot_move(RULES.view(other, s), s, random.Random(steps)) == move
        state, _ = RULES.apply(state, s, move)
        steps += 1
    assert RULES.outcome(state) is not None


def test_no_opinion_without_moves() -> None:
    state = table(seats=[seat(stock="L1 L2"), seat(stock="L1"), seat(stock="L1")])
    assert RULES.bot_move(RULES.view(state, 1), 1, random.Random(1)) is None


def test_it_buys_the_beer_its_bulls_drink() -> None:
    state = table(phase="draft", middle="BD BW", seats=[
        seat(hand="L5 A3 D4 W1 L2 L1", pub=["BA:A2"]), seat(hand="D1 D2 D3 A1 A2 A3"),
        seat(hand="L5 L5 W5 W5 D5 A5"),
    ])
    assert RULES.bot_move(RULES.view(state, 0), 0, random.Random(1)) in (pick("A3"), pick("D4"))


def test_it_draughts_enough_to_win_a_bull_and_no_more() -> None:
    # One bull in town. Seat 0 draughted 4 lager; seat 1 beats it by turning up its top
    # two ale (5 ale), not one (2 ale), and needs no more.
    state = table(boss=0, middle="BA", seats=[
        seat(stock="L4"), seat(stock="L1 D1 W1 A3 A2"), seat(stock="L1"),
    ])
    state, _ = RULES.apply(state, 0, draught(1))
    assert RULES.bot_move(RULES.view(state, 1), 1, random.Random(1)) == draught(2)


def test_it_takes_the_bull_its_beer_fills() -> None:
    state = table(boss=0, middle="BL BA", phase="choose", ranking=[0], seats=[
        seat(stock="A5 A4 A3", draughted="A2"), seat(), seat(),
    ])
    assert RULES.bot_move(RULES.view(state, 0), 0, random.Random(1)) == take("BA")


def test_it_serves_where_a_glass_brings_points() -> None:
    state = table(phase=SERVE, seats=[
        seat(stock="L1", draughted="A3", pub=["BA:A1", "BA:A2 A1"]), seat(stock="L1"),
        seat(stock="L1"),
    ], deck=" ".join(["W1"] * 30), bull_deck="BL BA BD BW BL BA")
    assert RULES.bot_move(RULES.view(state, 0), 0, random.Random(1)) == serve("A3", 1)


def test_in_the_bonus_round_it_pours_a_useless_card_to_reach_a_good_one() -> None:
    state = table(phase=SERVE, round=8, seats=[
        seat(stock="A5 L1", pub=["BA:A4"]), seat(stock="L1"), seat(),
    ])
    view = RULES.view(state, 0)
    assert view["bonus"] and RULES.bot_move(view, 0, random.Random(1)) == pour("L1")
    state, _ = RULES.apply(state, 0, pour("L1"))
    assert RULES.bot_move(RULES.view(state, 0), 0, random.Random(1)) == serve("A5", 0)
    # a small gain under a big card: worth digging for in the bonus round only
    def small(round: int) -> object:
        return table(phase=SERVE, round=round, seats=[
            seat(stock="A1 L5", pub=["BA:A2"]), seat(stock="L1"), seat(stock="L1"),
        ], deck=" ".join(["W1"] * 30), bull_deck="BL BA BD BW BL BA BL BA BD BW")
    assert RULES.bot_move(RULES.view(small(8), 0), 0, random.Random(1)) == pour("L5")
    assert RULES.bot_move(RULES.view(small(2), 0), 0, random.Random(1)) == STOP
