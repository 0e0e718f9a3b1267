"""The games' one source of chance: a seeded generator whose whole state is an integer,
so a state carries it and a game replays exactly."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class Rng:
    """A small seeded generator (SplitMix64) whose whole state is one integer.

    It lives inside a game state, serializes as that integer, and gives the same
    sequence on every platform and Python version. Never use the global `random`.
    """

    _MASK = (1 << 64) - 1

    def __init__(self, state: int) -> None:
        self.state = state & self._MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & self._MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self._MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self._MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[Any]) -> Any:
        return items[self.below(len(items))]


def seed_state(seed: int) -> int:
    """The Rng state for a room seed (any int, possibly negative or huge)."""
    return Rng(seed).next64()
