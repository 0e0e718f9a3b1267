"""Who acts, what they may do, and why anything else is refused: one source per rule.

`legal_moves` is the only place a rule decides what is allowed; `refusal` says why a move
that is not listed is refused (its kind and data, said by phrases.py). Nothing here
changes a state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.games.base import Move, Refusal
from app.games.bullenparty.phrases import PHRASES as say
from app.games.bullenparty.state import BID, EXTEND, FINAL, OVER, REDUCE, TAKE, State

# The fields each kind of move has, to tell a malformed move from a forbidden one.
MOVE_FIELDS: dict[str, set[str]] = {
    "bid": {"type", "card"},
    "take": {"type", "row"},
    "extend": {"type", "row"},
    "place": {"type", "card", "pile"},
    "new_pile": {"type", "card"},
}


def bidders(state: State) -> list[int]:
    """Seats that have not taken a row this round."""
    takers = {row.taker for row in state.rows}
    return [s for s in range(state.players) if s not in takers]


def to_act(state: State) -> frozenset[int]:
    if state.phase == BID:
        return frozenset(s for s in bidders(state) if state.seats[s].pending is None)
    if state.phase in (TAKE, EXTEND, REDUCE):
        return frozenset(state.queue[:1])
    if state.phase == FINAL:
        return frozenset(s for s, seat in enumerate(state.seats) if seat.draft_hand)
    return frozenset()


def zero_allowed(state: State) -> bool:
    """A zero card may be bid while a card can be drawn and some row is open."""
    return not state.zero_blocked and any(row.open for row in state.rows)


def placements(hand: list[int], piles: list[list[int]]) -> list[Move]:
    """Every way to lay one card from `hand`: onto a pile whose top is lower, or a new pile."""
    moves: list[Move] = []
    for card in hand:
        for i, pile in enumerate(piles):
            if card > pile[-1]:
                moves.append({"type": "place", "card": card, "pile": i})
        moves.append({"type": "new_pile", "card": card})
    return moves


def legal_moves(state: State, seat: int) -> list[Move]:
    if seat not in to_act(state):
        return []
    player = state.seats[seat]
    if state.phase == BID:
        moves: list[Move] = [{"type": "bid", "card": c} for c in player.hand]
        if zero_allowed(state):
            moves.append({"type": "bid", "card": player.zero})
        return moves
    if state.phase == TAKE:
        return [{"type": "take", "row": i} for i, r in enumerate(state.rows) if r.remaining]
    if state.phase == EXTEND:
        return [{"type": "extend", "row": i} for i, r in enumerate(state.rows) if r.open]
    if state.phase == REDUCE:
        return placements(player.hand, player.piles)
    assert player.draft_hand is not None and player.draft_piles is not None
    return placements(player.draft_hand, player.draft_piles)


# -- refusals: a refusal's kind and data, said by phrases.py ---------------------------

WRONG_KIND: dict[str, str] = {
    BID: "bid_now", TAKE: "take_now", EXTEND: "extend_now", REDUCE: "reduce_now",
    FINAL: "final_now",
}

Why = tuple[str, dict[str, Any]]


def refusal(state: State, seat: int, move: Any) -> Refusal:
    """Why `move` is not allowed for `seat` now."""
    kind, data = refused(state, seat, move)
    return say.refusal(kind, **data)


def refused(state: State, seat: int, move: Any) -> Why:
    if not isinstance(move, Mapping) or not isinstance(move.get("type"), str):
        return "not_a_move", {}
    if not 0 <= seat < state.players:
        return "no_seat", {}
    if state.phase == OVER:
        return "over", {}
    if seat not in to_act(state):
        return not_your_turn(state, seat), {}
    kind = move["type"]
    expected = {BID: {"bid"}, TAKE: {"take"}, EXTEND: {"extend"}}.get(
        state.phase, {"place", "new_pile"}
    )
    if kind not in expected:
        return WRONG_KIND[state.phase], {}
    if set(move) != MOVE_FIELDS[kind]:
        return "fields", {"fields": sorted(MOVE_FIELDS[kind])}
    if kind == "bid":
        return bad_bid(state, seat, move.get("card"))
    if kind in ("take", "extend"):
        return bad_row(state, move.get("row")), {}
    return bad_placement(state, seat, move)


def not_your_turn(state: State, seat: int) -> str:
    if state.phase == BID:
        return "bid_chosen" if seat in bidders(state) else "row_taken"
    if state.phase == FINAL:
        return "all_laid"
    return "not_your_turn"


def bad_bid(state: State, seat: int, card: Any) -> Why:
    player = state.seats[seat]
    if isinstance(card, str) and card == player.zero:
        return ("zero_blocked" if state.zero_blocked else "rows_closed"), {}
    if isinstance(card, str):
        return "not_your_zero", {}
    return not_held(card)


def not_held(card: Any) -> Why:
    # Only a number is echoed back: a refusal never repeats arbitrary input.
    if isinstance(card, int) and not isinstance(card, bool) and 1 <= card <= 100:
        return "not_held", {"card": card}
    return "not_in_hand", {}


def bad_row(state: State, row: Any) -> str:
    if not isinstance(row, int) or isinstance(row, bool) or not 0 <= row < len(state.rows):
        return "no_row"
    if not state.rows[row].remaining:
        return "row_gone"
    return "row_closed"


def bad_placement(state: State, seat: int, move: Mapping[str, Any]) -> Why:
    player = state.seats[seat]
    hand, piles = player.hand, player.piles
    if state.phase == FINAL and player.draft_hand is not None:
        hand, piles = player.draft_hand, player.draft_piles or []
    card = move.get("card")
    if card not in hand or isinstance(card, bool):
        return not_held(card)
    if move["type"] == "new_pile":
        return "not_possible", {}
    index = move.get("pile")
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(piles):
        return "no_pile", {}
    top = piles[index][-1]
    if card > top:
        return "not_possible", {}
    return "not_onto", {"card": card, "pile": index, "top": top}
