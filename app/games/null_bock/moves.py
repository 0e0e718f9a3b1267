"""Legal moves and refusals: the placement rules of null-bock.md, once, as one table.

`PLACEMENT` says, per place (the Arena, an Edge), for each kind of card played and each
kind of card on top there, whether the play is allowed, refused (the refusal's kind,
said by phrases.py) or allowed when the values compare so. `placement` reads it for one
card; the move list, the fast `listed` check, `has_legal_play` and `refusal` all ask it,
so what is listed and what is refused can never disagree. (Its answer for every pair of
cards is worked out once, at import: a move asks it for each card and place.)

Moves:
- {"type": "edge", "card": "D7"}: the Edge choice at the start of a round (face down).
- {"type": "play", "card": "D7", "to": "arena"}: a card into the Arena.
- {"type": "play", "card": "S8", "to": "edge", "edge": 2}: a card on seat 2's Edge.

There is no pass move: a player with no legal play passes automatically (flow.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.games.base import Move, Refusal
from app.games.null_bock.cards import (
    NULL_BOCK,
    full_deck,
    is_big_doe,
    is_doe,
    is_pretentious,
    value,
)
from app.games.null_bock.phrases import PHRASES as say
from app.games.null_bock.state import EDGE_PHASE, OVER_PHASE, PLAY_PHASE, NullBockState

ARENA = "arena"
EDGE = "edge"

# The kinds of card a placement rule tells apart (EMPTY: no card on the place yet).
EMPTY, DOE, PRET, BIG, STAG, BOCK = None, "doe", "pretentious", "big", "stag", "bock"
HIGHER, AT_LEAST = ">", ">="

Rule = str | tuple[str, str] | None
"""None: allowed; a refusal's kind; or (HIGHER or AT_LEAST, the refusal's kind): allowed
when the card's value is higher than (at least) the top card's."""

OK = None
EMPTY_ARENA, EMPTY_EDGE = "empty_arena", "empty_edge"
ON_STAG, ON_DOE, TWO_STAGS, TWO_PRETS = (
    "doe_on_stag", "doe_on_doe", "stag_on_stag", "pretentious_on_pretentious")
ARENA_ONLY = "big_doe"
DOE_HIGH: Rule = (HIGHER, "doe_not_higher")
STAG_HIGH: Rule = (HIGHER, "stag_not_higher")
STAG_LOW: Rule = (AT_LEAST, "stag_too_low")
COLUMNS = (EMPTY, DOE, PRET, BIG, STAG, BOCK)


def _on(*rules: Rule) -> dict[str | None, Rule]:
    """One row of the table: the rule for each kind of top card, in `COLUMNS` order."""
    return dict(zip(COLUMNS, rules, strict=True))


PLACEMENT: dict[str, dict[str, dict[str | None, Rule]]] = {
    #    played  on: empty        doe         pretentious big         stag        bock
    ARENA: {
        DOE:  _on(OK,          DOE_HIGH,   DOE_HIGH,   DOE_HIGH,   ON_STAG,    ON_STAG),
        PRET: _on(OK,          OK,         TWO_PRETS,  OK,         ON_STAG,    ON_STAG),
        BIG:  _on(OK,          DOE_HIGH,   DOE_HIGH,   DOE_HIGH,   ON_STAG,    ON_STAG),
        STAG: _on(EMPTY_ARENA, OK,         OK,         OK,         STAG_HIGH,  STAG_HIGH),
        BOCK: _on(EMPTY_ARENA, OK,         OK,         OK,         OK,         OK),
    },
    EDGE: {  # only while the Arena holds a card (else EMPTY_ARENA)
        DOE:  _on(EMPTY_EDGE,  ON_DOE,     ON_DOE,     ON_DOE,     OK,         OK),
        PRET: _on(EMPTY_EDGE,  ON_DOE,     ON_DOE,     ON_DOE,     OK,         OK),
        BIG:  _on(EMPTY_EDGE,  ARENA_ONLY, ARENA_ONLY, ARENA_ONLY, ARENA_ONLY, ARENA_ONLY),
        STAG: _on(EMPTY_EDGE,  STAG_LOW,   STAG_LOW,   STAG_LOW,   TWO_STAGS,  TWO_STAGS),
        BOCK: _on(EMPTY_EDGE,  OK,         OK,         OK,         TWO_STAGS,  TWO_STAGS),
    },
}


def kind_of(card: str) -> str:
    """The kind of card a placement rule tells apart."""
    if card == NULL_BOCK:
        return BOCK
    if not is_doe(card):
        return STAG
    if is_big_doe(card):
        return BIG
    return PRET if is_pretentious(card) else DOE


def placement(card: str, place: str, top: str | None) -> str | None:
    """Why `card` may not be played on `place` (ARENA, EDGE) whose top card is `top`
    (None: none): the refusal's kind; None when it may."""
    rule = PLACEMENT[place][kind_of(card)][EMPTY if top is None else kind_of(top)]
    if not isinstance(rule, tuple):
        return rule
    assert top is not None  # an empty place never compares
    compare, refused = rule
    ok = value(card) > value(top) if compare == HIGHER else value(card) >= value(top)
    return None if ok else refused


