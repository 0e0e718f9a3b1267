"""Paying: the engine picks the smallest set of money cards that covers an amount."""

from __future__ import annotations

from itertools import product

from app.games.four_pints.cards import MONEY


def money_total(purse: list[str]) -> int:
    return sum(MONEY.get(card, 0) for card in purse)


def smallest_cover(purse: list[str], amount: int) -> list[str] | None:
    """The money cards with the smallest sum >= amount (ties: fewest cards), or None.

    No change is given, so this wastes the least and leaves the most for a Wallet.
    Pennies are worth nothing, so they are never part of it.
    """
    if amount <= 0:
        return []
    kinds = sorted({c for c in purse if MONEY.get(c, 0) > 0}, key=MONEY.__getitem__)
    counts = [purse.count(k) for k in kinds]
    best: tuple[int, int, tuple[int, ...]] | None = None
    for take in product(*(range(n + 1) for n in counts)):
        total = sum(MONEY[k] * t for k, t in zip(kinds, take, strict=True))
        if total < amount:
            continue
        key = (total, sum(take), take)
        if best is None or key[:2] < best[:2]:
            best = key
    if best is None:
        return None
    return [k for k, t in zip(kinds, best[2], strict=True) for _ in range(t)]
