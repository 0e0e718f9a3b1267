"""Who acts, what they may do, and why anything else is refused: one source per rule.

`legal_moves` is the only place a rule decides what is allowed; `refusal` explains a
move that is not listed, in words a player can read. Nothing here changes a state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.games.base import Move
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


# -- refusals ------------------------------------------------------------------------------

WRONG_KIND: dict[str, str] = {
    BID: "Choose a card to bid.",
    TAKE: "Choose a row to take.",
    EXTEND: "Choose an open row for the card you turned up.",
    REDUCE: "Lay your extra cards onto your piles first.",
    FINAL: "Lay all your cards onto your piles.",
}


def refusal(state: State, seat: int, move: Any) -> str:
    """Why `move` is not allowed for `seat` now."""
    if not isinstance(move, Mapping) or not isinstance(move.get("type"), str):
        return "That is not a move in Bullenparty."
    if not 0 <= seat < state.players:
        return "There is no such seat."
    if state.phase == OVER:
        return "The game is over."
    if seat not in to_act(state):
        return not_your_turn(state, seat)
    kind = move["type"]
    expected = {BID: {"bid"}, TAKE: {"take"}, EXTEND: {"extend"}}.get(
        state.phase, {"place", "new_pile"}
    )
    if kind not in expected:
        return WRONG_KIND[state.phase]
    if set(move) != MOVE_FIELDS[kind]:
        return "That move is not understood: " + ", ".join(sorted(MOVE_FIELDS[kind])) + "."
    if kind == "bid":
        return bad_bid(state, seat, move.get("card"))
    if kind in ("take", "extend"):
        return bad_row(state, move.get("row"))
    return bad_placement(state, seat, move)


def not_your_turn(state: State, seat: int) -> str:
    if state.phase == BID:
        if seat in bidders(state):
            return "You have already chosen your bid."
        return "You have taken a row this round: wait for the next round."
    if state.phase == FINAL:
        return "You have laid all your cards: wait for the others."
    return "It is not your turn."


def bad_bid(state: State, seat: int, card: Any) -> str:
    player = state.seats[seat]
    if isinstance(card, str) and card == player.zero:
        if state.zero_blocked:
            return "No cards are left to draw: zero cards may not be bid this round."
        return "Every remaining row is closed: you must bid a number card."
    if isinstance(card, str):
        return "That is not your zero card."
    return not_held(card)


def not_held(card: Any) -> str:
    # Only a number is echoed back: a refusal never repeats arbitrary input.
    if isinstance(card, int) and not isinstance(card, bool) and 1 <= card <= 100:
        return f"You do not hold {card}."
    return "That is not a card in your hand."


def bad_row(state: State, row: Any) -> str:
    if not isinstance(row, int) or isinstance(row, bool) or not 0 <= row < len(state.rows):
        return "There is no such row."
    if not state.rows[row].remaining:
        return "That row has already been taken."
    return "That row is closed: a zero card only adds to an open row."


def bad_placement(state: State, seat: int, move: Mapping[str, Any]) -> str:
    player = state.seats[seat]
    hand, piles = player.hand, player.piles
    if state.phase == FINAL and player.draft_hand is not None:
        hand, piles = player.draft_hand, player.draft_piles or []
    card = move.get("card")
    if card not in hand or isinstance(card, bool):
        return not_held(card)
    if move["type"] == "new_pile":
        return "That move is not possible."
    index = move.get("pile")
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(piles):
        return "There is no such pile."
    top = piles[index][-1]
    if card > top:
        return "That move is not possible."
    return f"{card} may not go onto pile {index + 1}: a pile goes up, and its top card is {top}."
