"""Why a move is refused: a sentence the player can read."""

from __future__ import annotations

from typing import Any

from app.games.base import Move
from app.games.stier_zoekt_bier import cards as C
from app.games.stier_zoekt_bier import moves
from app.games.stier_zoekt_bier.state import (
    CHOOSE,
    DRAFT,
    DRAUGHT,
    OVER,
    SERVE,
    SERVE_DRAUGHTED,
    State,
)

_EXPECTED = {
    DRAFT: "Now you pick beer cards for your stock.",
    DRAUGHT: "Now you draught beer: choose how many cellar cards to turn up.",
    CHOOSE: "Now you choose a bull from the middle.",
    SERVE: "Now you serve beer to your bulls.",
}


def refusal(state: State, seat: int, move: Any) -> str:
    if state.phase == OVER:
        return "The game is over."
    if not isinstance(seat, int) or not 0 <= seat < state.players:
        return "There is no such seat at this table."
    if seat not in moves.to_act(state):
        return _waiting(state)
    if not isinstance(move, dict):
        return "That is not a move."
    me = state.seats[seat]
    kind = move.get("type")
    if state.phase == DRAFT:
        if kind == "pick" and move.get("card") not in me.hand:
            return "That card is not in your draft hand."
        if kind == "done":
            return "In the basic game you keep exactly two cards."
    if state.phase == DRAUGHT and kind == "draught":
        return _draught_reason(state, seat, move)
    if state.phase == CHOOSE and kind == "take":
        if move.get("bull") not in state.middle:
            return "That bull is not in the middle."
        return "Two bulls can only join a single bull of their own type."
    if state.phase == SERVE and kind in ("serve", "pour", "stop"):
        return _serve_reason(state, seat, move)
    return _EXPECTED[state.phase]


def _waiting(state: State) -> str:
    if state.phase == DRAFT:
        return "You have chosen; wait for the other players."
    if state.phase == DRAUGHT:
        return "It is not your turn to draught."
    if state.phase == CHOOSE:
        return "It is not your turn to choose a bull."
    return "You have finished serving this round."


def _draught_reason(state: State, seat: int, move: Move) -> str:
    me = state.seats[seat]
    cards = move.get("cards")
    if not isinstance(cards, int) or not 0 <= cards <= len(me.cellar):
        return f"You can turn up 0 to {len(me.cellar)} cards from your cellar."
    if state.grand_cafe:
        return "In the Grand Café you draught one beer type only."
    return "Name only the number of cellar cards to turn up."


def _serve_reason(state: State, seat: int, move: Move) -> str:
    me = state.seats[seat]
    kind = move.get("type")
    if me.stage == SERVE_DRAUGHTED:
        if kind == "stop" or (kind == "pour" and "card" in move):
            return "First serve or pour away your draughted beer."
        if move.get("card") not in me.draughted:
            return "That card is not among your draughted beer."
    elif kind == "serve" and move.get("card") != me.stock[-1]:
        return "You can only serve the top card of your cellar."
    elif kind == "pour":
        return "You can only pour away the top card of your cellar."
    index = move.get("bull")
    if not isinstance(index, int) or not 0 <= index < len(me.pub):
        return "You have no such bull."
    slot = me.pub[index]
    name = C.BULLS[slot.bull].name
    if slot.kind != C.beer_type(str(move.get("card") or "?")):
        return f"{name} drinks only {C.beer_name(slot.kind)}."
    if slot.full:
        return f"{name} is full and takes no more beer."
    if index in me.served_now:
        return f"{name} has already had a card this round."
    return "You cannot serve that now."
