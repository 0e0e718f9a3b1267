"""`moves.listed` answers what `listed_move(legal_moves(...))` answers, without the list:
every listed move, and look-alikes of each (other types, keys, cards, Edges, seats), at
every step of seeded games."""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.games.base import IllegalMove, listed_move, parse_options
from app.games.null_bock import moves
from tests.games.null_bock.helpers import RULES


def look_alikes(move: dict[str, Any], hand: list[str]) -> list[Any]:
    out: list[Any] = [None, "play", [move], {}, {**move, "x": 1}]
    for key, value in move.items():
        out.append({k: v for k, v in move.items() if k != key})
        for other in (1, 1.0, True, None, str(value), [value], "arena", "edge", 0, 2, 9):
            out.append({**move, key: other})
    out += [{**move, "card": card} for card in hand]
    out += [{"type": "play", "card": card, "to": "edge", "edge": e}
            for card in hand[:3] for e in (-1, 0, 1, 2, 3, 4)]
    out += [{"type": "edge", "card": card} for card in hand[:3]]
    return out


def test_listed_agrees_with_the_list_at_every_step() -> None:
    checked = 0
    for seed in range(3):
        rnd = random.Random(seed)
        players = 3 + seed % 3
        state = RULES.setup(players, parse_options(RULES.Options, {"rounds": 1}), seed)
        while RULES.to_act(state):
            for seat in range(-1, players + 1):
                legal = RULES.legal_moves(state, seat) if 0 <= seat < players else []
                hand = state.hands[seat] if 0 <= seat < players else ["D1", "S0"]
                for candidate in [*legal, *look_alikes(dict(legal[0]) if legal else
                                                       {"type": "edge", "card": "D5"}, hand)]:
                    want = listed_move(legal, candidate)
                    assert moves.listed(state, seat, candidate) == want, (seat, candidate)
                    checked += want is not None
            seat = sorted(RULES.to_act(state))[0]
            state, _ = RULES.apply(state, seat, rnd.choice(list(RULES.legal_moves(state, seat))))
    assert checked > 100  # the listed moves themselves were found


def test_the_check_refuses_with_the_reason() -> None:
    state = RULES.setup(4, parse_options(RULES.Options, {}), 3)
    hand = state.hands[0]
    with pytest.raises(IllegalMove, match="First choose a card from your hand"):
        RULES.apply(state, 0, {"type": "play", "card": hand[0], "to": "arena"})
    assert RULES.apply(state, 0, {"type": "edge", "card": hand[0]})[0].pending[0] == hand[0]
