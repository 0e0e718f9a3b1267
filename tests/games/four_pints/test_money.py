"""Paying: the bounded search for the smallest cover gives the same cards as trying all."""

from __future__ import annotations

import random
from itertools import product

from app.games.four_pints.cards import MONEY
from app.games.four_pints.money import smallest_cover


def every_subset(purse: list[str], amount: int) -> list[str] | None:
    """The rule, by brute force: the smallest sum >= amount, then the fewest cards."""
    if amount <= 0:
        return []
    kinds = sorted({c for c in purse if MONEY.get(c, 0) > 0}, key=MONEY.__getitem__)
    counts = [purse.count(k) for k in kinds]
    best: tuple[int, int, tuple[int, ...]] | None = None
    for take in product(*(range(n + 1) for n in counts)):
        total = sum(MONEY[k] * t for k, t in zip(kinds, take, strict=True))
        if total >= amount and (best is None or (total, sum(take)) < best[:2]):
            best = (total, sum(take), take)
    if best is None:
        return None
    return [k for k, t in zip(kinds, best[2], strict=True) for _ in range(t)]


def test_the_fast_cover_is_the_brute_force_cover() -> None:
    rnd = random.Random(1)
    cards = ["£1", "£2", "£3", "£5", "Penny", "Credit card"]
    for _ in range(3000):
        purse = [rnd.choice(cards) for _ in range(rnd.randrange(0, 12))]
        amount = rnd.randrange(-1, 16)
        assert smallest_cover(purse, amount) == every_subset(purse, amount), (purse, amount)
