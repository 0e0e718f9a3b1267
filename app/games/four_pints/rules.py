"""Four pints, please: the `Rules` object (rules: four-pints-please.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from app.games.base import (
    JSON,
    Event,
    IllegalMove,
    InvalidOptions,
    Move,
    Outcome,
    Rng,
    RulesBase,
    rank_by,
    seed_state,
)
from app.games.four_pints import turn
from app.games.four_pints.cards import (
    BEERS,
    CREDIT,
    DRUNK,
    SPILLED,
    ST_PATRICKS,
    WALLET,
    beer_deck,
    buying_deck,
)
from app.games.four_pints.money import money_total
from app.games.four_pints.state import (
    ELBOW_CHOICE,
    GIFT_CHOICE,
    SLIP_CHOICE,
    FourPintsState,
)


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
        first = rng.below(players)
        state.rng = rng.state
        events: list[Event] = []
        turn.refill(state, events)
        turn.start_turn(state, first, events)
        return state

    def to_act(self, state: FourPintsState) -> frozenset[int]:
        return frozenset() if state.over else frozenset({state.active})

    def legal_moves(self, state: FourPintsState, seat: int) -> Sequence[Move]:
        if state.over or seat != state.active:
            return []
        if state.pending == ELBOW_CHOICE:
            return [
                {"type": "elbow", "seat": target, "pint": pint}
                for target, pint in turn.elbow_targets(state)
            ]
        if state.pending == SLIP_CHOICE:
            return [{"type": "slip", "pint": pint} for pint in turn.slip_targets(state)]
        if state.pending == GIFT_CHOICE:
            return [
                {"type": "give", "pint": pint, "to": to} for pint, to in turn.gift_choices(state)
            ]
        return [{"type": "reveal"}, *turn.buy_moves(state)]

    def apply(
        self, state: FourPintsState, seat: int, move: Move
    ) -> tuple[FourPintsState, list[Event]]:
        if move not in self.legal_moves(state, seat):
            raise IllegalMove(self.refusal(state, seat, move))
        new = state.copy()
        events: list[Event] = []
        kind = move["type"]
        if kind == "reveal":
            turn.reveal(new, events)
        elif kind == "buy":
            turn.buy(new, list(move["pints"]), move["pay"], events)
        elif kind == "elbow":
            turn.elbow(new, move["seat"], move["pint"], events)
        elif kind == "slip":
            turn.slip(new, move["pint"], events)
        else:
            turn.give(new, move["pint"], move["to"], events)
        return new, events

    def refusal(self, state: FourPintsState, seat: int, move: Move) -> str:
        """Why a move not in `legal_moves` is refused, in a player's words."""
        kind = move.get("type") if isinstance(move, Mapping) else None
        if state.over:
            return "The game is over."
        if seat != state.active:
            return "It is not your turn."
        if state.pending == ELBOW_CHOICE:
            return "First choose the pint of another player to elbow."
        if state.pending == SLIP_CHOICE:
            return "First choose which of your pints you lose in the slip."
        if state.pending == GIFT_CHOICE:
            return "First choose who gets the pint that is on you, and which one."
        if kind == "buy":
            if state.must_reveal:
                return "You started with Wallet money: reveal at least one card before buying."
            if turn.on_me(state) and len(move.get("pints") or []) != 2:
                return "On me!: you must buy two pints at once."
            return "You cannot buy that: it is not on the counter or you cannot afford it."
        return "You can reveal a card or buy a pint you can afford."

    def view(self, state: FourPintsState, seat: int | None) -> JSON:
        s = state
        outcome = self.outcome(s)
        scores = [s.score(i) for i in range(s.players)]
        return {
            "players": s.players,
            "to_act": sorted(self.to_act(s)),
            "phase": "over" if s.over else (s.pending or "turn"),
            "round": s.turn,
            "active": s.active,
            "scores": scores,
            "areas": [
                {"pints": list(s.pints[i]), "spilled": s.spilled[i], "saved": list(s.saved[i])}
                for i in range(s.players)
            ],
            "counter": list(s.counter),
            "beer_deck": len(s.beer_deck),
            "beer_discard": list(s.beer_discard),
            "removed": list(s.removed),
            "buying_deck": len(s.buying_deck),
            "buying_discard": list(s.buying_discard),
            "purse": list(s.purse),
            "money": money_total(s.purse),
            "revealed": list(s.play),
            "spent": list(s.spent),
            "bought": list(s.bought),
            "drunk": s.play.count(DRUNK),
            "on_me": turn.on_me(s),
            "happy_hour": turn.happy_hour(s),
            "wallet": WALLET in s.play,
            "credit": s.purse.count(CREDIT),
            "st_patricks": s.play.count(ST_PATRICKS) + s.extra_turns,
            "must_reveal": s.must_reveal,
            "beers": {b.name: {"price": b.price, "points": b.points} for b in BEERS},
            "offers": [
                {"pints": pints, "cost": turn.cost(s, pints)}
                for pints in ([] if s.over or s.pending else turn.pint_choices(s))
            ],
            "spilled_card": SPILLED,
            "winner": s.winner,
            "outcome": outcome.to_json() if outcome else None,
            "moves": list(self.legal_moves(s, seat)) if seat is not None else [],
        }

    def outcome(self, state: FourPintsState) -> Outcome | None:
        if not state.over:
            return None
        keys = [
            (int(seat == state.winner), *turn.tiebreak_key(state, seat))
            for seat in range(state.players)
        ]
        ranks, winners = rank_by(keys)
        return Outcome(tuple(state.score(i) for i in range(state.players)), ranks, winners)

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

