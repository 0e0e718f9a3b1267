"""The Bullenparty bot: a heuristic that follows the game's strategy, from its view alone.

Every number card a player holds ends in one of three places: on the plus pile (its
heads count for them), on another pile (against them), or on the discard pile as a bid
(nothing). So the bot grows one pile upwards ("main": its plus pile), keeps cards that
can still go onto it, bids away the cards that no longer can, and values a row by what
its cards and its bull would be worth in its own hand.
"""

from __future__ import annotations

from math import comb
from random import Random

from app.games.base import JSON, Move
from app.games.bullenparty.cards import ROW_LIMIT

KEEP = 0.8  # a card that can still go onto the main pile: most of its heads, later
DUMP = 0.6  # a card that cannot: some of them are bid away, the rest count against
FUTURE = 8.0  # heads still to come onto a main pile that is low (scaled by its room)


class Table:
    """What the bot reads from its view: heads per card, its piles, its hand."""

    def __init__(self, view: JSON, seat: int) -> None:
        self.view = view
        self.heads_text: str = view["heads"]
        mine = view["mine"] or {}
        draft = mine.get("draft")
        me = view["seats"][seat]
        self.hand: list[int] = list(draft["hand"] if draft else mine.get("hand", []))
        self.piles: list[list[int]] = [list(p) for p in (draft["piles"] if draft else me["piles"])]
        self.bulls: int = sum(me["bulls"])
        self.final = view["phase"] == "final"
        # about 2 cards per player are laid out each round; each round costs one bid card
        rounds = view["draw_count"] // (2 * view["players"])
        self.rounds_left = 0 if self.final or view["last_round"] else rounds

    def h(self, card: int) -> int:
        return int(self.heads_text[card])

    def main(self, piles: list[list[int]]) -> int | None:
        """The pile the bot builds: the one with most heads (the lower top of equals)."""
        if not piles:
            return None
        return max(range(len(piles)), key=lambda i: (self.pile_heads(piles[i]), -piles[i][-1]))

    def pile_heads(self, pile: list[int]) -> int:
        return sum(self.h(c) for c in pile)

    def top(self, piles: list[list[int]]) -> int:
        main = self.main(piles)
        return 0 if main is None else piles[main][-1]

    def card_value(self, card: int, top: int) -> float:
        return KEEP * self.h(card) if card > top else -DUMP * self.h(card)

    def worth(self, piles: list[list[int]], hand: list[int]) -> float:
        """An estimate of the final score from these piles and this hand."""
        heads = [self.pile_heads(p) for p in piles]
        plus = max(heads, default=0)
        now = plus + self.bulls - (sum(heads) - plus)
        top = self.top(piles)
        keep = sum(KEEP * self.h(c) for c in hand if c > top)
        bad = sorted(self.h(c) for c in hand if c <= top)
        # the worst cards are bid away while rounds remain; the rest go onto other piles
        laid = bad[: max(0, len(bad) - self.rounds_left)]
        room = (100 - top) / 100 * FUTURE * min(self.rounds_left, 4) / 4
        return now + keep - sum(laid) + room


def bot_move(view: JSON, seat: int, rng: Random) -> Move | None:
    moves: list[Move] = view.get("moves") or []
    if not moves or view.get("mine") is None:
        return None
    table = Table(view, seat)
    phase = view["phase"]
    if phase == "bid":
        return choose_bid(table, moves, seat)
    if phase == "take":
        return max(moves, key=lambda m: row_value(table, view["rows"][m["row"]]))
    if phase == "extend":
        return choose_extend(table, moves)
    return choose_placement(table, moves)


def row_value(table: Table, row: JSON) -> float:
    top = table.top(table.piles)
    return (row["bull"] or 0) + sum(table.card_value(c, top) for c in row["cards"])


def rank_odds(others: int, p: float) -> list[float]:
    """Chance of picking 1st, 2nd, ...: each of `others` bids lower with chance `p`."""
    return [comb(others, k) * p**k * (1 - p) ** (others - k) for k in range(others + 1)]


def choose_bid(table: Table, moves: list[Move], seat: int) -> Move:
    view = table.view
    rows = [r for r in view["rows"] if r["taker"] is None]
    values = sorted((row_value(table, r) for r in rows), reverse=True)
    others = sum(1 for s in view["seats"] if s["seat"] != seat and not s["has_row"])
    top = table.top(table.piles)

    def number_ev(card: int) -> float:
        odds = rank_odds(others, card / 100)
        row = sum(p * values[min(k, len(values) - 1)] for k, p in enumerate(odds))
        return row - table.card_value(card, top)

    numbers = [m for m in moves if isinstance(m["card"], int)]
    zero = next((m for m in moves if isinstance(m["card"], str)), None)
    best = max(numbers, key=lambda m: (number_ev(m["card"]), -m["card"]))
    if zero is not None and others == 0 and zero_pays(table, rows[0], top):
        return zero
    return best


def zero_pays(table: Table, row: JSON, top: int) -> bool:
    """Alone with an open row: another card (and at five, a bull) is worth a zero bid."""
    if not row["open"]:
        return False
    if len(row["cards"]) == ROW_LIMIT - 1 and table.view["bull_stack"]:
        return True
    room = (100 - top) / 100
    return KEEP * room - DUMP * (1 - room) > 0


def choose_extend(table: Table, moves: list[Move]) -> Move:
    view = table.view
    card = view["drawn"]
    good = table.card_value(card, table.top(table.piles)) > 0

    def score(m: Move) -> float:
        value = row_value(table, view["rows"][m["row"]])
        return value if good else -value

    return max(moves, key=score)


def choose_placement(table: Table, moves: list[Move]) -> Move:
    """One card onto a pile: the move after which the hand and piles are worth most."""

    def after(m: Move) -> float:
        piles = [list(p) for p in table.piles]
        hand = [c for c in table.hand if c != m["card"]]
        if m["type"] == "new_pile":
            piles.append([m["card"]])
        else:
            piles[m["pile"]].append(m["card"])
        # while reducing, the cards left in hand beyond five are still to be laid
        return table.worth(piles, hand)

    return max(moves, key=lambda m: (after(m), -m["card"], m.get("pile", -1)))

