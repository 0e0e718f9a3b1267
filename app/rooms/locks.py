"""One asyncio.Lock per room: moves in one room are applied one at a time per process.

Locks live while someone holds or waits for them (a WeakValueDictionary), so the
table does not grow with every room ever seen, and the last RECENT rooms' locks are
kept besides: a busy room took a new lock (and a weak reference) for every move.
Across processes the version check in the database keeps moves serial.
"""

from __future__ import annotations

import asyncio
import weakref
from collections import OrderedDict

RECENT = 512


class RoomLock(asyncio.Lock):
    """An asyncio.Lock whose `async with` takes a free lock at once. Nearly every move
    finds its room's lock free, and `Lock.acquire` asks every waiter ever queued
    whether it was cancelled (`all(...)` over a deque that stays once made), in a
    coroutine of its own; the check here is the same (no waiter at all), else
    `acquire` decides as before."""

    async def __aenter__(self) -> None:
        if not self._locked and not self._waiters:  # type: ignore[has-type]
            self._locked = True
            return
        await self.acquire()


class RoomLocks:
    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[str, RoomLock] = (
            weakref.WeakValueDictionary()
        )
        self._recent: OrderedDict[str, RoomLock] = OrderedDict()

    def __len__(self) -> int:
        """The recent rooms' locks kept (at most RECENT), for /metrics."""
        return len(self._recent)

    def __call__(self, code: str) -> RoomLock:
        lock = self._recent.get(code)
        if lock is not None:
            self._recent.move_to_end(code)
            return lock
        lock = self._locks.get(code)
        if lock is None:
            lock = RoomLock()
            self._locks[code] = lock
        self._recent[code] = lock
        if len(self._recent) > RECENT:
            self._recent.popitem(last=False)
        return lock
