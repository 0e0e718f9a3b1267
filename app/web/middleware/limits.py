"""Rate limits where one client could cost everyone: chat (the JSON API and every socket
of the client in the room share one budget: every line is stored and pushed to every
socket), rooms created, moves refused, the host's seat changes. Token buckets per kind
of limit and (client address[, room]): a burst of `per_minute` at once, refilled at
`per_minute` a minute. The sizes come from settings, with defaults far above what a real
table does; over a limit is 429 `too_fast` with Retry-After (`too_fast` on a socket).

Each kind keeps at most `max_keys` buckets, the least recently used forgotten first, so
memory stays bounded whatever the number of clients, and keys of one kind never push
out another kind's. Nothing is ever cleared wholesale: a client's bucket goes only when
`max_keys` other keys of its kind were used after it (a bucket unused for a minute has
refilled, so forgetting it changes nothing). Callers make a key only for a real target
(the room is looked up first), so made-up codes make none.
"""

from __future__ import annotations

import logging
import math
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from app.web.errors import TooFast

log = logging.getLogger(__name__)
KINDS = ("chat", "rooms", "refused", "seats", "settings")


@dataclass(slots=True)
class Bucket:
    tokens: float
    at: float


class Limiter:
    """In-process buckets, one bounded table (least recently used first out) per kind."""

    def __init__(self, clock: Callable[[], float] = time.monotonic,
                 max_keys: int = 10_000) -> None:
        self.clock, self.max_keys = clock, max(1, max_keys)
        self.tables: dict[str, OrderedDict[Hashable, Bucket]] = {k: OrderedDict() for k in KINDS}
        self._warned = False

    def take(self, kind: str, key: Hashable, per_minute: int) -> None:
        """Spend one token of `key`'s bucket of `kind`, or raise TooFast."""
        table = self.tables[kind]  # a kind is a name of ours: KeyError is a bug
        now, rate = self.clock(), per_minute / 60
        bucket = table.get(key)
        if bucket is None:
            if len(table) >= self.max_keys:
                self._forget_oldest(table, now)
            bucket = table[key] = Bucket(float(per_minute), now)
        else:
            table.move_to_end(key)
        bucket.tokens = min(per_minute, bucket.tokens + (now - bucket.at) * rate)
        bucket.at = now
        if bucket.tokens < 1:
            wait = math.ceil((1 - bucket.tokens) / rate) if rate > 0 else 60
            raise TooFast("Slow down a little: too many at once.", retry_after=wait)
        bucket.tokens -= 1

    def _forget_oldest(self, table: OrderedDict[Hashable, Bucket], now: float) -> None:
        _key, oldest = table.popitem(last=False)
        if now - oldest.at < 60 and not self._warned:
            # every bucket of the kind was used within the minute: the table is too
            # small for this traffic (a client forgotten this early gets a fresh burst)
            self._warned = True
            log.warning("rate limits: %d clients in a minute; LIMIT_KEYS is too small",
                        self.max_keys)

    def sizes(self) -> dict[str, int]:
        """Buckets kept per kind (for /metrics)."""
        return {kind: len(table) for kind, table in self.tables.items()}
