"""A round's frame: the draw pile (reshuffled once, which makes the round the last),
laying out the rows, and after the last round the secret final lay-out and the game's
end. Every function changes the state in place and appends what happened to `events`."""

from __future__ import annotations

from app.games.base import Event, Rng
from app.games.bullenparty.cards import ROW_START
from app.games.bullenparty.phrases import PHRASES as say
from app.games.bullenparty.state import BID, FINAL, OVER, Row, State


def draw_card(state: State, events: list[Event]) -> int | None:
    """The top card of the draw pile, reshuffling the discard pile when it is empty
    (which makes this round the last). None when both piles are empty."""
    if not state.draw:
        if not state.discard:
            return None
        rng = Rng(state.rng)
        pile = state.discard
        rng.shuffle(pile)
        state.rng = rng.state
        state.draw, state.discard = pile, []
        state.last_round = True
        events.append(say.event("reshuffle"))
    return state.draw.pop(0)


def start_round(state: State, events: list[Event]) -> None:
    """Lay out a row of two cards per player, or end the game if the cards run out."""
    laid: list[int] = []
    for _ in range(ROW_START * state.players):
        card = draw_card(state, events)
        if card is None:
            state.set_aside.extend(laid)
            events.append(say.event("no-cards"))
            begin_final(state, events)
            return
        laid.append(card)
    state.round += 1
    state.rows = [Row(laid[i : i + ROW_START]) for i in range(0, len(laid), ROW_START)]
    state.zero_blocked = False
    state.phase = BID
    for seat in state.seats:
        seat.last_bid = None
    events.append(say.event("round", round=state.round, last=state.last_round,
                            rows=[list(r.cards) for r in state.rows]))


def end_round(state: State, events: list[Event]) -> None:
    if state.last_round:
        begin_final(state, events)
    else:
        start_round(state, events)


def begin_final(state: State, events: list[Event]) -> None:
    """Everyone lays all number cards from hand onto their piles, in secret."""
    state.phase = FINAL
    state.rows = []
    for seat in state.seats:
        seat.last_bid = None
        seat.draft_hand = list(seat.hand)
        seat.draft_piles = [list(p) for p in seat.piles]
    events.append(say.event("final"))


def finish(state: State, events: list[Event]) -> None:
    """Reveal the final lay-outs; the game is over."""
    for s, seat in enumerate(state.seats):
        assert seat.draft_piles is not None
        seat.piles, seat.hand = seat.draft_piles, []
        seat.draft_hand = seat.draft_piles = None
        events.append(say.event("piles", seat=s, piles=[list(p) for p in seat.piles]))
    state.phase = OVER
