"""Where a card may go: the placement tables of null-bock.md, one function per place.

Each check returns None when the play is legal, else the reason a player reads. Legal
moves are generated from the same checks, so the refusal and the move list never differ.
"""

from __future__ import annotations

from app.games.null_bock.cards import INFO, NULL_BOCK_VALUE
from app.games.null_bock.state import NullBockState

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


def edge_error(edge: str | None, card: str) -> str | None:
    """Why `card` may not go on an Edge holding `edge`, or None."""
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


def play_error(state: NullBockState, seat: int, card: str, to: str, edge: int | None) -> str | None:
    """Why `seat` may not play `card` to the Arena or to `edge`'s Edge now, or None."""
    if card not in state.hands[seat]:
        return "You do not hold that card."
    if to == ARENA:
        return arena_error(state.arena, card)
    if not state.arena:
        return "You must play a doe into the empty Arena."
    if edge is None or not 0 <= edge < state.players:
        return "There is no such Edge."
    return edge_error(state.edges[edge], card)


def legal_plays(state: NullBockState, seat: int) -> list[tuple[str, str, int | None]]:
    """Every (card, place, edge seat) `seat` may play now, in hand order, no repeats.

    The same tables as `arena_error` and `edge_error`, unrolled for speed (a test checks
    that both agree on every card and place).
    """
    out: list[tuple[str, str, int | None]] = []
    arena = state.arena
    # (owner, holds a doe, value) of every Edge
    edges = [(owner, *INFO[e][:2]) for owner, e in enumerate(state.edges) if e is not None]
    seen: set[str] = set()
    for card in state.hands[seat]:
        if card in seen:
            continue
        seen.add(card)
        if arena_error(arena, card) is None:
            out.append((card, ARENA, None))
        if not arena:
            continue
        doe, val, _, big = INFO[card]
        if big:
            continue
        for owner, edge_doe, edge_val in edges:
            if doe:
                if not edge_doe:
                    out.append((card, EDGE, owner))
            elif edge_doe and (val == NULL_BOCK_VALUE or val >= edge_val):
                out.append((card, EDGE, owner))
    return out


def has_legal_play(state: NullBockState, seat: int) -> bool:
    arena = state.arena
    for card in state.hands[seat]:
        if arena_error(arena, card) is None:
            return True
        if arena and any(edge_error(edge, card) is None for edge in state.edges):
            return True
    return False
