"""Who must act, what they may do, and why anything else is refused: the single source
of truth for each rule (the board and the bots only read what this lists).

The moves, by phase:
- draft (simultaneous, secret): {"type": "pick", "card": "L3"} keeps one card (the first
  pick lies below the second); Grand Café also {"type": "done"}: keep no more.
- draught (in turn from the beer boss): {"type": "draught", "cards": k} turns up k cellar
  cards (the overflow is always draughted); Grand Café names the type, {"type":
  "draught", "beer": "A", "cards": k}, except for a plain pass with no overflow.
- choose (in ranking order): {"type": "take", "bull": "BL"} (on his own) or with
  "join": i, placing him under the single bull in pub slot i (a pair).
- serve (simultaneous): draughted beer first, {"type": "serve", "card": "L3", "bull": i}
  or {"type": "pour"} (the rest goes down the drain); then the cellar's top card,
  {"type": "serve", "card": top, "bull": i}, {"type": "pour", "card": top} or
  {"type": "stop"}.
"""

from __future__ import annotations

from typing import Any

from app.games.base import Move, Refusal
from app.games.stier_zoekt_bier import cards as C
from app.games.stier_zoekt_bier.phrases import PHRASES as say
from app.games.stier_zoekt_bier.state import (
    CHOOSE,
    DRAFT,
    DRAUGHT,
    OVER,
    SERVE,
    SERVE_CELLAR,
    SERVE_DONE,
    SERVE_DRAUGHTED,
    Seat,
    State,
)


def to_act(state: State) -> frozenset[int]:
    if state.phase == DRAFT:
        return frozenset(s for s, seat in enumerate(state.seats) if not seat.picked)
    if state.phase == DRAUGHT:
        return frozenset({state.draught_order()[state.draught_pos]})
    if state.phase == CHOOSE:
        return frozenset({state.ranking[state.choose_pos]})
    if state.phase == SERVE:
        return frozenset(s for s, seat in enumerate(state.seats) if seat.stage != SERVE_DONE)
    return frozenset()


def legal_moves(state: State, seat: int) -> list[Move]:
    if seat not in to_act(state):
        return []
    me = state.seats[seat]
    if state.phase == DRAFT:
        return draft_moves(state, me)
    if state.phase == DRAUGHT:
        return draught_moves(state, me)
    if state.phase == CHOOSE:
        return take_moves(state, me)
    return serve_moves(state, me)


def keep_count(seat: Seat) -> int:
    """How many cards of this draft hand the player keeps (Grand Café: at most)."""
    return min(C.DRAFT_KEEP, len(seat.hand) + len(seat.picks))


def draft_moves(state: State, me: Seat) -> list[Move]:
    moves: list[Move] = [{"type": "pick", "card": card} for card in _distinct(me.hand)]
    if state.grand_cafe:
        moves.append({"type": "done"})
    return moves


def cellar_run(cellar: list[str], kind: str) -> int:
    """How many cards from the top of the cellar are of one beer type in a row."""
    run = 0
    for card in reversed(cellar):
        if C.beer_type(card) != kind:
            break
        run += 1
    return run


def draught_moves(state: State, me: Seat) -> list[Move]:
    cellar = me.cellar
    if not state.grand_cafe:
        return [{"type": "draught", "cards": k} for k in range(len(cellar) + 1)]
    kinds = [kind for kind in C.BEER_RANK if any(C.beer_type(c) == kind for c in me.overflow)]
    if kinds:
        return [
            {"type": "draught", "beer": kind, "cards": k}
            for kind in kinds
            for k in range(cellar_run(cellar, kind) + 1)
        ]
    moves: list[Move] = [{"type": "draught", "cards": 0}]
    if cellar:
        kind = C.beer_type(cellar[-1])
        moves += [
            {"type": "draught", "beer": kind, "cards": k}
            for k in range(1, cellar_run(cellar, kind) + 1)
        ]
    return moves


# --- bids and the order of choosing bulls


def bid_of(cards: list[str]) -> tuple[int, str | None]:
    """The largest total of one beer type; a tie between types goes to the higher rank."""
    best, best_kind = 0, None
    for kind in C.BEER_RANK:
        total = sum(C.glasses(card) for card in cards if C.beer_type(card) == kind)
        if total > best:
            best, best_kind = total, kind
    return best, best_kind


def ranking(state: State) -> list[int]:
    """Bidders, best first: bid, then rank of the bid's beer, then closeness to the boss."""
    bidders = [s for s, seat in enumerate(state.seats) if seat.bid >= 1]

    def key(s: int) -> tuple[int, int, int]:
        seat = state.seats[s]
        rank = C.BEER_RANK.index(seat.bid_beer) if seat.bid_beer else len(C.BEER_RANK)
        return (-seat.bid, rank, (s - state.boss) % state.players)

    return sorted(bidders, key=key)


def single_slots(me: Seat, bull: str) -> list[int]:
    return [i for i, slot in enumerate(me.pub) if slot.bull == bull and not slot.paired]


