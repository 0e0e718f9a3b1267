"""What one seat (or a spectator) may see: everything face up, plus their own secrets
under `mine` (docs/contracts.md, section 1). Its words (status, summary, the last play)
are the phrases' (view_texts.py), said in English here; players appear in them as
`{p0}`, ..."""

from __future__ import annotations

from app.games.base import JSON, Outcome, rank_by
from app.games.stier_zoekt_bier import cards as C
from app.games.stier_zoekt_bier import moves
from app.games.stier_zoekt_bier.phrases import PHRASES
from app.games.stier_zoekt_bier.state import (
    CHOOSE,
    DRAFT,
    DRAUGHT,
    OVER,
    SERVE,
    SERVE_DONE,
    Seat,
    State,
)
from app.games.stier_zoekt_bier.view_texts import STATUS


def outcome(state: State) -> Outcome | None:
    if state.phase != OVER:
        return None
    scores = tuple(seat.points for seat in state.seats)
    ranks, winners = rank_by([_rank_key(seat) for seat in state.seats])
    return Outcome(scores, ranks, winners)


def view(state: State, seat: int | None) -> JSON:
    """`seat`'s view (None: a spectator's)."""
    memo = state.memo
    shared: JSON | None = None if memo is None else memo.get("table")
    if shared is None:
        shared = table(state, outcome(state))
        if memo is not None:  # made once per state (views are read, never changed)
            memo["table"] = shared
    out = shared.copy()
    if seat is not None:
        out["mine"] = private(state, seat)
        out["moves"] = moves.legal_moves(state, seat)
    return out


def table(state: State, outcome: Outcome | None) -> JSON:
    """What everyone sees, in the view's key order ("mine" and "moves" empty)."""
    acting = moves.to_act(state)
    seats = [_public_seat(state, s, me, acting) for s, me in enumerate(state.seats)]
    return PHRASES.english_view({
        "game": "stier-zoekt-bier",
        "players": state.players,
        "variant": state.variant,
        "phase": state.phase,
        "round": min(state.round, C.ROUNDS + 1),
        "rounds": C.ROUNDS,
        "bonus": state.bonus,
        "to_act": sorted(acting),
        "boss": state.boss,
        "middle": list(state.middle),
        "bull_info": BULL_INFO,
        "bull_deck": len(state.bull_deck),
        "bulls_out": len(state.bulls_out),
        "beer_deck": len(state.beer_deck),
        "discard": len(state.discard),
        "draft_step": state.draft_step if state.phase == DRAFT else None,
        "draught_order": state.draught_order() if state.phase == DRAUGHT else [],
        "ranking": list(state.ranking) if state.phase in (CHOOSE, SERVE) else [],
        "seats": seats,
        "mine": None,
        "scores": [seat_view["points"] for seat_view in seats],
        "moves": [],
        "last": state.last,
        "summary": summary(state, outcome),
        "outcome": outcome.to_json() if outcome else None,
    })


def _public_seat(state: State, s: int, me: Seat, acting: frozenset[int]) -> JSON:
    pub = [
        {"bulls": list(slot.bulls), "beer": list(slot.beer), "glasses": slot.total,
         "points": slot.points}
        for slot in me.pub
    ]
    shown = me.has_draughted and state.phase in (DRAUGHT, CHOOSE, SERVE)
    status = _status(state, me, s in acting)
    return {
        "cellar": min(len(me.stock), C.CELLAR_SIZE),
        "overflow": me.stock[C.CELLAR_SIZE :],
        "status": None if status is None else STATUS[status],
        "draughted": list(me.draughted),
        "bid": [me.bid, me.bid_beer] if shown else None,
        "pub": pub,
        "full": [i for i, slot in enumerate(me.pub) if slot.full],
        "fresh": sorted(me.served_now),
        "points": me.points,
        "served": [me.served_cards, me.served_glasses],
    }


def _status(state: State, me: Seat, acts: bool) -> str | None:
    """Where the seat stands in the current step (a code; its words: `STATUS`)."""
    if state.phase == DRAFT:
        return "choosing" if acts else "chosen"
    if state.phase == DRAUGHT:
        if acts:
            return "draughting"
        return "draughted" if me.has_draughted else "later"
    if state.phase == CHOOSE:
        return "choosing_bull" if acts else None
    if state.phase == SERVE:
        return "done" if me.stage == SERVE_DONE else "serving"
    return None


BULL_INFO: JSON = {
    card: {"name": bull.name, "beer": bull.beer, "tiers": [list(t) for t in bull.tiers]}
    for card, bull in C.BULLS.items()
}


def private(state: State, seat: int | None) -> JSON | None:
    """What `mine` is for `seat` (also each entry of the OPEN view's `open`)."""
    if seat is None:
        return None
    me = state.seats[seat]
    return {
        "seat": seat,
        "cellar": me.cellar,
        "hand": list(me.hand) if state.phase == DRAFT else [],
        "picks": list(me.picks),
        "keep": moves.keep_count(me) if state.phase == DRAFT else 0,
        # the own secret play (a draft pick) while no public play has followed it
        "last": me.last if me.last is not None and me.last_at == state.plays else None,
    }


# --- the summary of a round's end, or of the game


def summary(state: State, outcome: Outcome | None) -> JSON | None:
    """The end of a round or of the game: the rows in rank order, their words said by
    the phrases from the seats' public numbers (`seats`, view_texts.py)."""
    final = state.phase == OVER
    if not final and (state.summary_round is None or state.summary_at != state.plays):
        return None
    order = sorted(range(state.players), key=lambda s: (*_rank_key(state.seats[s]), -s),
                   reverse=True)
    winners = set(outcome.winners) if outcome else set()
    rows = [{"seat": s, "score": state.seats[s].points, "parts": [], "winner": s in winners}
            for s in order]
    return {"title": "", "final": final, "round": state.summary_round, "rows": rows,
            "notes": [], "data": {}}


def _rank_key(me: Seat) -> tuple[int, int, int]:
    """Points, then the rule's tie-breaks: most beer cards served, most glasses served."""
    return (me.points, me.served_cards, me.served_glasses)
