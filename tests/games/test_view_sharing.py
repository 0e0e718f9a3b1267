"""Views that share what they can (the public part made once per state, parts kept
from the state before) show exactly what fresh ones show, for every game: the old
state's views and encoding stay as they were after a move, and every view equals the
one made from a decoded copy (which shares nothing)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from app.games.base import parse_options
from app.games.registry import GAMES

STEPS = 160


def canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def looks(rules: Any, state: Any, players: int) -> str:
    return canon([rules.view(state, s) for s in [*range(players), None]]
                 + [rules.encode(state)])


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_shared_views_are_the_fresh_views(game_id: str) -> None:
    rules = GAMES[game_id]
    players = max(rules.min_players, min(4, rules.max_players))
    rnd = random.Random(11)
    state = rules.setup(players, parse_options(rules.Options, {}), 11)
    for step in range(STEPS):
        acting = sorted(rules.to_act(state))
        if not acting:
            break
        before = looks(rules, state, players)
        seat = rnd.choice(acting)
        moves = list(rules.legal_moves(state, seat))
        for move in rnd.sample(moves, min(2, len(moves))):  # moves not taken, too
            rules.apply(state, seat, move)
        new, _ = rules.apply(state, seat, rnd.choice(moves))
        new_looks = looks(rules, new, players)
        assert looks(rules, state, players) == before, f"move {step} changed the old state"
        fresh = rules.decode(json.loads(canon(rules.encode(new))))
        assert looks(rules, fresh, players) == new_looks, f"move {step}: a shared view is stale"
        state = new
    assert step > 30
