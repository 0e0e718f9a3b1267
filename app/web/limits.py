"""Rate limits where one client could cost everyone: chat over the JSON API (every line is
stored and pushed to every socket) and rooms created. Token buckets per (what, client
address[, room]): a burst of `per_minute` at once, refilled at `per_minute` a minute.
The sizes come from settings, with defaults far above what a real table does; over a
limit is 429 `too_fast` with Retry-After. (The socket's own limits live with the socket.)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from app.web.errors import TooFast


@dataclass
class Bucket:
    tokens: float
    at: float


class Limiter:
    """In-process buckets. Full buckets are forgotten when there are too many, so memory
    stays bounded whatever the number of clients."""

    def __init__(self, clock: Callable[[], float] = time.monotonic,
                 max_keys: int = 10_000) -> None:
        self.clock, self.max_keys = clock, max_keys
        self.buckets: dict[Hashable, Bucket] = {}

    def take(self, key: Hashable, per_minute: int) -> None:
        """Spend one token of `key`'s bucket, or raise TooFast."""
        now, rate = self.clock(), per_minute / 60
        bucket = self.buckets.get(key)
        if bucket is None:
            self._make_room(now)
            bucket = self.buckets[key] = Bucket(float(per_minute), now)
        bucket.tokens = min(per_minute, bucket.tokens + (now - bucket.at) * rate)
        bucket.at = now
        if bucket.tokens < 1:
            wait = math.ceil((1 - bucket.tokens) / rate) if rate > 0 else 60
            raise TooFast("Slow down a little: too many at once.", retry_after=wait)
        bucket.tokens -= 1

    def _make_room(self, now: float) -> None:
        if len(self.buckets) < self.max_keys:
            return
        # A bucket that has refilled says nothing a new one would not: forget it.
        self.buckets = {k: b for k, b in self.buckets.items() if now - b.at < 60}
        if len(self.buckets) >= self.max_keys:
            self.buckets.clear()
