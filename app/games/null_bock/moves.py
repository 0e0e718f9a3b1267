"""Legal moves and refusal reasons: the placement tables of null-bock.md, once.

Each table is one function that returns None when a play is legal, else the reason a
player reads. The move list is generated from the same functions and `refusal` explains
with them, so what is listed and what is refused can never disagree.

Moves:
- {"type": "edge", "card": "D7"}: the Edge choice at the start of a round (face down).
- {"type": "play", "card": "D7", "to": "arena"}: a card into the Arena.
- {"type": "play", "card": "S8", "to": "edge", "edge": 2}: a card on seat 2's Edge.

There is no pass move: a player with no legal play passes automatically (flow.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.games.base import Move
from app.games.null_bock.cards import INFO, NULL_BOCK_VALUE
from app.games.null_bock.state import EDGE_PHASE, OVER_PHASE, PLAY_PHASE, NullBockState

ARENA = "arena"
EDGE = "edge"


def arena_error(arena: list[str], card: str) -> str | None:
    """Why `card` may not go into the Arena now, or None."""
    doe, val, pretentious, _ = INFO[card]
    if not arena:
        return None if doe else "You must play a doe into the empty Arena."
    top_doe, top_val, top_pretentious, _ = INFO[arena[-1]]
    if doe:
        if not top_doe:
            return "A doe can never be placed on a stag in the Arena."
        if pretentious:
            if top_pretentious:
                return "A pretentious doe can never be placed on another pretentious doe."
            return None
        if val <= top_val:
            return "A doe must be higher than the doe on top of the Arena."
        return None
    if top_doe or val == NULL_BOCK_VALUE:
        return None
    if val <= top_val:
        return "A stag must be higher than the stag on top of the Arena."
    return None


def edge_error(arena: list[str], edge: str | None, card: str) -> str | None:
    """Why `card` may not go on an Edge holding `edge` now, or None."""
    if not arena:
        return "You must play a doe into the empty Arena."
    if edge is None:
        return "That Edge holds no card yet."
    doe, val, _, big = INFO[card]
    if big:
        return "The 11, 13 and 15 does may only be played into the Arena."
    edge_doe, edge_val, _, _ = INFO[edge]
    if doe:
        return None if not edge_doe else "A doe cannot be played on a doe on an Edge."
    if edge_doe:
        if val == NULL_BOCK_VALUE or val >= edge_val:
            return None
        return "A stag on an Edge must be at least as high as the doe there."
    return "A stag cannot be played on a stag on an Edge."


def play_move(card: str, to: str, edge: int | None = None) -> Move:
    if to == ARENA:
        return {"type": "play", "card": card, "to": ARENA}
    return {"type": "play", "card": card, "to": EDGE, "edge": edge}


def legal_moves(state: NullBockState, seat: int) -> list[Move]:
    """Every move `seat` may make now, once per distinct card, in hand order. Made once
    per state (the view's `moves`, a bot's choice and `legal_moves` share it); the
    caller gets its own list."""
    memo = state.memo
    if memo is None:
        return _legal_moves(state, seat)
    key = ("moves", seat)
    made = memo.get(key)
    if made is None:
        made = memo[key] = _legal_moves(state, seat)
    return list(made)


def shared_moves(state: NullBockState, seat: int) -> list[Move]:
    """`legal_moves` for a view: the state's own list (views are read, never changed)."""
    memo = state.memo
    if memo is None:
        return _legal_moves(state, seat)
    made = memo.get(("moves", seat))
    if made is None:
        made = memo["moves", seat] = _legal_moves(state, seat)
    return made


def _legal_moves(state: NullBockState, seat: int) -> list[Move]:
    if not 0 <= seat < state.players:
        return []
    if state.phase == EDGE_PHASE:
        if state.pending[seat] is not None:
            return []
        return [{"type": "edge", "card": c} for c in dict.fromkeys(state.hands[seat])]
    if state.phase != PLAY_PHASE or seat != state.turn:
        return []
    arena = state.arena
    if not arena:  # only a doe, and only into the Arena (edge_error: no Edge now)
        return [play_move(c, ARENA) for c in dict.fromkeys(state.hands[seat]) if INFO[c][0]]
    # `arena_error` and `edge_error` with the places' facts looked up once, not per
    # card and Edge (tests/games/null_bock/test_games.py holds the list to the tables)
    top_doe, top_val, top_pretentious, _ = INFO[arena[-1]]
    stag_edges: list[int] = []  # where a plain doe may go
    doe_edges: list[tuple[int, int]] = []  # (owner, value): where a high enough stag may go
    for owner, edge in enumerate(state.edges):
        if edge is not None:
            edge_doe, edge_val, _, _ = INFO[edge]
            if edge_doe:
                doe_edges.append((owner, edge_val))
            else:
                stag_edges.append(owner)
    out: list[Move] = []
    for card in dict.fromkeys(state.hands[seat]):
        doe, val, pretentious, big = INFO[card]
        if doe:
            if top_doe and (not top_pretentious if pretentious else val > top_val):
                out.append({"type": "play", "card": card, "to": ARENA})
            if not big:
                out += [{"type": "play", "card": card, "to": EDGE, "edge": owner}
                        for owner in stag_edges]
        else:
            if top_doe or val == NULL_BOCK_VALUE or val > top_val:
                out.append({"type": "play", "card": card, "to": ARENA})
            out += [{"type": "play", "card": card, "to": EDGE, "edge": owner}
                    for owner, edge_val in doe_edges
                    if val == NULL_BOCK_VALUE or val >= edge_val]
    return out


