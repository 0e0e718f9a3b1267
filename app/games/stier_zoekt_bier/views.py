"""What one seat (or a spectator) may see: everything face up, plus their own secrets."""

from __future__ import annotations

from app.games.base import JSON, Outcome
from app.games.stier_zoekt_bier import cards as C
from app.games.stier_zoekt_bier import moves
from app.games.stier_zoekt_bier.state import CHOOSE, DRAFT, DRAUGHT, SERVE, Seat, State


def view(state: State, seat: int | None, outcome: Outcome | None) -> JSON:
    acting = moves.to_act(state)
    seats = [_public_seat(state, s, me) for s, me in enumerate(state.seats)]
    return {
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
        "you": _private(state, seat),
        "scores": [seat_view["points"] for seat_view in seats],
        "moves": moves.legal_moves(state, seat) if seat is not None else [],
        "outcome": outcome.to_json() if outcome else None,
    }


def _public_seat(state: State, s: int, me: Seat) -> JSON:
    pub = [
        {"bulls": list(slot.bulls), "beer": list(slot.beer), "glasses": slot.total,
         "points": slot.points}
        for slot in me.pub
    ]
    shown = me.has_draughted and state.phase in (DRAUGHT, CHOOSE, SERVE)
    return {
        "cellar": min(len(me.stock), C.CELLAR_SIZE),
        "overflow": me.stock[C.CELLAR_SIZE :],
        "status": _status(state, me),
        "draughted": list(me.draughted),
        "bid": [me.bid, me.bid_beer] if shown else None,
        "pub": pub,
        "full": [i for i, slot in enumerate(me.pub) if slot.full],
        "fresh": sorted(me.served_now),
        "points": me.points,
        "served": [me.served_cards, me.served_glasses],
    }


def _status(state: State, me: Seat) -> str | None:
    """Where the seat stands in a phase everyone plays at once (or in turn)."""
    if state.phase == DRAFT:
        return "chosen" if me.picked else "choosing"
    if state.phase == DRAUGHT:
        return "draughted" if me.has_draughted else "waiting"
    if state.phase == SERVE:
        return me.stage
    return None


BULL_INFO: JSON = {
    card: {"name": bull.name, "beer": bull.beer, "tiers": [list(t) for t in bull.tiers]}
    for card, bull in C.BULLS.items()
}


def _private(state: State, seat: int | None) -> JSON | None:
    if seat is None:
        return None
    me = state.seats[seat]
    return {
        "seat": seat,
        "cellar": me.cellar,
        "hand": list(me.hand) if state.phase == DRAFT else [],
        "picks": list(me.picks),
        "keep": moves.keep_count(me) if state.phase == DRAFT else 0,
    }
