"""The token bucket behind the socket's limits (chat lines, stale moves)."""

from __future__ import annotations

import time
from collections.abc import Callable


class Bucket:
    """A token bucket: `burst` messages at once, `rate` per second after that."""

    __slots__ = ("at", "burst", "clock", "rate", "tokens")

    def __init__(self, burst: float = 10, rate: float = 1,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.burst, self.rate, self.clock = burst, rate, clock
        self.tokens, self.at = burst, clock()

    def take(self) -> bool:
        self.refill()
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now

    @property
    def empty(self) -> bool:
        self.refill()
        return self.tokens < 1
