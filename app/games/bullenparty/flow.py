"""What a move does, and everything that then happens without a choice.

`play` carries out one listed move on a fresh copy of the state (made by `apply`) and
appends what happened to `events`; `advance` runs the game forward (the bids revealed,
the rows taken and extended in turn) until somebody must decide; a round's frame is in
rounds.py. Only moves that `moves.legal_moves` listed ever arrive here.
"""

from __future__ import annotations

from typing import Any

from app.games.base import Event, Move, last_play
from app.games.bullenparty.cards import HAND_SIZE, ROW_LIMIT
from app.games.bullenparty.moves import bidders
from app.games.bullenparty.phrases import PHRASES as say
from app.games.bullenparty.rounds import draw_card, end_round, finish
from app.games.bullenparty.state import (
    BID,
    EXTEND,
    FINAL,
    REDUCE,
    RESOLVE,
    TAKE,
    State,
)


def played(state: State, seat: int, cards: list[int], src: str, dst: str, said: Event) -> None:
    """Remember the last play for the board (only public facts go in here): the public
    event `said` gives its text, kind and data (`base.last_play`)."""
    state.last = last_play(seat, cards, src, dst, said)


def laid(move: Move) -> dict[str, Any]:
    """What a laid card's sentence is made of: the card and its pile (None: a new one)."""
    return {"card": move["card"], "pile": None if move["type"] == "new_pile" else move["pile"]}


def play(state: State, seat: int, move: Move, events: list[Event]) -> None:
    kind = move["type"]
    if kind == "bid":
        state.seats[seat].pending = move["card"]
        said = say.event("bid", seat=seat)
        events.append(said)
        events.append(say.event("my-bid", frozenset({seat}), bid=move["card"]))
        played(state, seat, [], "hand", "bid", said)
    elif kind == "take":
        take_row(state, seat, move["row"], events)
    elif kind == "extend":
        extend_row(state, seat, move["row"], events)
    elif state.phase == REDUCE:
        player = state.seats[seat]
        pile = lay_card(player.hand, player.piles, move)
        said = say.event("place", seat=seat, **laid(move))
        events.append(said)
        played(state, seat, [move["card"]], "hand", f"pile-{seat}-{pile + 1}", said)
        if len(player.hand) == HAND_SIZE:
            end_reduce(state)
    else:
        lay_in_secret(state, seat, move, events)
    advance(state, events)


def lay_card(hand: list[int], piles: list[list[int]], move: Move) -> int:
    """Move the card from hand onto its pile; returns the pile's index."""
    hand.remove(move["card"])
    if move["type"] == "new_pile":
        piles.append([move["card"]])
        return len(piles) - 1
    piles[move["pile"]].append(move["card"])
    return int(move["pile"])