def take_moves(state: State, me: Seat) -> list[Move]:
    moves: list[Move] = []
    for bull in _distinct(state.middle):
        moves.append({"type": "take", "bull": bull})
        moves += [{"type": "take", "bull": bull, "join": i} for i in single_slots(me, bull)]
    return moves


def can_take(me: Seat, index: int, card: str) -> bool:
    slot = me.pub[index]
    return slot.kind == C.beer_type(card) and index not in me.served_now and not slot.full


def serve_moves(state: State, me: Seat) -> list[Move]:
    if me.stage == SERVE_DRAUGHTED:
        moves: list[Move] = [
            {"type": "serve", "card": card, "bull": i}
            for card in _distinct(me.draughted)
            for i in range(len(me.pub))
            if can_take(me, i, card)
        ]
        return [*moves, {"type": "pour"}]
    top = me.stock[-1]
    moves = [
        {"type": "serve", "card": top, "bull": i}
        for i in range(len(me.pub))
        if can_take(me, i, top)
    ]
    return [*moves, {"type": "pour", "card": top}, {"type": "stop"}]


def _distinct(cards: list[str]) -> list[str]:
    return list(dict.fromkeys(cards))


def forced_move(state: State, seat: int) -> Move | None:
    """The only legal move of a seat that must act, if it has no choice at all."""
    me = state.seats[seat]
    if state.phase == DRAFT:
        # Never automatic: a seat that "has chosen" at once would tell everyone its
        # draft hand held only one kind of card.
        return None
    elif state.phase == SERVE:
        if me.stage == SERVE_CELLAR:
            return None  # pour and stop are always there
    elif state.phase == DRAUGHT and me.cellar:
        return None  # asking only some seats would tell the others about their cellar
    moves = legal_moves(state, seat)
    return moves[0] if len(moves) == 1 else None


# ---------------------------------------------------------------------------
# refusals: why a move is not legal (a refusal's kind and data, said by phrases.py)

_EXPECTED = {DRAFT: "pick_now", DRAUGHT: "draught_now", CHOOSE: "choose_now",
             SERVE: "serve_now"}
_WAITING = {DRAFT: "chosen", DRAUGHT: "not_your_draught", CHOOSE: "not_your_choice",
            SERVE: "served"}


def refusal(state: State, seat: int, move: Any) -> Refusal:
    kind, data = _refused(state, seat, move)
    return say.refusal(kind, **data)


def _refused(state: State, seat: int, move: Any) -> tuple[str, dict[str, Any]]:
    if state.phase == OVER:
        return "over", {}
    if not isinstance(seat, int) or not 0 <= seat < state.players:
        return "no_seat", {}
    if seat not in to_act(state):
        return _WAITING[state.phase], {}
    if not isinstance(move, dict):
        return "not_a_move", {}
    kind = move.get("type")
    if state.phase == DRAFT:
        return _draft_reason(state.seats[seat], move), {}
    if state.phase == DRAUGHT and kind == "draught":
        return _draught_reason(state, seat, move)
    if state.phase == CHOOSE and kind == "take":
        return ("not_in_middle" if move.get("bull") not in state.middle else "pair_only"), {}
    if state.phase == SERVE and kind in ("serve", "pour", "stop"):
        return _serve_reason(state, seat, move)
    return _EXPECTED[state.phase], {}


def _draft_reason(me: Seat, move: Move) -> str:
    kind = move.get("type")
    if kind == "pick" and move.get("card") not in me.hand:
        return "not_in_hand"
    return "keep_two" if kind == "done" else _EXPECTED[DRAFT]


def _draught_reason(state: State, seat: int, move: Move) -> tuple[str, dict[str, Any]]:
    me = state.seats[seat]
    cards = move.get("cards")
    if not isinstance(cards, int) or not 0 <= cards <= len(me.cellar):
        return "cellar_count", {"n": len(me.cellar)}
    return ("one_type" if state.grand_cafe else "number_only"), {}


def _serve_reason(state: State, seat: int, move: Move) -> tuple[str, dict[str, Any]]:
    me = state.seats[seat]
    wrong = _wrong_card(me, move)
    if wrong:
        return wrong, {}
    index = move.get("bull")
    if not isinstance(index, int) or not 0 <= index < len(me.pub):
        return "no_bull", {}
    slot = me.pub[index]
    bull = {"bull": slot.bull}
    if slot.kind != C.beer_type(str(move.get("card") or "?")):
        return "drinks_only", {**bull, "beer": slot.kind}
    if slot.full:
        return "full", bull
    if index in me.served_now:
        return "had_one", bull
    return "cannot_serve", {}


def _wrong_card(me: Seat, move: Move) -> str | None:
    """Why the card of a serve, pour or stop is not the one to serve now, or None."""
    kind = move.get("type")
    if me.stage == SERVE_DRAUGHTED:
        if kind == "stop" or (kind == "pour" and "card" in move):
            return "draughted_first"
        return None if move.get("card") in me.draughted else "not_draughted"
    if kind == "serve" and move.get("card") != me.stock[-1]:
        return "serve_top"
    return "pour_top" if kind == "pour" else None
