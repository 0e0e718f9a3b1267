"""Card-literal builders for Stier zoekt Bier rule cases.

    table(players=4, boss=3, phase=DRAUGHT, middle="BL BA",
          seats=[seat(stock="L1 D3", pub=["BD"]), seat(stock="L1 L1 L1 L1 L3 L4 L2")])

A stock is written bottom to top: its first five cards are the cellar, the rest the
overflow. A pub slot is "BL" (one bull), "BL+BL" (a pair) or "BL:L5 L4" (with beer).
"""

from __future__ import annotations

import json

import pytest

from app.games.base import Event, IllegalMove, Move
from app.games.stier_zoekt_bier import StierZoektBier, flow, serving
from app.games.stier_zoekt_bier.state import DRAFT, DRAUGHT, SERVE, Seat, Slot, State

RULES = StierZoektBier()


def cards(text: str) -> list[str]:
    return text.split()


def slot(spec: str) -> Slot:
    bulls, _, beer = spec.partition(":")
    return Slot(bulls.split("+"), cards(beer))


def seat(
    stock: str = "", pub: list[str] | None = None, hand: str = "", draughted: str = "",
    served_now: list[int] | None = None,
) -> Seat:
    return Seat(
        stock=cards(stock), hand=cards(hand), draughted=cards(draughted),
        has_draughted=bool(draughted), pub=[slot(s) for s in pub or []],
        served_now=list(served_now or []),
    )


def table(
    seats: list[Seat], phase: str = DRAUGHT, boss: int = 0, middle: str = "",
    variant: str = "basic", round: int = 1, deck: str = "", discard: str = "",
    bull_deck: str = "", ranking: list[int] | None = None,
) -> State:
    """A state built from literals, settled (seats without a choice have moved)."""
    state = State(
        players=len(seats), variant=variant, bulls_per_round=3 if len(seats) == 5 else 2,
        rng=12345, round=round, phase=phase, boss=boss, beer_deck=cards(deck),
        discard=cards(discard), bull_deck=cards(bull_deck), middle=cards(middle),
        seats=seats, ranking=list(ranking or []),
    )
    if phase == DRAFT:
        for me in state.seats:
            me.picked = not me.hand
    if phase == SERVE:
        for me in state.seats:
            me.stage = serving.next_stage(me)
    flow.settle(state, [])
    return state


def act(state: State, seat_no: int, move: Move) -> tuple[State, list[Event]]:
    return RULES.apply(state, seat_no, move)


def play(state: State, *moves: tuple[int, Move]) -> State:
    for seat_no, move in moves:
        state, _ = RULES.apply(state, seat_no, move)
    return state


def refused(state: State, seat_no: int, move: Move) -> str:
    before = json.dumps(RULES.encode(state), sort_keys=True)
    with pytest.raises(IllegalMove) as caught:
        RULES.apply(state, seat_no, move)
    assert json.dumps(RULES.encode(state), sort_keys=True) == before
    assert caught.value.reason.strip()
    return caught.value.reason


def texts(events: list[Event]) -> str:
    return " | ".join(event.text for event in events)


def pick(card: str) -> Move:
    return {"type": "pick", "card": card}


def draught(k: int, beer: str | None = None) -> Move:
    return {"type": "draught", "cards": k} if beer is None else {
        "type": "draught", "beer": beer, "cards": k}


def take(bull: str, join: int | None = None) -> Move:
    return {"type": "take", "bull": bull} if join is None else {
        "type": "take", "bull": bull, "join": join}


def serve(card: str, bull: int) -> Move:
    return {"type": "serve", "card": card, "bull": bull}


POUR: Move = {"type": "pour"}
STOP: Move = {"type": "stop"}
DONE: Move = {"type": "done"}


def pour(card: str) -> Move:
    return {"type": "pour", "card": card}
