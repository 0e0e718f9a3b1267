"""What a state shares with the state it was made from (copy on write, views kept from
the state before) changes nothing anyone can see: the old state's views and encoding
stay as they were, and every view equals the one made from a fresh decoded copy."""

from __future__ import annotations

import json
import random
from typing import Any

from app.games.base import OPEN, parse_options
from app.games.registry import GAMES

RULES = GAMES["null-bock"]


def canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def looks(state: Any, players: int) -> str:
    """Every seat's view, the spectator's and the encoding, as one text."""
    return canon([RULES.view(state, s) for s in [*range(players), None]]
                 + [RULES.encode(state)])


def test_a_move_changes_nothing_of_the_state_it_was_applied_to() -> None:
    for players, seed in ((3, 1), (4, 2), (6, 3)):
        rnd = random.Random(seed)
        state = RULES.setup(players, parse_options(RULES.Options, {"rounds": 2}), seed)
        steps = 0
        while acting := sorted(RULES.to_act(state)):
            before = looks(state, players)
            seat = rnd.choice(acting)
            moves = RULES.legal_moves(state, seat)
            for move in rnd.sample(moves, min(3, len(moves))):  # moves not taken, too
                RULES.apply(state, seat, move)
            new, _ = RULES.apply(state, seat, rnd.choice(moves))
            new_looks = looks(new, players)
            assert looks(state, players) == before, f"move {steps} changed the old state"
            # the new state's views, partly kept from the old one, are the fresh ones
            fresh = RULES.decode(json.loads(canon(RULES.encode(new))))
            assert looks(fresh, players) == new_looks, f"move {steps}: a kept view is stale"
            state, steps = new, steps + 1
        assert canon(RULES.view(state, OPEN)) == canon(
            RULES.view(RULES.decode(json.loads(canon(RULES.encode(state)))), OPEN))
        assert steps > 40


def test_views_of_states_seen_out_of_order_are_their_own() -> None:
    """A state viewed only after its successors (a replay, a late socket) shows its
    own hands, not what a later state kept."""
    rnd = random.Random(9)
    state = RULES.setup(4, parse_options(RULES.Options, {"rounds": 1}), 9)
    states = [state]
    while acting := sorted(RULES.to_act(state)):
        seat = rnd.choice(acting)
        state, _ = RULES.apply(state, seat, rnd.choice(RULES.legal_moves(state, seat)))
        states.append(state)
        if len(states) % 3 == 0:
            looks(state, 4)  # some states are viewed at once, others later
    for old in reversed(states):
        fresh = RULES.decode(json.loads(canon(RULES.encode(old))))
        assert looks(old, 4) == looks(fresh, 4)
