"""Four pints, please: the `Rules` object (rules: four-pints-please.md).

The rules live in the modules: cards.py (data), state.py, moves.py (what is legal and
why not), flow.py (what a move does; the turn's frame in turns.py, a revealed card in
reveals.py), views.py (what a seat sees), bots.py.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
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
from app.games.four_pints import bots, flow, moves, turns, views
from app.games.four_pints.cards import SPILLED, beer_deck, buying_deck
from app.games.four_pints.state import FourPintsState


@dataclass
class FourPintsOptions:
    """No options: the game is played as written."""


class FourPintsPlease(RulesBase):
    id: ClassVar[str] = "four-pints-please"
    title: ClassVar[str] = "Four pints, please"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    Options: ClassVar[type[Any]] = FourPintsOptions

    def setup(self, players: int, options: Any, seed: int) -> FourPintsState:
        if not self.min_players <= players <= self.max_players:
            raise InvalidOptions(
                f"{self.title} is for {self.min_players} to {self.max_players} players."
            )
        rng = Rng(seed_state(seed))
        state = FourPintsState.new(players, 0)
        state.beer_deck, state.buying_deck = beer_deck(), buying_deck()
        rng.shuffle(state.beer_deck)
        rng.shuffle(state.buying_deck)
        state.first = rng.below(players)
        state.rng = rng.state
        events: list[Event] = []
        turns.refill(state, events)
        turns.start_turn(state, state.first, events)
        state.opening = opening_of(events)
        return state

    def to_act(self, state: FourPintsState) -> frozenset[int]:
        return frozenset() if state.over else frozenset({state.active})

    def legal_moves(self, state: FourPintsState, seat: int) -> Sequence[Move]:
        return moves.legal_moves(state, seat)

    def opening_count(self, state: FourPintsState) -> int:
        return len(state.opening)

    def apply(
        self, state: FourPintsState, seat: int, move: Move
    ) -> tuple[FourPintsState, list[Event]]:
        move = self.check(state, seat, move)
        new = state.copy()
        events: list[Event] = []
        flow.apply(new, move, events)
        # finished: never changed again, so its views may share. (`memo` is a ClassVar
        # only to keep it out of the dataclass's fields; each state sets its own.)
        new.memo = {}  # type: ignore[misc]
        if state.opening:
            new.opening = []
            events = with_opening(state.opening, events)
        return new, events

    def refusal(self, state: FourPintsState, seat: int, move: Any) -> str:
        return moves.refusal(state, seat, move)

    def view(self, state: FourPintsState, seat: Viewer) -> JSON:
        if seat == OPEN:  # nothing is secret but the decks' order, which no board shows
            return open_view(views.view(state, None), [{} for _ in range(state.players)])
        return views.view(state, seat)

    def outcome(self, state: FourPintsState) -> Outcome | None:
        return views.outcome(state)

    def bot_move(self, view: JSON, seat: int, rng: random.Random) -> Move | None:
        return bots.bot_move(view, seat, rng)

    def scramble(self, state: FourPintsState, seat: int | None,
                 rng: random.Random) -> FourPintsState:
        """Only the decks' order (and the generator that reshuffles them) is hidden, and
        from every viewer alike: reshuffle both decks and pick a new generator."""
        new = state.copy()
        rng.shuffle(new.beer_deck)
        rng.shuffle(new.buying_deck)
        new.rng = rng.getrandbits(64)
        return new

    def encode(self, state: FourPintsState) -> JSON:
        return state.encode()

    def decode(self, data: Mapping[str, Any]) -> FourPintsState:
        return FourPintsState.decode(data)

    def cards(self, state: FourPintsState) -> list[str]:
        s = state
        every = s.beer_deck + s.beer_discard + s.removed + s.counter + s.bought
        every += s.buying_deck + s.buying_discard + s.purse + s.play + s.spent
        for seat in range(s.players):
            every += s.pints[seat] + s.saved[seat] + [SPILLED] * s.spilled[seat]
        return every
