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


class RoomLocks:
    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )
        self._recent: OrderedDict[str, asyncio.Lock] = OrderedDict()

    def __call__(self, code: str) -> asyncio.Lock:
        lock = self._recent.get(code)
        if lock is not None:
            self._recent.move_to_end(code)
            return lock
        lock = self._locks.get(code)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[code] = lock
        self._recent[code] = lock
        if len(self._recent) > RECENT:
            self._recent.popitem(last=False)
        return lock
