"""What a listed move does, and the automatic steps up to the next decision: the reveal
of the Edges, the start of a turn (empty hand, Great Stag, the empty-Arena duty, passing).

A player is only ever asked to act when they have a legal play; everything without a
choice happens here, inside `apply`, and is told in events (said by phrases.py). `play`
gets only moves that `moves.legal_moves` listed, on the state's fork (rules.py).
"""

from __future__ import annotations

from bisect import insort

from app.games.base import Event, Move, last_play
from app.games.null_bock.cards import is_doe, is_stag, sort_key
from app.games.null_bock.moves import ARENA, has_legal_play
from app.games.null_bock.phrases import PHRASES as say
from app.games.null_bock.rounds import (
    END_ALL_PASS,
    END_EMPTY_HAND,
    END_NO_DOE,
    clean_arena,
    end_round,
)
from app.games.null_bock.state import PLAY_PHASE, NullBockState


def play(new: NullBockState, seat: int, move: Move, events: list[Event]) -> None:
    """`move` on `new`, a fork: copy on write, so a list shared with the state before is
    replaced, not changed."""
    card = move["card"]
    hand = list(new.hands[seat])
    hand.remove(card)
    new.hands = [*new.hands]  # this state's own from here on (play_edge may change it)
    new.hands[seat] = hand
    if move["type"] == "edge":
        choose_edge(new, seat, card, events)
        return
    if move["to"] == ARENA:
        play_arena(new, seat, card, events)
    else:
        play_edge(new, seat, card, move["edge"], events)
    new.passes = 0
    start_turn(new, (seat + 1) % new.players, events)


def choose_edge(state: NullBockState, seat: int, card: str, events: list[Event]) -> None:
    state.pending = [*state.pending]
    state.pending[seat] = card
    # the maker's card stays out of `last`: everyone sees it
    state.last = last_play(seat, [], "hand", f"edge-{seat}", say.event("chose_edge", seat=seat))
    events.append(say.event("edge_chosen", seat=seat))
    events.append(say.event("edge_secret", frozenset((seat,)), seat=seat, card=card))
    if all(p is not None for p in state.pending):
        reveal_edges(state, events)


def reveal_edges(state: NullBockState, events: list[Event]) -> None:
    """All Edge choices are in: turn them up together and start play."""
    state.edges = list(state.pending)
    state.pending = [None] * state.players
    state.phase = PLAY_PHASE
    event = say.event("reveal", edges=list(state.edges))
    state.last = last_play(None, list(state.edges), "hand", "edges", event)
    events.append(event)
    start_turn(state, state.first, events)


def play_arena(state: NullBockState, seat: int, card: str, events: list[Event]) -> None:
    state.arena = [*state.arena, card]
    state.arena_owner = seat
    event = say.event("arena", seat=seat, card=card)
    state.last = last_play(seat, [card], "hand", ARENA, event)
    events.append(event)


def play_edge(state: NullBockState, seat: int, card: str, owner: int, events: list[Event]) -> None:
    old = state.edges[owner]
    assert old is not None
    state.edges = [*state.edges]
    state.edges[owner] = card
    if is_doe(old):  # won
        state.harems = [*state.harems]
        state.harems[seat] = [*state.harems[seat], old]
    else:  # a stag: into the hand
        hand = list(state.hands[seat])  # the hand stays sorted (sort_key): put it in place
        insort(hand, old, key=sort_key)
        state.hands[seat] = hand
    event = say.event("edge", seat=seat, card=card, owner=owner, old=old)
    state.last = last_play(seat, [card], "hand", f"edge-{owner}", event)
    events.append(event)


def holds_doe(state: NullBockState, seat: int) -> bool:
    return any(is_doe(c) for c in state.hands[seat])


def start_turn(state: NullBockState, seat: int, events: list[Event]) -> None:
    """Run `seat`'s turn start and every automatic step after it, until a seat with a
    legal play is to act or the round is over."""
    n = state.players
    while True:
        if not state.hands[seat]:
            events.append(say.event("empty", seat=seat))
            end_round(state, END_EMPTY_HAND, events)
            return
        if state.arena and state.arena_owner == seat and is_stag(state.arena[-1]):
            clean_arena(state, seat, True, events)
        if not state.arena:
            holder = next(
                (s for s in ((seat + k) % n for k in range(n)) if holds_doe(state, s)), None
            )
            if holder is None:
                end_round(state, END_NO_DOE, events)
                return
            if holder != seat:
                events.append(say.event("duty", seat=seat, holder=holder))
            state.turn = holder
            return
        if has_legal_play(state, seat):
            state.turn = seat
            return
        events.append(say.event("pass", seat=seat))
        state.passes += 1
        if state.passes >= n:
            end_round(state, END_ALL_PASS, events)
            return
        seat = (seat + 1) % n
