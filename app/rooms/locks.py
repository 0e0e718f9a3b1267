"""One asyncio.Lock per room: moves in one room are applied one at a time per process.

Locks live only while someone holds or waits for them (a WeakValueDictionary), so the
table does not grow with every room ever seen. Across processes the version check in
the database keeps moves serial.
"""

from __future__ import annotations

import asyncio
import weakref


class RoomLocks:
    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )

    def __call__(self, code: str) -> asyncio.Lock:
        lock = self._locks.get(code)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[code] = lock
        return lock
