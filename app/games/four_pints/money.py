"""Paying: the engine picks the smallest set of money cards that covers an amount."""

from __future__ import annotations

from functools import lru_cache
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
    kinds = tuple(sorted({c for c in purse if MONEY.get(c, 0) > 0}, key=MONEY.__getitem__))
    cover = cached_cover(kinds, tuple(purse.count(k) for k in kinds), amount)
    return None if cover is None else list(cover)


@lru_cache(maxsize=4096)
def cached_cover(kinds: tuple[str, ...], counts: tuple[int, ...],
                 amount: int) -> tuple[str, ...] | None:
    """By counts, so equal purses share the answer (the bot asks the same often). Of the
    covers with the same sum and card count, the first in `product` order is taken."""
    values = [MONEY[k] for k in kinds]
    # In a cover of the smallest sum every card is needed, so no kind is taken more
    # often than `amount` needs on its own: a bound that leaves the answer unchanged.
    bounds = [min(n, -(-amount // v)) for n, v in zip(counts, values, strict=True)]
    best: tuple[int, int, tuple[int, ...]] | None = None
    for take in product(*(range(n + 1) for n in bounds)):
        total = sum(v * t for v, t in zip(values, take, strict=True))
        if total < amount:
            continue
        key = (total, sum(take), take)
        if best is None or key[:2] < best[:2]:
            best = key
    if best is None:
        return None
    return tuple(k for k, t in zip(kinds, best[2], strict=True) for _ in range(t))

