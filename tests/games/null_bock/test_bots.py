"""The good bot: listed moves only, decided from the view alone, and a sensible play."""

from __future__ import annotations

import random

from app.games.base import parse_options
from app.games.registry import GAMES
from tests.games.null_bock.helpers import RULES, state_from, to_arena, to_edge


def test_the_bot_always_plays_a_listed_move_and_ignores_what_it_cannot_see() -> None:
    rules = GAMES["null-bock"]
    for players in (3, 6):
        rnd = random.Random(players)
        state = rules.setup(players, parse_options(rules.Options, {"rounds": 1}), players)
        steps = 0
        while rules.to_act(state):
            for seat in sorted(rules.to_act(state)):
                view = rules.view(state, seat)
                move = rules.bot_move(view, seat, random.Random(steps))
                assert move in view["moves"]
                other = rules.scramble(state, seat, random.Random(steps + 1))
                assert other.hands != state.hands or other.harems != state.harems or players < 3
                assert rules.bot_move(rules.view(other, seat), seat, random.Random(steps)) == move
            seat = rnd.choice(sorted(rules.to_act(state)))
            move = rules.bot_move(rules.view(state, seat), seat, rnd)
            assert move is not None
            state, _ = rules.apply(state, seat, move)
            steps += 1
        assert steps > 20


def test_the_bot_wins_a_big_doe_on_an_edge() -> None:
    state = state_from(["S9 D2 D4", "D6 S3", "D8 S4"], "S7 D9 D3", arena="D5", owner=1, turn=0)
    move = RULES.bot_move(RULES.view(state, 0), 0, random.Random(0))
    assert move == to_edge("S9", 1)


def test_the_bot_takes_a_rich_arena_it_will_likely_keep() -> None:
    state = state_from(
        ["S10 D2", "D6 S3", "D8 S4"], "S7 S6 S5", arena="D9 D11 D13", owner=2, turn=0
    )
    move = RULES.bot_move(RULES.view(state, 0), 0, random.Random(0))
    assert move == to_arena("S10")


def test_a_spectator_or_an_idle_seat_gets_no_bot_move() -> None:
    state = state_from(["S9 D2", "D6", "D8"], "S7 D9 D3", arena="D5", owner=1, turn=0)
    assert RULES.bot_move(RULES.view(state, 1), 1, random.Random(0)) is None
    assert RULES.bot_move(RULES.view(state, None), 0, random.Random(0)) is None
