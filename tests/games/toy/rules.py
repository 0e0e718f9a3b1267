"""The toy game's rules: a tiny game used to prove the conformance harness catches broken
games, and to serve a game of the tests' own.

"High card": each player is dealt 3 cards of a shuffled 1..(3n+1) deck; each trick all
players secretly pick a card at once; the highest wins a point. It has hidden hands,
a simultaneous secret choice and a seeded shuffle: the shapes the harness must handle.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from app.games.base import JSON, Event, Move, Outcome, Parts, Rng, RulesBase, rank_by, seed_state
from tests.games.toy.phrases import PHRASES as say


@dataclass
class ToyOptions:
    tricks: int = field(default=3, metadata={"label": "Tricks", "min": 1, "max": 3})

    def __post_init__(self) -> None:
        if not 1 <= self.tricks <= 3:
            raise ValueError("Tricks must be between 1 and 3.")


@dataclass
class ToyState:
    players: int
    tricks: int
    rng: int
    hands: list[list[int]]
    pending: list[int | None]
    played: list[int]
    scores: list[int]
    out: list[int] = field(default_factory=list)
    opening: list[JSON] = field(default_factory=list)


class HighCard(RulesBase[ToyState], id="toy-high-card", title="High card", players=(2, 4),
               options=ToyOptions):
    def __init__(self) -> None:
        super().__init__(Parts(
            start=start, fork=copy.deepcopy, play=play, to_act=to_act, legal_moves=legal_moves,
            refusal=lambda state, seat, move: say.refusal("not_now"),
            look=look, secret=secret, outcome=outcome, cards=cards,
            encode=lambda state: copy.deepcopy(state.__dict__),
            decode=lambda data: ToyState(**copy.deepcopy(dict(data))),
        ))


def start(players: int, options: Any, seed: int, events: list[Event]) -> ToyState:
    rng = Rng(seed_state(seed))
    deck = list(range(1, 3 * players + 2))
    rng.shuffle(deck)
    hands = [sorted(deck[3 * i : 3 * i + 3]) for i in range(players)]
    return ToyState(players, options.tricks, rng.state, hands, [None] * players, [],
                    [0] * players, out=deck[3 * players :])


def play(state: ToyState, seat: int, move: Move, events: list[Event]) -> None:
    state.hands[seat].remove(move["card"])
    state.pending[seat] = move["card"]
    events.append(say.event("pick", seat=seat))
    if all(p is not None for p in state.pending):
        picks = [p for p in state.pending if p is not None]
        winner = picks.index(max(picks))
        state.scores[winner] += 1
        state.played.extend(picks)
        state.pending = [None] * state.players
        events.append(say.event("trick", seat=winner))


def to_act(state: ToyState) -> frozenset[int]:
    if len(state.played) // state.players >= state.tricks:
        return frozenset()
    return frozenset(s for s in range(state.players) if state.pending[s] is None)


def legal_moves(state: ToyState, seat: int) -> list[Move]:
    if seat not in to_act(state):
        return []
    return [{"type": "pick", "card": c} for c in state.hands[seat]]


def look(state: ToyState, seat: int | None) -> JSON:
    return {
        "mine": secret(state, seat) if seat is not None else None,
        "hand": state.hands[seat] if seat is not None else None,
        "hand_sizes": [len(h) for h in state.hands],
        "chosen": [p is not None for p in state.pending],
        "scores": state.scores,
        "moves": legal_moves(state, seat) if seat is not None else [],
        "outcome": result.to_json() if (result := outcome(state)) else None,
    }


def secret(state: ToyState, seat: int) -> JSON:
    return {"hand": state.hands[seat]}


def outcome(state: ToyState) -> Outcome | None:
    if to_act(state):
        return None
    ranks, winners = rank_by(state.scores)
    return Outcome(tuple(state.scores), ranks, winners)


def cards(state: ToyState) -> list[str]:
    every = [c for h in state.hands for c in h] + state.played + state.out
    every += [p for p in state.pending if p is not None]
    return [str(c) for c in every]
