"""Random games pushed into the rare corners: zero-happy players, few cards left.

The conformance harness plays uniformly random moves, which seldom close rows or run out
of cards. Here players prefer their zero card and most of the draw pile is moved out of
play, so bulls run out, zero bids find no card and the game ends while laying out rows;
the contract invariants are checked at every step.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from app.games.base import Move
from app.games.bullenparty.state import State
from tests.games.bullenparty.helpers import RULES


def choose(rnd: random.Random, moves: list[Move]) -> Move:
    zeros = [m for m in moves if m["type"] == "bid" and isinstance(m["card"], str)]
    return zeros[0] if zeros and rnd.random() < 0.8 else rnd.choice(moves)


def short_of_cards(players: int, seed: int, keep: int) -> State:
    state = RULES.setup(players, RULES.Options(), seed)
    state.removed += state.draw[keep:]
    state.draw = state.draw[:keep]
    return state


def play_checked(state: State, seed: int) -> Counter[str]:
    rnd = random.Random(seed)
    deck = Counter(RULES.cards(state))
    seen: Counter[str] = Counter()
    while True:
        acting = RULES.to_act(state)
        for seat in range(state.players):
            assert bool(RULES.legal_moves(state, seat)) == (seat in acting)
        assert Counter(RULES.cards(state)) == deck
        data = json.loads(json.dumps(RULES.encode(state)))
        assert RULES.encode(RULES.decode(data)) == data
        if not acting:
            assert RULES.outcome(state) is not None
            return seen
        seat = rnd.choice(sorted(acting))
        state, events = RULES.apply(state, seat, choose(rnd, list(RULES.legal_moves(state, seat))))
        for event in events:
            seen[event.kind] += 1
            if "bull stack is empty" in event.text:
                seen["no-bull"] += 1
            if "may not be bid for the rest of this round" in event.text:
                seen["blocked"] += 1


def test_rare_corners_keep_the_contract() -> None:
    seen: Counter[str] = Counter()
    for players in range(2, 6):
        for seed in range(12):
            seen += play_checked(short_of_cards(players, seed, keep=seed % 5), seed)
        for seed in range(3):
            seen += play_checked(RULES.setup(players, RULES.Options(), seed), seed)
    for kind in ["no-bull", "blocked", "no-cards", "void", "reshuffle", "close"]:
        assert seen[kind] > 0, kind
