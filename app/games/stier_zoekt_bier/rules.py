"""Stier zoekt Bier (Bull needs Beer) as a `Rules` object: the contract's entry points."""

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
    rank_by,
    seed_state,
    with_opening,
)
from app.games.stier_zoekt_bier import bots, flow, moves
from app.games.stier_zoekt_bier import cards as C
from app.games.stier_zoekt_bier.scramble import scramble
from app.games.stier_zoekt_bier.state import OVER, Seat, State, decode, encode
from app.games.stier_zoekt_bier.views import private, table, view

VARIANTS = ("basic", "grand-cafe")


@dataclass
class StierOptions:
    variant: str = field(
        default="basic",
        metadata={
            "label": "Variant",
            "choices": list(VARIANTS),
            "help": "Grand Café: keep 0-2 cards per draft step, draught one beer type only, "
            "and a cellar card that is not served ends your serving.",
        },
    )
    bulls_per_round: int | None = field(
        default=None,
        metadata={
            "label": "Bulls per round",
            "choices": [None, 2, 3],
            "help": "Default: 2 with 3-4 players (14 bulls in play), 3 with 5 (21 bulls).",
        },
    )

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise ValueError("The variant must be 'basic' or 'grand-cafe'.")
        if self.bulls_per_round is not None and self.bulls_per_round not in (2, 3):
            raise ValueError("Bulls per round must be 2 or 3.")


class StierZoektBier(RulesBase):
    id: ClassVar[str] = "stier-zoekt-bier"
    title: ClassVar[str] = "Stier zoekt Bier"
    min_players: ClassVar[int] = C.MIN_PLAYERS
    max_players: ClassVar[int] = C.MAX_PLAYERS
    Options: ClassVar[type[Any]] = StierOptions

    def option_variants(self) -> list[dict[str, Any]]:
        return [{}, {"variant": "grand-cafe"}]

    def setup(self, players: int, options: Any, seed: int) -> State:
        if not C.MIN_PLAYERS <= players <= C.MAX_PLAYERS:
            raise InvalidOptions(
                f"Stier zoekt Bier is for {C.MIN_PLAYERS} to {C.MAX_PLAYERS} players."
            )
        per_round = options.bulls_per_round or C.BULLS_PER_ROUND[players]
        rng = Rng(seed_state(seed))
        bulls = C.bull_deck()
        rng.shuffle(bulls)
        in_play = C.ROUNDS * per_round
        beer = C.beer_deck()
        rng.shuffle(beer)
        boss = rng.below(players)
        state = State(
            players=players, variant=options.variant, bulls_per_round=per_round,
            rng=rng.state, boss=boss, beer_deck=beer, bull_deck=bulls[:in_play],
            bulls_out=bulls[in_play:], seats=[Seat() for _ in range(players)],
        )
        events: list[Event] = []
        flow.start_round(state, events)
        flow.settle(state, events)
        state.opening = opening_of(events)
        return state

    def to_act(self, state: State) -> frozenset[int]:
        return moves.to_act(state)

    def legal_moves(self, state: State, seat: int) -> Sequence[Move]:
        return moves.legal_moves(state, seat)


    def opening_count(self, state: State) -> int:
        return len(state.opening)

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        move = self.check(state, seat, move)
        new = state.clone()
        events: list[Event] = []
        flow.play(new, seat, move, events)
        # finished: never changed again, so its views may share. (`memo` is a ClassVar
        # only to keep it out of the dataclass's fields; each state sets its own.)
        new.memo = {}  # type: ignore[misc]
        if state.opening:
            new.opening = []
            events = with_opening(state.opening, events)
        return new, events

    def refusal(self, state: State, seat: int, move: Any) -> str:
        return moves.refusal(state, seat, move)

    def bot_move(self, view: JSON, seat: int, rng: Random) -> Move | None:
        return bots.bot_move(view, seat, rng)

    def scramble(self, state: State, seat: int | None, rng: Random) -> State:
        return scramble(state, seat, rng)

    def view(self, state: State, seat: Viewer) -> JSON:
        if seat == OPEN:
            return open_view(view(state, None, self.outcome(state)),
                             [private(state, s) for s in range(state.players)])
        memo = state.memo
        if memo is None:
            return view(state, seat, self.outcome(state))
        # what every viewer sees, made once per state (views are read, never changed)
        shared = memo.get("table")
        if shared is None:
            shared = memo["table"] = table(state, self.outcome(state))
        return view(state, seat, None, shared)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != OVER:
            return None
        scores = tuple(seat.points for seat in state.seats)
        ranks, winners = rank_by(
            [(seat.points, seat.served_cards, seat.served_glasses) for seat in state.seats]
        )
        return Outcome(scores, ranks, winners)

    def encode(self, state: State) -> JSON:
        return encode(state)

    def decode(self, data: Mapping[str, Any]) -> State:
        return decode(dict(data))

    def cards(self, state: State) -> list[str]:
        every = [C.BEER_BOSS, *state.beer_deck, *state.discard, *state.bull_deck,
                 *state.bulls_out, *state.middle]
        for seat in state.seats:
            every += seat.stock + seat.hand + seat.picks + seat.draughted
            for slot in seat.pub:
                every += slot.bulls + slot.beer
        return every