def listed(state: NullBockState, seat: int, move: Any) -> Move | None:
    """The move of `legal_moves(state, seat)` that `move` is (types and keys exactly as
    `base.listed_move` compares them), or None: the same answer without the list."""
    if not isinstance(move, dict) or not 0 <= seat < state.players:
        return None
    kind, card = move.get("type"), move.get("card")
    if type(kind) is not str or type(card) is not str or card not in state.hands[seat]:
        return None
    if state.phase == EDGE_PHASE:
        if kind != "edge" or len(move) != 2 or state.pending[seat] is not None:
            return None
        return {"type": "edge", "card": card}
    if state.phase != PLAY_PHASE or seat != state.turn or kind != "play":
        return None
    to = move.get("to")
    if type(to) is not str:
        return None
    if to == ARENA:
        ok = len(move) == 3 and arena_error(state.arena, card) is None
        return play_move(card, ARENA) if ok else None
    if to != EDGE or len(move) != 4 or "edge" not in move:
        return None
    edge = move["edge"]
    if type(edge) is not int or not 0 <= edge < state.players:
        return None
    if edge_error(state.arena, state.edges[edge], card) is not None:
        return None
    return play_move(card, EDGE, edge)


def has_legal_play(state: NullBockState, seat: int) -> bool:
    """Whether any card of `seat`'s hand has a place: `arena_error`/`edge_error` folded
    into a few facts about the places, asked once (every turn start asks this for
    every seat until one can play; the tables per card and Edge were most of a move).
    tests/games/null_bock/test_games.py holds it to the tables for every seat."""
    arena, hand = state.arena, state.hands[seat]
    if not arena:  # only a doe, and only into the Arena
        return any(INFO[card][0] for card in hand)
    top_doe, top_val, top_pretentious, _ = INFO[arena[-1]]
    stag_edge = False  # a plain doe may go on a stag's Edge
    low_doe = None  # a stag at least as high as the lowest doe on an Edge may go there
    for edge in state.edges:
        if edge is None:
            continue
        edge_doe, edge_val, _, _ = INFO[edge]
        if not edge_doe:
            stag_edge = True
        elif low_doe is None or edge_val < low_doe:
            low_doe = edge_val
    for card in hand:
        doe, val, pretentious, big = INFO[card]
        if doe:
            if top_doe and (not top_pretentious if pretentious else val > top_val):
                return True
            if stag_edge and not big:
                return True
        elif top_doe or val == NULL_BOCK_VALUE or val > top_val:
            return True  # a stag into the Arena
        elif low_doe is not None and val >= low_doe:
            return True
    return False


def refusal(state: NullBockState, seat: int, move: Any) -> str:
    """Why `move` is not one of `seat`'s legal moves: the first rule it breaks."""
    if state.phase == OVER_PHASE:
        return "The game is over."
    if not 0 <= seat < state.players:
        return "You have no seat at this table."
    if state.phase == EDGE_PHASE and state.pending[seat] is not None:
        return "You have already chosen your Edge card; waiting for the others."
    if state.phase == PLAY_PHASE and seat != state.turn:
        return "It is not your turn."
    if not isinstance(move, Mapping) or move.get("type") not in ("edge", "play"):
        return "That is not a Null Bock! move."
    card = move.get("card")
    if state.phase == EDGE_PHASE and move["type"] != "edge":
        return "First choose a card from your hand for your Edge."
    if state.phase == PLAY_PHASE and move["type"] != "play":
        return "The Edge cards are already chosen; play a card."
    if not isinstance(card, str) or card not in state.hands[seat]:
        return "You do not hold that card."
    if move["type"] == "edge":
        return "That is not a valid Edge choice."
    to, edge = move.get("to"), move.get("edge")
    if to == ARENA:
        return arena_error(state.arena, card) or "That is not a valid move."
    if to != EDGE:
        return "Play into the Arena or on an Edge."
    if type(edge) is not int or not 0 <= edge < state.players:
        return "There is no such Edge."
    return edge_error(state.arena, state.edges[edge], card) or "That is not a valid move."