# `placement` for every card on every place and top card: a move asks it per card. Per
# place and top card, the answers, and the set of the cards it takes.
_CARDS = sorted(set(full_deck()))
_RULED: dict[str, dict[str | None, dict[str, str | None]]] = {
    place: {top: {card: placement(card, place, top) for card in _CARDS}
            for top in [None, *_CARDS]}
    for place in PLACEMENT
}
_TAKES: dict[str, dict[str | None, frozenset[str]]] = {
    place: {top: frozenset(card for card, refused in answers.items() if refused is None)
            for top, answers in tops.items()}
    for place, tops in _RULED.items()
}


def arena_error(arena: list[str], card: str) -> str | None:
    """Why `card` may not go into the Arena now (a refusal's kind), or None."""
    return _RULED[ARENA][arena[-1] if arena else None][card]


def edge_error(arena: list[str], edge: str | None, card: str) -> str | None:
    """Why `card` may not go on an Edge holding `edge` now (a refusal's kind), or None."""
    return _RULED[EDGE][edge][card] if arena else EMPTY_ARENA


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
    arena, edges = _takers(state)
    out: list[Move] = []
    for card in dict.fromkeys(state.hands[seat]):
        if card in arena:
            out.append({"type": "play", "card": card, "to": ARENA})
        out += [{"type": "play", "card": card, "to": EDGE, "edge": owner}
                for owner, takes in edges if card in takes]
    return out


def _takers(state: NullBockState) -> tuple[frozenset[str], list[tuple[int, frozenset[str]]]]:
    """The cards the Arena takes now, and each Edge's (by its owner): no Edge takes a
    card while the Arena is empty."""
    arena = state.arena
    takes = _TAKES[EDGE]
    edges = [(owner, takes[edge]) for owner, edge in enumerate(state.edges)] if arena else []
    return _TAKES[ARENA][arena[-1] if arena else None], edges


def listed(state: NullBockState, seat: int, move: Any) -> Move | None:
    """The move of `legal_moves(state, seat)` that `move` is (types and keys exactly as
    `base.listed_move` compares them), or None: the same answer without the list."""
    if not isinstance(move, dict) or not 0 <= seat < state.players:
        return None
    kind, card = move.get("type"), move.get("card")
    if type(kind) is not str or type(card) is not str or card not in state.hands[seat]:
        return None
    if state.phase == EDGE_PHASE:
        ok = kind == "edge" and len(move) == 2 and state.pending[seat] is None
        return {"type": "edge", "card": card} if ok else None
    if state.phase != PLAY_PHASE or seat != state.turn or kind != "play":
        return None
    return _listed_play(state, card, move)


def _listed_play(state: NullBockState, card: str, move: dict[str, Any]) -> Move | None:
    to, edge = move.get("to"), move.get("edge")
    if type(to) is str and to == ARENA and len(move) == 3:
        return play_move(card, ARENA) if arena_error(state.arena, card) is None else None
    if to != EDGE or len(move) != 4 or type(edge) is not int or not 0 <= edge < state.players:
        return None
    return play_move(card, EDGE, edge) if edge_error(state.arena, state.edges[edge],
                                                     card) is None else None


def has_legal_play(state: NullBockState, seat: int) -> bool:
    """Whether any card of `seat`'s hand has a place (every turn start asks this, for
    every seat until one can play)."""
    arena, edges = _takers(state)
    hand = state.hands[seat]
    return not arena.isdisjoint(hand) or any(not takes.isdisjoint(hand) for _, takes in edges)


def refusal(state: NullBockState, seat: int, move: Any) -> Refusal:
    """Why `move` is not one of `seat`'s legal moves: the first rule it breaks."""
    return say.refusal(_turn_refusal(state, seat) or _move_refusal(state, seat, move))


def _turn_refusal(state: NullBockState, seat: int) -> str | None:
    """Why `seat` may make no move at all now, or None."""
    if state.phase == OVER_PHASE:
        return "over"
    if not 0 <= seat < state.players:
        return "no_seat"
    if state.phase == EDGE_PHASE and state.pending[seat] is not None:
        return "chosen"
    if state.phase == PLAY_PHASE and seat != state.turn:
        return "not_your_turn"
    return None


def _move_refusal(state: NullBockState, seat: int, move: Any) -> str:
    """Why `seat`, who may move now, may not make `move`."""
    if not isinstance(move, Mapping) or move.get("type") not in ("edge", "play"):
        return "not_a_move"
    choosing = state.phase == EDGE_PHASE  # (else playing: a game over refuses earlier)
    if move["type"] != ("edge" if choosing else "play"):
        return "choose_edge" if choosing else "edges_chosen"
    card = move.get("card")
    if not isinstance(card, str) or card not in state.hands[seat]:
        return "not_held"
    return "bad_edge_choice" if choosing else _place_refusal(state, card, move)


def _place_refusal(state: NullBockState, card: str, move: Mapping[str, Any]) -> str:
    """Why `card`, held, may not be played where `move` says."""
    to, edge = move.get("to"), move.get("edge")
    if to == ARENA:
        return arena_error(state.arena, card) or "not_valid"
    if to != EDGE:
        return "where"
    if type(edge) is not int or not 0 <= edge < state.players:
        return "no_edge"
    return edge_error(state.arena, state.edges[edge], card) or "not_valid"