def lay_in_secret(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """One card of the final lay-out: only its player sees it until everyone is done."""
    player = state.seats[seat]
    assert player.draft_hand is not None and player.draft_piles is not None
    lay_card(player.draft_hand, player.draft_piles, move)
    events.append(say.event("draft", frozenset({seat}), **laid(move)))
    if not player.draft_hand:
        said = say.event("done", seat=seat)
        events.append(said)
        played(state, seat, [], "hand", f"piles-{seat}", said)


def reveal(state: State, events: list[Event]) -> None:
    """Turn up all pending bids and queue them: numbers ascending, then zeros A..E."""
    numbers: list[tuple[int, int]] = []
    zeros: list[tuple[str, int]] = []
    for s, seat in enumerate(state.seats):
        bid = seat.pending
        seat.last_bid = bid
        seat.pending = None
        if bid is None:
            continue
        seat.bid = bid
        if isinstance(bid, int):
            seat.hand.remove(bid)
            numbers.append((bid, s))
        else:
            seat.zero_known = True
            zeros.append((bid, s))
    state.queue = [s for _, s in sorted(numbers)] + [s for _, s in sorted(zeros)]
    bids = [[s, b] for s in range(state.players) if (b := state.seats[s].bid) is not None]
    events.append(say.event("reveal", bids=bids))


def take_row(state: State, seat: int, index: int, events: list[Event]) -> None:
    """A number bidder discards their bid and takes a row; then they reduce."""
    player = state.seats[seat]
    row = state.rows[index]
    bid = player.bid
    assert isinstance(bid, int)
    state.discard.append(bid)
    player.bid = None
    player.hand = sorted(player.hand + row.cards)
    if row.bull is not None:
        player.bulls.append(row.bull)
    said = say.event("take", seat=seat, bid=bid, row=index, cards=list(row.cards),
                     bull=row.bull)
    events.append(said)
    played(state, seat, row.cards, f"row-{index + 1}", f"hand-{seat}", said)
    row.cards, row.bull, row.taker = [], None, seat
    if len(player.hand) > HAND_SIZE:
        state.phase = REDUCE
    else:
        end_reduce(state)


def end_reduce(state: State) -> None:
    state.queue.pop(0)
    state.phase = RESOLVE


def extend_row(state: State, seat: int, index: int, events: list[Event]) -> None:
    """A zero bidder adds the turned-up card to an open row; the fifth card closes it."""
    row = state.rows[index]
    card = state.drawn
    assert card is not None
    row.cards.append(card)
    state.drawn = None
    said = say.event("extend", seat=seat, card=card, row=index)
    events.append(said)
    played(state, seat, [card], "draw", f"row-{index + 1}", said)
    if len(row.cards) >= ROW_LIMIT:  # closed, with a bull card while the stack has one
        row.bull = state.bull_stack.pop(0) if state.bull_stack else None
        events.append(say.event("close", row=index, bull=row.bull))
    return_zero(state, seat)


def return_zero(state: State, seat: int) -> None:
    state.seats[seat].bid = None
    state.queue.pop(0)
    state.phase = RESOLVE


def resolve_zero(state: State, seat: int, events: list[Event]) -> None:
    """Turn up a card for a zero bid (or void it); place it if there is no choice."""
    if state.drawn is None:
        open_rows = [i for i, r in enumerate(state.rows) if r.open]
        if state.zero_blocked or not open_rows:
            why = "blocked" if state.zero_blocked else "closed"
            events.append(say.event("void", seat=seat, why=why))
            return_zero(state, seat)
            return
        card = draw_card(state, events)
        if card is None:
            state.zero_blocked = True
            events.append(say.event("void", seat=seat, why="empty"))
            return_zero(state, seat)
            return
        state.drawn = card
        events.append(say.event("turn", seat=seat, card=card))
    open_rows = [i for i, r in enumerate(state.rows) if r.open]
    if len(open_rows) == 1:
        extend_row(state, seat, open_rows[0], events)
    else:
        state.phase = EXTEND


def step_queue(state: State, events: list[Event]) -> None:
    """Resolve the head of the queue, or stop at the choice its bidder has to make."""
    seat = state.queue[0]
    bid = state.seats[seat].bid
    if isinstance(bid, int):
        remaining = [i for i, r in enumerate(state.rows) if r.remaining]
        if len(remaining) == 1:
            take_row(state, seat, remaining[0], events)
        else:
            state.phase = TAKE
    else:
        resolve_zero(state, seat, events)


def advance(state: State, events: list[Event]) -> None:
    """Run every automatic step until somebody has to decide (or the game is over)."""
    while state.phase in (BID, RESOLVE):
        if state.phase == BID:
            if any(state.seats[s].pending is None for s in bidders(state)):
                return
            reveal(state, events)
            state.phase = RESOLVE
        elif state.queue:
            step_queue(state, events)
        elif bidders(state):
            state.phase = BID
        else:
            end_round(state, events)
    if state.phase == FINAL and not any(seat.draft_hand for seat in state.seats):
        finish(state, events)
