"""Rounds: the deal, the end of a round, scoring and the first player of the next round."""

from __future__ import annotations

from app.games.base import Event, Rng, rank_by
from app.games.null_bock.cards import (
    NULL_BOCK_POINTS,
    SETUPS,
    is_doe,
    is_null_bock,
    is_stag,
    sort_key,
    value,
)
from app.games.null_bock.phrases import PHRASES as say
from app.games.null_bock.state import EDGE_PHASE, OVER_PHASE, NullBockState, copy_summary

END_NO_DOE = 1
"""The Arena is empty and nobody holds a doe."""
END_EMPTY_HAND = 2
"""The player to act holds no cards."""
END_ALL_PASS = 3
"""Every player passed in a row (ruling); settled as END_EMPTY_HAND."""

SCORE_TERMS = ("harem_does", "null_bocks_won", "hand_does", "null_bocks_in_hand")
"""The names of the scoring terms, in the order `score_terms` gives them."""


def deal(state: NullBockState, first: int, events: list[Event]) -> None:
    """Gather every card in play, shuffle does and stags apart, deal, open the Edge choice."""
    setup = SETUPS[state.players]
    cards = state.every_card()
    for card in state.removed:
        cards.remove(card)
    does = sorted(c for c in cards if is_doe(c))
    stags = sorted(c for c in cards if is_stag(c))
    rng = Rng(state.rng)
    rng.shuffle(does)
    rng.shuffle(stags)
    state.rng = rng.state
    n = state.players
    state.hands = [
        sorted(
            does[i * setup.does_in_hand : (i + 1) * setup.does_in_hand]
            + stags[i * setup.stags_in_hand : (i + 1) * setup.stags_in_hand],
            key=sort_key,
        )
        for i in range(n)
    ]
    state.edges = [None] * n
    state.pending = [None] * n
    state.arena = []
    state.arena_owner = None
    state.harems = [[] for _ in range(n)]
    state.discard = []
    state.passes = 0
    state.round += 1
    state.first = first
    state.turn = None
    state.phase = EDGE_PHASE
    state.last = None
    events.append(say.event("round", round=state.round))
    events.append(say.event("deal", first=first))


def next_first(state: NullBockState) -> int:
    """The highest total begins; on a tie, the first such seat clockwise from the
    previous round's first player (inclusive)."""
    best = max(state.scores)
    n = state.players
    return next(
        seat for seat in ((state.first + k) % n for k in range(n)) if state.scores[seat] == best
    )


def clean_arena(state: NullBockState, seat: int, great: bool, events: list[Event]) -> None:
    """`seat` wins every Arena card into their harem: as the Great Stag (`great`: their
    stag on top at their turn) or with the last stag at the round's end."""
    won = state.arena
    events.append(say.event("clean", seat=seat, cards=list(won), great=great))
    state.harems = [*state.harems]  # replaced: the lists may be shared (state.py `fork`)
    state.harems[seat] = state.harems[seat] + won
    state.arena = []
    state.arena_owner = None


def end_round(state: NullBockState, end: int, events: list[Event]) -> None:
    """Settle the Arena, score the round, then deal the next one or end the game."""
    state.turn = None
    if state.arena:
        owner = state.arena_owner
        top = state.arena[-1]
        if is_stag(top) and owner is not None:
            clean_arena(state, owner, False, events)
        else:
            events.append(say.event("discard", cards=list(state.arena)))
            state.discard = state.discard + state.arena
            state.arena = []
            state.arena_owner = None
    terms = [score_terms(state, seat) for seat in range(state.players)]
    points = [sum(t) for t in terms]
    state.scores = [a + b for a, b in zip(state.scores, points, strict=True)]
    state.round_points = [*state.round_points, points]
    state.last_round = {
        "round": state.round,
        "end": end,
        "first": state.first,
        "hands": [list(h) for h in state.hands],
        "harems": [sorted(h, key=sort_key) for h in state.harems],
        "terms": terms,
        "points": points,
    }
    events.append(say.event("round_end", **(copy_summary(state.last_round) or {})))
    if game_over(state):
        state.phase = OVER_PHASE
        _, winners = rank_by(state.scores)
        events.append(say.event("game_end", winners=sorted(winners), points=max(state.scores)))
    else:
        deal(state, next_first(state), events)


def score_terms(state: NullBockState, seat: int) -> list[int]:
    """The four scoring terms of a round for one seat (null-bock.md, "Scoring a round"):
    does in the harem, +15 per Null Bock won with an Arena, minus the does in hand,
    -15 per Null Bock in hand."""
    harem = state.harems[seat]
    hand = state.hands[seat]
    return [
        sum(value(c) for c in harem if is_doe(c)),
        NULL_BOCK_POINTS * sum(1 for c in harem if is_null_bock(c)),
        -sum(value(c) for c in hand if is_doe(c)),
        -NULL_BOCK_POINTS * sum(1 for c in hand if is_null_bock(c)),
    ]


def game_over(state: NullBockState) -> bool:
    if state.rounds is not None:
        return state.round >= state.rounds
    return max(state.scores) >= state.target
