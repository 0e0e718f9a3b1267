"""A good bot for Stier zoekt Bier, deciding from its seat's view alone.

The strategy, step by step:
- buy beer that fits: the beer of your bulls that still drink, and of the bulls in town;
  ale and dark fill their bulls fastest, so they are worth more a glass;
- draught just enough to win a bull: the bids already made are public, the later ones are
  guessed from their face-up overflow and cellar size; every cellar card turned up that
  no bull can drink this round is beer poured away, and counts against it;
- take the bull your beer will fill; put him together with a bull of his type when the
  doubled points beat what your beer could do for two;
- serve where a glass brings a bull closest to its next points, and search the few cards
  of your own cellar for the best order of serving, pouring away and stopping (in the
  bonus round a card left in the cellar is worth nothing).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from random import Random
from typing import Any

from app.games.base import JSON, Move
from app.games.stier_zoekt_bier import cards as C

BULL_VALUE = {1: 3.2, 2: 3.0, 3: 2.8, 4: 2.4, 5: 2.0, 6: 1.4, 7: 0.9}
"""What winning a bull is worth by round: fewer rounds left, fewer glasses for him."""
TYPE_BONUS = {C.ALE: 0.6, C.DARK: 0.45, C.WHITE: 0.2, C.LAGER: 0.0}
"""Points a glass of each beer is worth besides its bulls (ale fills fastest)."""


def bot_move(view: JSON, seat: int, rng: Random) -> Move | None:
    moves: list[Move] = view["moves"]
    if not moves:
        return None
    if len(moves) == 1:
        return moves[0]
    choose = {"draft": _draft, "draught": _draught, "choose": _take, "serve": _serve}
    return choose[view["phase"]](view, seat, moves)


# --- what a bull is worth to us


def _need(bull: str, total: int) -> tuple[int, int, int] | None:
    """(glasses still needed for the next tier, points gained there, span of that tier)."""
    points, low = 0, 0
    for needed, tier_points in C.BULLS[bull].tiers:
        if total < needed:
            return needed - total, tier_points - points, needed - low
        points, low = tier_points, needed
    return None


def potential(bull: str, total: int, paired: bool) -> float:
    """Points now plus a discounted share of the next tier's points, by the way there."""
    points: float = C.bull_points(bull, total)
    step = _need(bull, total)
    if step is not None:
        missing, gain, span = step
        points += 0.6 * gain * (span - missing) / span
    return points * (C.PAIR_FACTOR if paired else 1)


def _open_slots(view: JSON, seat: int) -> list[tuple[int, str, int, bool]]:
    """My bulls that still drink: (index, bull, total, paired)."""
    me = view["seats"][seat]
    return [(i, slot["bulls"][0], slot["glasses"], len(slot["bulls"]) > 1)
            for i, slot in enumerate(me["pub"]) if i not in me["full"]]


def _my_types(view: JSON, seat: int) -> set[str]:
    return {C.BULLS[bull].beer for _, bull, _, _ in _open_slots(view, seat)}


def _card_value(card: str, types: set[str]) -> float:
    """What keeping a beer card is worth, roughly in points."""
    kind = C.beer_type(card)
    fit = 0.3 if kind in types else 0.08
    return C.glasses(card) * fit + TYPE_BONUS[kind] * 0.3


# --- buying beer


def _draft(view: JSON, seat: int, moves: list[Move]) -> Move:
    mine = _my_types(view, seat)
    town = {C.BULLS[bull].beer for bull in view["middle"]}

    def worth(move: Move) -> float:
        if move["type"] == "done":
            return 0.05
        kind = C.beer_type(move["card"])
        weight = 1.0 + 1.4 * (kind in mine) + 0.9 * (kind in town) + TYPE_BONUS[kind]
        return C.glasses(move["card"]) * weight

    return max(moves, key=worth)


# --- draughting


def _bid(cards: Sequence[str]) -> tuple[int, int]:
    """(bid, rank of its beer: higher is better) as the rules rank them."""
    best, rank = 0, -1
    for i, kind in enumerate(C.BEER_RANK):
        total = sum(C.glasses(c) for c in cards if C.beer_type(c) == kind)
        if total > best:
            best, rank = total, len(C.BEER_RANK) - i
    return best, rank


def _draughted_by(
    move: Move, overflow: list[str], cellar: list[str]
) -> tuple[list[str], list[str]]:
    """(the cards this draught lays out, the overflow it pours away at once)."""
    kind = move.get("beer")
    kept = [c for c in overflow if kind is None or C.beer_type(c) == kind]
    poured = [c for c in overflow if c not in kept]
    k = move["cards"]
    return kept + list(reversed(cellar[len(cellar) - k :])) if k else kept, poured


