"""Bullenparty as a `Rules` object: setup, and the contract's methods wired to the
modules that hold each rule (moves, flow, rounds, views, bots)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
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
from app.games.bullenparty import bots, flow, moves, rounds, scramble, views
from app.games.bullenparty.cards import (
    BULL_STACK,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUMBER_CARDS,
    REMOVED_FOR_PLAYERS,
    ZERO_CARDS,
    bull_label,
    zero_label,
)
from app.games.bullenparty.scoring import score
from app.games.bullenparty.state import OVER, Seat, State, decode, encode


@dataclass
class BullenpartyOptions:
    """Bullenparty has no room options: the rules fix everything by player count."""


class Bullenparty(RulesBase):
    id: ClassVar[str] = "bullenparty"
    title: ClassVar[str] = "Bullenparty"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    Options: ClassVar[type[Any]] = BullenpartyOptions

    def setup(self, players: int, options: Any, seed: int) -> State:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise InvalidOptions(f"Bullenparty is for {MIN_PLAYERS} to {MAX_PLAYERS} players.")
        rng = Rng(seed_state(seed))
        deck = list(NUMBER_CARDS)
        rng.shuffle(deck)
        cut = REMOVED_FOR_PLAYERS.get(players, 0)
        removed, deck = deck[:cut], deck[cut:]
        zeros = list(ZERO_CARDS)
        rng.shuffle(zeros)
        seats = [
            Seat(hand=sorted(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]), zero=zeros[i])
            for i in range(players)
        ]
        state = State(
            players=players,
            rng=rng.state,
            seats=seats,
            draw=deck[players * HAND_SIZE :],
            removed=removed,
            zeros_out=zeros[players:],
            bull_stack=list(BULL_STACK),
        )
        events: list[Event] = []
        rounds.start_round(state, events)
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
        new = state.copy()
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

    def view(self, state: State, seat: Viewer) -> JSON:
        if seat == OPEN:
            return open_view(self.view(state, None),
                             [views.own_view(s) for s in state.seats])
        listed = moves.legal_moves(state, seat) if seat is not None else []
        memo = state.memo
        if memo is None:
            return views.view(state, seat, sorted(moves.to_act(state)), listed,
                              self.outcome(state))
        # what every viewer sees, made once per state (views are read, never changed)
        table = memo.get("table")
        if table is None:
            table = memo["table"] = views.table(state, sorted(moves.to_act(state)),
                                                self.outcome(state))
        out = table.copy()
        if seat is not None:
            out["mine"] = views.own_view(state.seats[seat])
        out["moves"] = listed
        return out

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != OVER:
            return None
        scores = [score(s.piles, s.bulls) for s in state.seats]
        ranks, winners = rank_by([sc.rank_key for sc in scores])
        return Outcome(tuple(sc.total for sc in scores), ranks, winners)

    def bot_move(self, view: JSON, seat: int, rng: Random) -> Move | None:
        return bots.bot_move(view, seat, rng)

    def scramble(self, state: State, seat: int | None, rng: Random) -> State:
        return scramble.scramble(state, seat, rng)

    def encode(self, state: State) -> JSON:
        return encode(state)

    def decode(self, data: Mapping[str, Any]) -> State:
        return decode(data)

    def cards(self, state: State) -> list[str]:
        numbers = [*state.draw, *state.discard, *state.removed, *state.set_aside]
        if state.drawn is not None:
            numbers.append(state.drawn)
        for row in state.rows:
            numbers.extend(row.cards)
        bulls = list(state.bull_stack)
        for row in state.rows:
            if row.bull is not None:
                bulls.append(row.bull)
        for seat in state.seats:
            numbers.extend(seat.draft_hand if seat.draft_hand is not None else seat.hand)
            for pile in seat.draft_piles if seat.draft_piles is not None else seat.piles:
                numbers.extend(pile)
            if isinstance(seat.bid, int):
                numbers.append(seat.bid)
            bulls.extend(seat.bulls)
        zeros = [s.zero for s in state.seats] + state.zeros_out
        return (
            [str(n) for n in numbers]
            + [bull_label(b) for b in bulls]
            + [zero_label(z) for z in zeros]
        )
