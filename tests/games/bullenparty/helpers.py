"""Card-literal helpers for Bullenparty rule cases: build a state, play moves."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from app.games.base import Event, IllegalMove, Move
from app.games.bullenparty import Bullenparty
from app.games.bullenparty.cards import BULL_STACK
from app.games.bullenparty.state import Row, Seat, State

RULES = Bullenparty()


def state_from(
    hands: Sequence[Sequence[int]],
    rows: Sequence[Sequence[int] | Row],
    *,
    draw: Sequence[int] = (),
    discard: Sequence[int] = (),
    zeros: str | None = None,
    piles: Mapping[int, list[list[int]]] | None = None,
    bulls: Mapping[int, list[int]] | None = None,
    bull_stack: Sequence[int] = BULL_STACK,
    last_round: bool = False,
) -> State:
    """A state in the bid phase of round 1 (seat i holds hands[i], zero card zeros[i])."""
    letters = zeros or "ABCDE"[: len(hands)]
    seats = [
        Seat(
            hand=sorted(hand),
            zero=letters[i],
            piles=[list(p) for p in (piles or {}).get(i, [])],
            bulls=list((bulls or {}).get(i, [])),
        )
        for i, hand in enumerate(hands)
    ]
    return State(
        players=len(hands),
        rng=12345,
        seats=seats,
        draw=list(draw),
        discard=list(discard),
        bull_stack=list(bull_stack),
        rows=[r.copy() if isinstance(r, Row) else Row(list(r)) for r in rows],
        round=1,
        last_round=last_round,
    )


def play(state: State, *moves: tuple[int, Move]) -> tuple[State, list[Event]]:
    """Apply (seat, move) pairs in order; return the last state and every event."""
    events: list[Event] = []
    for seat, move in moves:
        state, new = RULES.apply(state, seat, move)
        events.extend(new)
    return state, events


def bids(state: State, cards: Mapping[int, int | str]) -> tuple[State, list[Event]]:
    """Every listed seat bids its card (a number, or its zero card's letter)."""
    return play(state, *((s, {"type": "bid", "card": c}) for s, c in cards.items()))


def bid(card: int | str) -> Move:
    return {"type": "bid", "card": card}


def take(row: int) -> Move:
    return {"type": "take", "row": row}


def extend(row: int) -> Move:
    return {"type": "extend", "row": row}


def place(card: int, pile: int) -> Move:
    return {"type": "place", "card": card, "pile": pile}


def new_pile(card: int) -> Move:
    return {"type": "new_pile", "card": card}


def frozen(state: State) -> str:
    return json.dumps(RULES.encode(state), sort_keys=True)


def seen(state: State, seat: int | None) -> str:
    return json.dumps(RULES.view(state, seat), sort_keys=True)


def texts(events: Sequence[Event], seat: int | None = None) -> list[str]:
    """The event texts `seat` may see (None: spectator)."""
    return [e.text for e in events if e.visible_to(seat)]


def refused(state: State, seat: int, move: Move) -> str:
    """Assert `move` is refused with a reason and changes nothing; return the reason."""
    before = frozen(state)
    try:
        RULES.apply(state, seat, move)
    except IllegalMove as exc:
        assert frozen(state) == before
        assert exc.reason.strip()
        return exc.reason
    raise AssertionError(f"{move} was allowed for seat {seat}")
