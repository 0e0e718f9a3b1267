"""The state of a game of Null Bock!: plain lists, cheap to copy, lossless as JSON."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from app.games.base import JSON

EDGE_PHASE = "edge"
"""Every seat still without an Edge card chooses one, face down, at the same time."""
PLAY_PHASE = "play"
OVER_PHASE = "over"


@dataclass
class NullBockState:
    players: int
    target: int
    rounds: int | None
    rng: int
    round: int
    phase: str
    first: int
    """The first player of the current round."""
    turn: int | None
    """The seat to act in the play phase."""
    hands: list[list[str]]
    edges: list[str | None]
    pending: list[str | None]
    """Edge choices made but not yet revealed (edge phase only)."""
    arena: list[str]
    arena_owner: int | None
    """The seat that played the Arena's top card."""
    harems: list[list[str]]
    discard: list[str]
    """Arena cards nobody won at the end of a round; gathered again for the next one."""
    removed: list[str]
    """Cards out of the game for this player count."""
    passes: int
    """Passes in a row since the last card was played."""
    scores: list[int]
    last_round: JSON | None = None
    """The public summary of the last finished round. Replaced, never mutated."""
    round_points: list[list[int]] = field(default_factory=list)
    """Points each seat made in every finished round. Inner lists are never mutated."""
    last: JSON | None = None
    """The last play, public only: {"seat", "cards", "from", "to", "text"}. Replaced,
    never mutated; None at the start of a round."""
    opening: list[JSON] = field(default_factory=list)
    """The set-up's public events, logged with the first move (base.opening_of).
    Replaced, never mutated."""

    # `memo` (not a field: never compared, encoded or copied): what views share, made
    # once per state. Only a state made by `fork` has one, since only those are never
    # changed after they are made (a test may build a state and then edit it).
    # (keys: names, and ("moves", seat) in moves.py)
    memo: ClassVar[dict[Any, Any] | None] = None

    def copy(self) -> NullBockState:
        """A copy sharing nothing mutable with self (last_round and round_points'
        inner lists are never mutated)."""
        return NullBockState(
            players=self.players,
            target=self.target,
            rounds=self.rounds,
            rng=self.rng,
            round=self.round,
            phase=self.phase,
            first=self.first,
            turn=self.turn,
            hands=[list(h) for h in self.hands],
            edges=list(self.edges),
            pending=list(self.pending),
            arena=list(self.arena),
            arena_owner=self.arena_owner,
            harems=[list(h) for h in self.harems],
            discard=list(self.discard),
            removed=list(self.removed),
            passes=self.passes,
            scores=list(self.scores),
            last_round=self.last_round,
            round_points=list(self.round_points),
            last=self.last,
            opening=self.opening,
        )

    def fork(self) -> NullBockState:
        """A copy for `flow.apply` sharing every list: the flow replaces a list rather
        than changing it (copy on write), so a move copies only what it changes and
        every other list stays the same object. The views count on that: what they
        keep in `memo` from the state before (`mine`, `summary` in views.py) is valid
        while the lists it was made of are the same objects."""
        new = object.__new__(NullBockState)  # copy.copy's reduce protocol costs 4x this
        new.__dict__.update(self.__dict__)
        memo = self.memo
        # ClassVar only to keep `memo` out of the dataclass's fields; set per instance
        new.memo = {"mine": {} if memo is None else dict(memo["mine"])}  # type: ignore[misc]
        if memo is not None and "summary" in memo:
            new.memo["summary"] = memo["summary"]
        return new

    def encode(self) -> JSON:
        """JSON-ready data SHARING the state's lists: a state is never changed once
        made (apply works on a fork), so the data cannot change under its reader;
        `decode` copies."""
        data = dict(vars(self))
        data.pop("memo", None)
        return data

    @classmethod
    def decode(cls, data: Mapping[str, Any]) -> NullBockState:
        state = cls(**data).copy()
        state.round_points = [list(p) for p in state.round_points]
        state.last_round = copy_summary(state.last_round)
        state.last = copy_summary(state.last)
        return state

    def every_card(self) -> list[str]:
        out = [c for h in self.hands for c in h]
        out += [c for c in self.edges if c is not None]
        out += [c for c in self.pending if c is not None]
        out += self.arena
        out += [c for h in self.harems for c in h]
        return out + self.discard + self.removed


def copy_summary(summary: JSON | None) -> JSON | None:
    """A deep copy of a round summary: scalars and lists of (lists of) scalars."""
    if summary is None:
        return None
    return {
        key: [list(v) if isinstance(v, list) else v for v in value]
        if isinstance(value, list)
        else value
        for key, value in summary.items()
    }
