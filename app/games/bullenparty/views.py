"""What one seat (or a spectator) may see of a Bullenparty game, enough to draw the board.

Public: rows, the turned-up card, the discard pile, piles, bulls, revealed bids, the bull
stack (never shuffled), counts, zero letters once played. Private, under `mine` only: a
hand, one's own zero card, a pending bid, a final lay-out in progress. Never: the draw
pile order, the cards removed for the player count, the zero cards nobody was dealt.
"""

from __future__ import annotations

from app.games.base import JSON, Outcome, rank_by
from app.games.bullenparty.cards import HEADS_TEXT, ROW_START, heads
from app.games.bullenparty.moves import bidders, legal_moves, to_act
from app.games.bullenparty.phrases import PHRASES
from app.games.bullenparty.scoring import plus_pile_index, score, score_of_heads
from app.games.bullenparty.state import BID, FINAL, OVER, Row, Seat, State
from app.games.bullenparty.summary import summary


def row_view(index: int, row: Row) -> JSON:
    return {
        "index": index,
        "cards": list(row.cards),
        "heads": heads(row.cards),
        "bull": row.bull,
        "open": row.open,
        "taker": row.taker,
    }


def bid_status(state: State, s: int, bidding: set[int]) -> str | None:
    """ "choosing" / "chosen" while bids are secret; None for a seat not bidding."""
    if state.phase != BID or s not in bidding:
        return None
    return "choosing" if state.seats[s].pending is None else "chosen"


def seat_view(state: State, s: int, bidding: set[int]) -> JSON:
    seat: Seat = state.seats[s]
    pile_heads = [heads(p) for p in seat.piles]
    sc = score_of_heads(pile_heads, seat.bulls)
    return {
        "seat": s,
        "hand_count": len(seat.hand),
        "zero": seat.zero if seat.zero_known else None,
        "piles": [list(p) for p in seat.piles],
        "pile_heads": pile_heads,
        "plus_pile": plus_pile_index(pile_heads),
        "bulls": list(seat.bulls),
        "score": sc.to_json(),
        "has_row": any(row.taker == s for row in state.rows),
        "bid_status": bid_status(state, s, bidding),
        "bid": seat.bid,
        "last_bid": seat.last_bid,
        "done": state.phase == FINAL and not seat.draft_hand,
    }


def mine(state: State, seat: int) -> JSON:
    """What only `seat` sees: its view's `mine`."""
    return own_view(state.seats[seat])


def own_view(seat: Seat) -> JSON:
    draft = None
    if seat.draft_hand is not None and seat.draft_piles is not None:
        pile_heads = [heads(p) for p in seat.draft_piles]
        draft = {
            "hand": list(seat.draft_hand),
            "piles": [list(p) for p in seat.draft_piles],
            "pile_heads": pile_heads,
            "plus_pile": plus_pile_index(pile_heads),
        }
    return {"hand": list(seat.hand), "zero": seat.zero, "pending": seat.pending, "draft": draft}


def round_over(state: State) -> int | None:
    """The round whose summary shows now: from its end until the next round's first
    move (a bid), and through the final lay-out after the last round."""
    if state.phase == FINAL:
        return state.round if state.round else None
    if state.phase != BID or state.round < 2:
        return None
    fresh = all(r.taker is None and len(r.cards) == ROW_START for r in state.rows)
    untouched = all(s.pending is None and s.last_bid is None for s in state.seats)
    return state.round - 1 if fresh and untouched else None


def outcome(state: State) -> Outcome | None:
    if state.phase != OVER:
        return None
    scores = [score(s.piles, s.bulls) for s in state.seats]
    ranks, winners = rank_by([sc.rank_key for sc in scores])
    return Outcome(tuple(sc.total for sc in scores), ranks, winners)


def view(state: State, seat: int | None) -> JSON:
    """`seat`'s view (None: a spectator's)."""
    memo = state.memo
    shared: JSON | None = None if memo is None else memo.get("table")
    if shared is None:
        shared = table(state, sorted(to_act(state)), outcome(state))
        if memo is not None:  # made once per state (views are read, never changed)
            memo["table"] = shared
    out = shared.copy()
    if seat is not None:
        out["mine"] = mine(state, seat)
        out["moves"] = legal_moves(state, seat)
    return out


def table(state: State, to_act: list[int], outcome: Outcome | None) -> JSON:
    """What everyone sees, in the view's key order ("mine" and "moves" empty)."""
    bidding = set(bidders(state)) if state.phase == BID else set()
    seats = [seat_view(state, s, bidding) for s in range(state.players)]
    ended = round_over(state)
    return PHRASES.english_view({
        "game": "bullenparty",
        "players": state.players,
        "phase": state.phase,
        "round": state.round,
        "last_round": state.last_round,
        "to_act": to_act,
        "current": state.current,
        "rows": [row_view(i, r) for i, r in enumerate(state.rows)],
        "drawn": state.drawn,
        "draw_count": len(state.draw),
        "discard": list(state.discard),
        "removed_count": len(state.removed),
        "set_aside": list(state.set_aside),
        "bull_stack": list(state.bull_stack),
        "zero_blocked": state.zero_blocked,
        "seats": seats,
        "scores": [sv["score"]["total"] for sv in seats],
        "mine": None,
        "heads": HEADS_TEXT,
        "moves": [],
        "last": None if state.last is None else {**state.last, "cards": list(state.last["cards"])},
        "summary": (
            summary(state, final=True, outcome=outcome) if state.phase == OVER
            else None if ended is None
            else summary(state, round_no=ended)
        ),
        "outcome": outcome.to_json() if outcome is not None else None,
    })
