"""The automatic steps between decisions: dealing, the start of a turn (end of round by
empty hand, Great Stag, the empty-Arena duty, passing), round ends and scoring.

A player is only ever asked to act when they have a legal play; everything without a
choice happens here, inside `apply`, and is told in events.
"""

from __future__ import annotations

from app.games.base import Event, Rng, rank_by, who
from app.games.null_bock.cards import (
    NULL_BOCK_POINTS,
    SETUPS,
    is_doe,
    is_null_bock,
    is_stag,
    name,
    sort_key,
    value,
)
from app.games.null_bock.placement import has_legal_play
from app.games.null_bock.state import (
    EDGE_PHASE,
    OVER_PHASE,
    PLAY_PHASE,
    NullBockState,
    copy_summary,
)

END_NO_DOE = 1
"""The Arena is empty and nobody holds a doe."""
END_EMPTY_HAND = 2
"""The player to act holds no cards."""
END_ALL_PASS = 3
"""Every player passed in a row (ruling); settled as END_EMPTY_HAND."""

END_TEXTS = {
    END_NO_DOE: "nobody can play a doe into the empty Arena",
    END_EMPTY_HAND: "the player to act has no cards left",
    END_ALL_PASS: "every player passed in a row",
}


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
    events.append(
        Event(
            "deal",
            f"Round {state.round}: the cards are dealt; {who(first)} will begin. "
            "Everyone chooses a card for their Edge.",
        )
    )


def next_first(state: NullBockState) -> int:
    """The highest total begins; on a tie, the first such seat clockwise from the
    previous round's first player (inclusive)."""
    best = max(state.scores)
    n = state.players
    return next(
        seat for seat in ((state.first + k) % n for k in range(n)) if state.scores[seat] == best
    )


def reveal_edges(state: NullBockState, events: list[Event]) -> None:
    """All Edge choices are in: turn them up together and start play."""
    state.edges = list(state.pending)
    state.pending = [None] * state.players
    state.phase = PLAY_PHASE
    shown = ", ".join(f"{who(seat)} {name(card)}" for seat, card in enumerate(state.edges) if card)
    events.append(Event("reveal", f"The Edge cards are revealed: {shown}."))
    start_turn(state, state.first, events)


def holds_doe(state: NullBockState, seat: int) -> bool:
    return any(is_doe(c) for c in state.hands[seat])


def start_turn(state: NullBockState, seat: int, events: list[Event]) -> None:
    """Run `seat`'s turn start and every automatic step after it, until a seat with a
    legal play is to act or the round is over."""
    n = state.players
    while True:
        if not state.hands[seat]:
            events.append(Event("empty", f"{who(seat)} has no cards left."))
            end_round(state, END_EMPTY_HAND, events)
            return
        if state.arena and state.arena_owner == seat and is_stag(state.arena[-1]):
            clean_arena(state, seat, "is the Great Stag and cleans the Arena", events)
        if not state.arena:
            holder = next(
                (s for s in ((seat + k) % n for k in range(n)) if holds_doe(state, s)), None
            )
            if holder is None:
                end_round(state, END_NO_DOE, events)
                return
            if holder != seat:
                events.append(
                    Event(
                        "duty",
                        f"{who(seat)} has no doe for the empty Arena; "
                        f"the duty passes to {who(holder)}.",
                    )
                )
            state.turn = holder
            return
        if has_legal_play(state, seat):
            state.turn = seat
            return
        events.append(Event("pass", f"{who(seat)} cannot play and passes."))
        state.passes += 1
        if state.passes >= n:
            end_round(state, END_ALL_PASS, events)
            return
        seat = (seat + 1) % n


def clean_arena(state: NullBockState, seat: int, verb: str, events: list[Event]) -> None:
    """`seat` wins every Arena card into their harem."""
    won = state.arena
    bocks = sum(1 for c in won if is_null_bock(c))
    does = sum(value(c) for c in won if is_doe(c))
    extra = f", with {bocks} Null Bock{'s' if bocks > 1 else ''}" if bocks else ""
    events.append(
        Event(
            "clean",
            f"{who(seat)} {verb}: {len(won)} cards, does worth {does}{extra}.",
            data={"seat": seat, "cards": list(won)},
        )
    )
    state.harems[seat].extend(won)
    state.arena = []
    state.arena_owner = None


def end_round(state: NullBockState, end: int, events: list[Event]) -> None:
    """Settle the Arena, score the round, then deal the next one or end the game."""
    state.turn = None
    if state.arena:
        owner = state.arena_owner
        if is_stag(state.arena[-1]) and owner is not None:
            clean_arena(state, owner, "played the last stag and wins the Arena", events)
        else:
            events.append(Event("discard", "No stag is in the Arena: its cards are discarded."))
            state.discard.extend(state.arena)
            state.arena = []
            state.arena_owner = None
    terms = [score_terms(state, seat) for seat in range(state.players)]
    points = [sum(t) for t in terms]
    state.scores = [a + b for a, b in zip(state.scores, points, strict=True)]
    state.round_points = [*state.round_points, points]
    state.last_round = {
        "round": state.round,
        "end": end,
        "end_text": END_TEXTS[end],
        "hands": [list(h) for h in state.hands],
        "harems": [sorted(h, key=sort_key) for h in state.harems],
        "terms": terms,
        "points": points,
    }
    summary = "; ".join(f"{who(s)} {p:+d}" for s, p in enumerate(points))
    events.append(
        Event(
            "round_end",
            f"Round {state.round} ends ({END_TEXTS[end]}). Points: {summary}.",
            data=copy_summary(state.last_round) or {},
        )
    )
    if game_over(state):
        state.phase = OVER_PHASE
        _, winners = rank_by(state.scores)
        names = " and ".join(who(s) for s in sorted(winners))
        events.append(
            Event("game_end", f"The game is over. {names} win{'s' if len(winners) == 1 else ''}.")
        )
    else:
        deal(state, next_first(state), events)


SCORE_TERMS = ("harem_does", "null_bocks_won", "hand_does", "null_bocks_in_hand")
"""The names of the scoring terms, in the order `score_terms` gives them."""


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
