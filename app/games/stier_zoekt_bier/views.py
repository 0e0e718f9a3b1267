"""What one seat (or a spectator) may see: everything face up, plus their own secrets
under `mine` (docs/contracts.md, section 1). Players appear in texts as `{p0}`, ..."""

from __future__ import annotations

from app.games.base import JSON, Outcome, who
from app.games.stier_zoekt_bier import cards as C
from app.games.stier_zoekt_bier import moves
from app.games.stier_zoekt_bier import words as W
from app.games.stier_zoekt_bier.state import (
    CHOOSE,
    DRAFT,
    DRAUGHT,
    OVER,
    SERVE,
    SERVE_DONE,
    Seat,
    Slot,
    State,
)


def view(state: State, seat: int | None, outcome: Outcome | None,
         shared: JSON | None = None) -> JSON:
    """`seat`'s view; `shared`: the state's `table`, when made already."""
    out = table(state, outcome) if shared is None else shared.copy()
    if seat is not None:
        out["mine"] = private(state, seat)
        out["moves"] = moves.legal_moves(state, seat)
    return out


def table(state: State, outcome: Outcome | None) -> JSON:
    """What everyone sees, in the view's key order ("mine" and "moves" empty)."""
    acting = moves.to_act(state)
    seats = [_public_seat(state, s, me, acting) for s, me in enumerate(state.seats)]
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
        "mine": None,
        "scores": [seat_view["points"] for seat_view in seats],
        "moves": [],
        "last": state.last,
        "summary": summary(state, outcome),
        "outcome": outcome.to_json() if outcome else None,
    }


def _public_seat(state: State, s: int, me: Seat, acting: frozenset[int]) -> JSON:
    pub = [
        {"bulls": list(slot.bulls), "beer": list(slot.beer), "glasses": slot.total,
         "points": slot.points}
        for slot in me.pub
    ]
    shown = me.has_draughted and state.phase in (DRAUGHT, CHOOSE, SERVE)
    return {
        "cellar": min(len(me.stock), C.CELLAR_SIZE),
        "overflow": me.stock[C.CELLAR_SIZE :],
        "status": _status(state, me, s in acting),
        "draughted": list(me.draughted),
        "bid": [me.bid, me.bid_beer] if shown else None,
        "pub": pub,
        "full": [i for i, slot in enumerate(me.pub) if slot.full],
        "fresh": sorted(me.served_now),
        "points": me.points,
        "served": [me.served_cards, me.served_glasses],
    }


def _status(state: State, me: Seat, acts: bool) -> str | None:
    """Where the seat stands in the current step, in words for its label."""
    if state.phase == DRAFT:
        return "choosing" if acts else "has chosen"
    if state.phase == DRAUGHT:
        if acts:
            return "draughting"
        return "has draughted" if me.has_draughted else "draughts later"
    if state.phase == CHOOSE:
        return "choosing a bull" if acts else None
    if state.phase == SERVE:
        return "done serving" if me.stage == SERVE_DONE else "serving"
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
    final = state.phase == OVER
    if not final and (state.summary_round is None or state.summary_at != state.plays):
        return None
    order = sorted(range(state.players), key=lambda s: (*_rank_key(state.seats[s]), -s),
                   reverse=True)
    winners = set(outcome.winners) if outcome else set()
    rows = [
        {"seat": s, "score": state.seats[s].points, "parts": _parts(state.seats[s]),
         "winner": s in winners}
        for s in order
    ]
    title = "The game is over" if final else f"Round {state.summary_round} is over"
    # `data` is empty: the texts are made of the seats' public numbers (`seats`)
    return {"title": title, "final": final, "round": state.summary_round, "rows": rows,
            "notes": _tie_notes(state, order, final), "data": {}}


def _rank_key(me: Seat) -> tuple[int, int, int]:
    """Points, then the rule's tie-breaks: most beer cards served, most glasses served."""
    return (me.points, me.served_cards, me.served_glasses)


def _parts(me: Seat) -> list[str]:
    parts = [_slot_words(slot) for slot in me.pub] or ["No bulls"]
    parts.append(f"Served: {W.count(me.served_cards, 'beer card')}, "
                 f"{W.glasses(me.served_glasses)}")
    return parts


def _slot_words(slot: Slot) -> str:
    """"Andy Ale: 9 glasses, 3 points"; below the first tier, what it would take."""
    bull = C.BULLS[slot.bull]
    what = f"{bull.name} pair" if slot.paired else bull.name
    factor = C.PAIR_FACTOR if slot.paired else 1
    if not slot.points:
        needed, tier = bull.tiers[0]
        return f"{what}: {W.glasses(slot.total)} ({needed} for {W.points(tier * factor)})"
    double = " (a pair scores double)" if slot.paired else ""
    return f"{what}: {W.glasses(slot.total)}, {W.points(slot.points)}{double}"


def _tie_notes(state: State, order: list[int], final: bool) -> list[str]:
    """Why players level on points are ranked as they are: the tie-break in words. Only
    the game's end has a win to share; after a round the leaders share the lead."""
    notes = []
    groups: dict[int, list[int]] = {}
    for s in order:
        groups.setdefault(state.seats[s].points, []).append(s)
    for points, group in groups.items():
        if len(group) < 2:
            continue
        names = W.listing([who(s) for s in group])
        keys = {_rank_key(state.seats[s]) for s in group}
        head = f"{names} have {W.points(points)} each"
        if len(keys) == 1:
            if group[0] != order[0]:
                continue  # nothing split, and no win to share
            one = state.seats[group[0]]
            cards, glasses = one.served_cards, one.served_glasses
            shared = "the win" if final else "the lead"
            notes.append(f"{head}, and served as many beer cards ({cards}) and glasses "
                         f"({glasses}): they share {shared}.")
        elif len(group) == 2:
            notes.append(f"{head}; {_ahead(state, group[0], group[1])}")
        else:
            each = ", ".join(
                f"{who(s)} {W.count(state.seats[s].served_cards, 'card')} and "
                f"{W.glasses(state.seats[s].served_glasses)}" for s in group)
            notes.append(f"{head}; the tie-break (most beer cards served, then most "
                         f"glasses) ranks them: {each}.")
    return notes


def _ahead(state: State, a: int, b: int) -> str:
    first, second = state.seats[a], state.seats[b]
    if first.served_cards != second.served_cards:
        return (f"{who(a)} places ahead: more beer cards served ({first.served_cards} to "
                f"{second.served_cards}).")
    return (f"{who(a)} places ahead: as many beer cards served ({first.served_cards}), "
            f"more glasses ({first.served_glasses} to {second.served_glasses}).")
