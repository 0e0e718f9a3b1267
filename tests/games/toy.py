"""A tiny game used only to prove the conformance harness catches broken games.

"High card": each player is dealt 3 cards of a shuffled 1..(3n+1) deck; each trick all
players secretly pick a card at once; the highest wins a point. It has hidden hands,
a simultaneous secret choice and a seeded shuffle: the shapes the harness must handle.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from app.games.base import (
    JSON,
    OPEN,
    Event,
    IllegalMove,
    Move,
    Outcome,
    Rng,
    RulesBase,
    Viewer,
    open_view,
    rank_by,
    seed_state,
    who,
)


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


class HighCard(RulesBase):
    id: ClassVar[str] = "toy-high-card"
    title: ClassVar[str] = "High card"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[Any]] = ToyOptions

    def setup(self, players: int, options: Any, seed: int) -> ToyState:
        rng = Rng(seed_state(seed))
        deck = list(range(1, 3 * players + 2))
        rng.shuffle(deck)
        hands = [sorted(deck[3 * i : 3 * i + 3]) for i in range(players)]
        return ToyState(
            players, options.tricks, rng.state, hands, [None] * players, [], [0] * players,
            out=deck[3 * players :],
        )

    def to_act(self, state: ToyState) -> frozenset[int]:
        if len(state.played) // state.players >= state.tricks:
            return frozenset()
        return frozenset(s for s in range(state.players) if state.pending[s] is None)

    def legal_moves(self, state: ToyState, seat: int) -> Sequence[Move]:
        if seat not in self.to_act(state):
            return []
        return [{"type": "pick", "card": c} for c in state.hands[seat]]

    def apply(self, state: ToyState, seat: int, move: Move) -> tuple[ToyState, list[Event]]:
        if move not in self.legal_moves(state, seat):
            raise IllegalMove("You cannot play that card now.")
        new = copy.deepcopy(state)
        new.hands[seat].remove(move["card"])
        new.pending[seat] = move["card"]
        events = [Event("pick", f"{who(seat)} has chosen.")]
        if all(p is not None for p in new.pending):
            picks = [p for p in new.pending if p is not None]
            winner = picks.index(max(picks))
            new.scores[winner] += 1
            new.played.extend(picks)
            new.pending = [None] * new.players
            events.append(Event("trick", f"{who(winner)} wins the trick."))
        return new, events

    def view(self, state: ToyState, seat: Viewer) -> JSON:
        if seat == OPEN:
            return open_view(self.view(state, None), [{"hand": h} for h in state.hands])
        return {
            "mine": {"hand": state.hands[seat]} if seat is not None else None,
            "hand": state.hands[seat] if seat is not None else None,
            "hand_sizes": [len(h) for h in state.hands],
            "chosen": [p is not None for p in state.pending],
            "scores": state.scores,
            "moves": list(self.legal_moves(state, seat)) if seat is not None else [],
            "outcome": result.to_json() if (result := self.outcome(state)) else None,
        }

    def outcome(self, state: ToyState) -> Outcome | None:
        if self.to_act(state):
            return None
        ranks, winners = rank_by(state.scores)
        return Outcome(tuple(state.scores), ranks, winners)

    def encode(self, state: ToyState) -> JSON:
        return copy.deepcopy(state.__dict__)

    def decode(self, data: Mapping[str, Any]) -> ToyState:
        return ToyState(**copy.deepcopy(dict(data)))

    def cards(self, state: ToyState) -> list[str]:
        every = [c for h in state.hands for c in h] + state.played + state.out
        every += [p for p in state.pending if p is not None]
        return [str(c) for c in every]
