"""Card-literal helpers for Null Bock! rule cases.

A hand, an Edge row or an Arena is written as space-separated cards: "D5 D7+ S0 S8"
(D = doe, "+" = pretentious, S = stag, S0 = a Null Bock). Edge rows give one card per
seat; the Arena is written bottom to top.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from app.games.base import Event, IllegalMove, Move
from app.games.null_bock import NullBock, NullBockOptions, NullBockState
from app.games.null_bock.cards import sort_key
from app.games.null_bock.state import PLAY_PHASE

RULES = NullBock()


def cards(text: str) -> list[str]:
    return text.split()


def state_from(
    hands: list[str],
    edges: str,
    arena: str = "",
    owner: int | None = None,
    turn: int = 0,
    harems: list[str] | None = None,
    scores: list[int] | None = None,
    rounds: int | None = None,
    target: int = 150,
    first: int = 0,
    passes: int = 0,
    round_no: int = 1,
) -> NullBockState:
    """A play-phase state with these cards; every other card of the game is in the
    discard, so the next deal works as in a real game."""
    n = len(hands)
    base = RULES.setup(n, NullBockOptions(target=target, rounds=rounds), seed=0)
    state = base.copy()
    state.hands = [sorted(cards(h), key=sort_key) for h in hands]
    edge_cards = cards(edges)
    assert len(edge_cards) == n, "one Edge card per seat"
    state.edges = list(edge_cards)
    state.pending = [None] * n
    state.arena = cards(arena)
    state.arena_owner = owner
    state.harems = [cards(h) for h in harems] if harems else [[] for _ in range(n)]
    used = Counter(c for h in state.hands for c in h)
    used += Counter(edge_cards) + Counter(state.arena)
    used += Counter(c for h in state.harems for c in h)
    in_play = Counter(base.every_card()) - Counter(base.removed)
    state.discard = sorted((in_play - used).elements(), key=sort_key)
    state.scores = list(scores) if scores else [0] * n
    state.phase = PLAY_PHASE
    state.turn = turn
    state.opening = []  # mid-round: the set-up's events were logged with the first move
    state.first = first
    state.passes = passes
    state.round = round_no
    return state


def to_arena(card: str) -> Move:
    return {"type": "play", "card": card, "to": "arena"}


def to_edge(card: str, owner: int) -> Move:
    return {"type": "play", "card": card, "to": "edge", "edge": owner}


def play(state: NullBockState, seat: int, move: Move) -> tuple[NullBockState, list[Event]]:
    assert move in RULES.legal_moves(state, seat), f"{move} should be legal"
    return RULES.apply(state, seat, move)


def refused(state: NullBockState, seat: int, move: Move) -> str:
    """The reason `move` is refused; checks it is not listed and changes nothing."""
    before = json.dumps(RULES.encode(state), sort_keys=True)
    assert move not in RULES.legal_moves(state, seat)
    try:
        RULES.apply(state, seat, move)
    except IllegalMove as exc:
        assert json.dumps(RULES.encode(state), sort_keys=True) == before
        assert exc.reason.strip()
        return exc.reason
    raise AssertionError(f"{move} was accepted")


def texts(events: list[Event]) -> str:
    return "\n".join(e.text.format_map({f"p{i}": f"P{i}" for i in range(6)}) for e in events)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def as_json(data: Any) -> str:
    return json.dumps(data, sort_keys=True)
