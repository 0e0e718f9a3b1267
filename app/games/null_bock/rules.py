"""Null Bock! for the table: the `Rules` contract, put together from this package's parts
(cards, state, moves, flow, rounds, views, bots). Rules: null-bock.md."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any, ClassVar

from app.games.base import (
    JSON,
    OPEN,
    Event,
    InvalidOptions,
    Move,
    Outcome,
    Rng,
    RulesBase,
    Viewer,
    open_view,
    opening_of,
    seed_state,
    with_opening,
)
from app.games.null_bock import bots, flow, moves, rounds, views
from app.games.null_bock.cards import (
    DEFAULT_TARGET,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_TARGET,
    MIN_PLAYERS,
    MIN_ROUNDS,
    MIN_TARGET,
    SETUPS,
    full_deck,
    is_removed,
    sort_key,
)
from app.games.null_bock.state import EDGE_PHASE, NullBockState


@dataclass
class NullBockOptions:
    target: int = field(
        default=DEFAULT_TARGET,
        metadata={
            "label": "Target score",
            "min": MIN_TARGET,
            "max": MAX_TARGET,
            "help": "The game ends after the round in which someone reaches this total.",
        },
    )
    rounds: int | None = field(
        default=None,
        metadata={
            "label": "Fixed number of rounds",
            "min": MIN_ROUNDS,
            "max": MAX_ROUNDS,
            "help": "If set, play exactly this many rounds instead of playing to the target.",
        },
    )

    def __post_init__(self) -> None:
        if not MIN_TARGET <= self.target <= MAX_TARGET:
            raise ValueError(f"The target score must be between {MIN_TARGET} and {MAX_TARGET}.")
        if self.rounds is not None and not MIN_ROUNDS <= self.rounds <= MAX_ROUNDS:
            raise ValueError(f"The number of rounds must be between {MIN_ROUNDS} and {MAX_ROUNDS}.")


class NullBock(RulesBase):
    id: ClassVar[str] = "null-bock"
    title: ClassVar[str] = "Null Bock!"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    Options: ClassVar[type[Any]] = NullBockOptions

    def option_variants(self) -> list[JSON]:
        """Options the conformance test covers besides the defaults."""
        return [{}, {"rounds": 1}]

    def setup(self, players: int, options: Any, seed: int) -> NullBockState:
        if players not in SETUPS:
            raise InvalidOptions(f"Null Bock! is for {MIN_PLAYERS} to {MAX_PLAYERS} players.")
        setup = SETUPS[players]
        deck = full_deck()
        removed = sorted((c for c in deck if is_removed(c, setup)), key=sort_key)
        rng = Rng(seed_state(seed))
        first = rng.below(players)
        state = NullBockState(
            players=players,
            target=options.target,
            rounds=options.rounds,
            rng=rng.state,
            round=0,
            phase=EDGE_PHASE,
            first=first,
            turn=None,
            hands=[[] for _ in range(players)],
            edges=[None] * players,
            pending=[None] * players,
            arena=[],
            arena_owner=None,
            harems=[[] for _ in range(players)],
            # gathered, shuffled and dealt like at every round
            discard=[c for c in deck if not is_removed(c, setup)],
            removed=removed,
            passes=0,
            scores=[0] * players,
        )
        events: list[Event] = []
        rounds.deal(state, first, events)
        state.opening = opening_of(events)
        return state

    def to_act(self, state: NullBockState) -> frozenset[int]:
        return frozenset(views.to_act(state))

    def legal_moves(self, state: NullBockState, seat: int) -> Sequence[Move]:
        return moves.legal_moves(state, seat)


    def opening_count(self, state: NullBockState) -> int:
        return len(state.opening)

    def apply(
        self, state: NullBockState, seat: int, move: Move
    ) -> tuple[NullBockState, list[Event]]:
        move = self.check(state, seat, move)
        new, events = flow.apply(state, seat, move)
        if state.opening:
            new.opening = []
            events = with_opening(state.opening, events)
        return new, events

    def listed(self, state: NullBockState, seat: int, move: Any) -> Move | None:
        return moves.listed(state, seat, move)

    def refusal(self, state: NullBockState, seat: int, move: Any) -> str:
        return moves.refusal(state, seat, move)

    def view(self, state: NullBockState, seat: Viewer) -> JSON:
        if seat == OPEN:
            return open_view(views.view(state, None),
                             [views.mine(state, s) for s in range(state.players)])
        return views.view(state, seat)

    def outcome(self, state: NullBockState) -> Outcome | None:
        return views.outcome(state)

    def bot_move(self, view: JSON, seat: int, rng: Random) -> Move | None:
        return bots.bot_move(view, seat, rng)

    def scramble(self, state: NullBockState, seat: int | None, rng: Random) -> NullBockState:
        return views.scramble(state, seat, rng)

    def encode(self, state: NullBockState) -> JSON:
        return state.encode()

    def decode(self, data: Mapping[str, Any]) -> NullBockState:
        return NullBockState.decode(data)

    def cards(self, state: NullBockState) -> list[str]:
        return state.every_card()
