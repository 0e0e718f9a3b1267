"""Which moves the rules allow now, and why any other move is refused: one place per rule.

Moves: `{"type": "reveal"}`, `{"type": "buy", "pints": [...], "pay": "money" | "credit"}`,
`{"type": "elbow", "seat": s, "pint": p}`, `{"type": "slip", "pint": p}`,
`{"type": "give", "pint": p, "to": s}`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.games.base import Move, Refusal
from app.games.four_pints.cards import CREDIT, HAPPY_HOUR, ON_ME, PRICE, WALLET, by_value
from app.games.four_pints.money import money_total
from app.games.four_pints.phrases import PHRASES as say
from app.games.four_pints.state import ELBOW_CHOICE, GIFT_CHOICE, SLIP_CHOICE, FourPintsState

REVEAL: Move = {"type": "reveal"}


def on_me(s: FourPintsState) -> bool:
    return ON_ME in s.play


def happy_hour(s: FourPintsState) -> bool:
    """Happy Hour counts unless On me! was revealed too (then it is ignored)."""
    return HAPPY_HOUR in s.play and not on_me(s)


def cost(s: FourPintsState, pints: list[str]) -> int:
    prices = sorted(PRICE[p] for p in pints)
    if len(pints) == 2 and happy_hour(s):
        return prices[1] + prices[0] // 2
    return sum(prices)


def pint_choices(s: FourPintsState) -> list[list[str]]:
    """The pints (one or two, most valuable first) the active player may buy now."""
    kinds = by_value(list(set(s.counter)))
    pairs = [
        [a, b]
        for i, a in enumerate(kinds)
        for b in kinds[i:]
        if a != b or s.counter.count(a) > 1
    ]
    if on_me(s) and len(s.counter) > 1:
        return pairs
    singles = [[k] for k in kinds]
    return singles + pairs if happy_hour(s) else singles


def buy_moves(s: FourPintsState) -> list[Move]:
    if s.must_reveal:
        return []
    money = money_total(s.purse)
    credit = CREDIT in s.purse
    moves: list[Move] = []
    for pints in pint_choices(s):
        if credit:
            moves.append({"type": "buy", "pints": pints, "pay": "credit"})
        # with a Credit card, money may pay only when a Wallet would save the card
        if (not credit or WALLET in s.play) and money >= cost(s, pints):
            moves.append({"type": "buy", "pints": pints, "pay": "money"})
    return moves


def elbow_targets(s: FourPintsState) -> list[tuple[int, str]]:
    """(seat, pint) for every kind of pint in another player's area."""
    out = []
    for seat in range(s.players):
        if seat != s.active:
            out += [(seat, pint) for pint in by_value(list(set(s.pints[seat])))]
    return out


def slip_targets(s: FourPintsState) -> list[str]:
    return by_value(list(set(s.pints[s.active])))


def gift_choices(s: FourPintsState) -> list[tuple[str, int]]:
    kinds = by_value(list(set(s.bought)))
    return [(p, to) for p in kinds for to in range(s.players) if to != s.active]


def legal_moves(s: FourPintsState, seat: int) -> list[Move]:
    if s.over or seat != s.active:
        return []
    if s.pending == ELBOW_CHOICE:
        return [{"type": "elbow", "seat": t, "pint": p} for t, p in elbow_targets(s)]
    if s.pending == SLIP_CHOICE:
        return [{"type": "slip", "pint": p} for p in slip_targets(s)]
    if s.pending == GIFT_CHOICE:
        return [{"type": "give", "pint": p, "to": to} for p, to in gift_choices(s)]
    return [REVEAL, *buy_moves(s)]


def refusal(s: FourPintsState, seat: int, move: Any) -> Refusal:
    """Why a move not in `legal_moves` is refused (said by phrases.py)."""
    return say.refusal(_refused(s, seat, move))


_PENDING = {ELBOW_CHOICE: "elbow_first", SLIP_CHOICE: "slip_first", GIFT_CHOICE: "gift_first"}


def _refused(s: FourPintsState, seat: int, move: Any) -> str:
    if s.over:
        return "over"
    if seat != s.active:
        return "not_your_turn"
    if s.pending in _PENDING:
        return _PENDING[s.pending]
    kind = move.get("type") if isinstance(move, Mapping) else None
    if kind != "buy":
        return "reveal_or_buy"
    if s.must_reveal:
        return "reveal_first"
    pints = move.get("pints")
    if on_me(s) and len(s.counter) > 1 and (not isinstance(pints, list) or len(pints) != 2):
        return "two_pints"
    return "cannot_buy"