def _draught(view: JSON, seat: int, moves: list[Move]) -> Move:
    me, cellar = view["seats"][seat], view["mine"]["cellar"]
    order = view["draught_order"]
    mine_at = order.index(seat)
    bulls = len(view["middle"])
    types = _my_types(view, seat)
    town = [C.BULLS[bull].beer for bull in view["middle"]]

    def rivals(bid: tuple[int, int]) -> int:
        """How many players would choose before us with this bid."""
        ahead = 0
        for pos, s in enumerate(order):
            if s == seat:
                continue
            other = view["seats"][s]
            if pos < mine_at:
                theirs = tuple(other["bid"] or (0, None))
                shown = (theirs[0], _rank(theirs[1]))
                ahead += shown >= bid  # the earlier draughter wins ties
            else:
                guess = _bid(other["overflow"])[0] + 0.6 * other["cellar"]
                ahead += guess > bid[0]
        return ahead

    def worth(move: Move) -> float:
        laid, poured = _draughted_by(move, me["overflow"], cellar)
        turned_over: int = move["cards"]
        bid = _bid(laid)
        win = bid[0] >= 1 and bulls > 0 and rivals(bid) < bulls
        value = BULL_VALUE.get(view["round"], 0.5) * win
        drinkers = [C.BULLS[b].beer for _, b, _, _ in _open_slots(view, seat)]
        if win:
            kind = C.BEER_RANK[len(C.BEER_RANK) - bid[1]]
            drinkers.append(kind if kind in town else town[0])
        lost = list(poured)
        for card in laid:
            kind = C.beer_type(card)
            if kind in drinkers:
                drinkers.remove(kind)
            else:
                lost.append(card)
        turned = set(range(len(laid) - turned_over, len(laid)))
        value -= sum(_card_value(c, types) for i, c in enumerate(laid)
                     if i in turned and c in lost)
        value -= sum(_card_value(c, types) for c in poured)
        return value - 0.01 * turned_over

    return max(moves, key=worth)


def _rank(kind: str | None) -> int:
    return len(C.BEER_RANK) - C.BEER_RANK.index(kind) if kind else -1


# --- choosing bulls


def _supply(view: JSON, seat: int, kind: str) -> float:
    """Glasses of one beer we hold, plus what the rounds left may bring."""
    me = view["seats"][seat]
    held = [c for c in view["mine"]["cellar"] + me["draughted"] if C.beer_type(c) == kind]
    round_no: int = view["round"]
    left = max(0, C.ROUNDS - round_no)
    return sum(C.glasses(c) for c in held) + 2.2 * left


def _reach(bull: str, total: float) -> float:
    points = 0.0
    needed0, tier0 = C.BULLS[bull].tiers[0]
    for needed, tier_points in C.BULLS[bull].tiers:
        if total >= needed:
            points = tier_points
    return points or 0.5 * tier0 * total / needed0


def _take(view: JSON, seat: int, moves: list[Move]) -> Move:
    pub = view["seats"][seat]["pub"]
    full = view["seats"][seat]["full"]

    def worth(move: Move) -> float:
        bull = move["bull"]
        supply = _supply(view, seat, C.BULLS[bull].beer)
        if "join" in move:  # doubles what that bull will score
            return _reach(bull, pub[move["join"]]["glasses"] + supply)
        need = C.BULLS[bull].tiers[0][0]
        spent = sum(max(0, need - slot["glasses"]) for i, slot in enumerate(pub)
                    if slot["bulls"][0] == bull and i not in full)
        return _reach(bull, max(0.0, supply - spent)) + TYPE_BONUS[C.BULLS[bull].beer]

    return max(moves, key=worth)


# --- serving


def _serve(view: JSON, seat: int, moves: list[Move]) -> Move:
    if {"type": "stop"} in moves:
        return _serve_cellar(view, seat, moves)
    pub = view["seats"][seat]["pub"]

    def gain(move: Move) -> float:
        if move["type"] == "pour":
            return 0.0
        slot = pub[move["bull"]]
        bull, total, paired = slot["bulls"][0], slot["glasses"], len(slot["bulls"]) > 1
        after = total + C.glasses(move["card"])
        return potential(bull, after, paired) - potential(bull, total, paired) + 1e-3

    return max(moves, key=gain)


def _serve_cellar(view: JSON, seat: int, moves: list[Move]) -> Move:
    """The best of serve / pour / stop by a small search over our own cellar."""
    cellar = tuple(reversed(view["mine"]["cellar"]))  # top first
    slots = tuple(_open_slots(view, seat))
    fresh = frozenset(view["seats"][seat]["fresh"])
    bonus, grand = view["bonus"], view["variant"] == "grand-cafe"
    types = _my_types(view, seat)

    def keep(depth: int) -> float:
        """What the cards left in the cellar are still worth (nothing after the game)."""
        return 0.0 if bonus else sum(_card_value(c, types) * 0.6 for c in cellar[depth:])

    @cache
    def best(depth: int, used: frozenset[int]) -> tuple[float, Any]:
        if depth == len(cellar):
            return 0.0, {"type": "stop"}
        options: list[tuple[float, Any]] = [(keep(depth), {"type": "stop"})]
        card = cellar[depth]
        tried = set()
        for i, bull, total, paired in slots:
            if i in used or i in fresh or C.BULLS[bull].beer != C.beer_type(card):
                continue
            if (bull, total, paired) in tried:
                continue  # a bull just like one already tried: the same outcomes
            tried.add((bull, total, paired))
            gain = potential(bull, total + C.glasses(card), paired) - potential(bull, total, paired)
            options.append((gain + best(depth + 1, used | {i})[0],
                            {"type": "serve", "card": card, "bull": i}))
        # in the Grand Café a poured cellar card ends the serving
        after = keep(depth + 1) if grand else best(depth + 1, used)[0]
        options.append((after, {"type": "pour", "card": card}))
        return max(options, key=lambda o: o[0])

    move = best(0, frozenset())[1]
    return move if move in moves else moves[-1]
