"""One background task per room, by room code: the bot runner and the turn timers each
keep one (app/rooms/bots.py, app/rooms/timers.py). A task is forgotten when it ends, a
failure is logged (the next nudge starts a new one), and `close()` cancels them all."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)


class RoomTasks:
    def __init__(self, name: str, enabled: bool = True) -> None:
        self.name = name  # in task names and log lines: "bots", "turn timer"
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self.closed = not enabled

    def __len__(self) -> int:
        return len(self._tasks)

    def running(self, code: str) -> bool:
        task = self._tasks.get(code)
        return task is not None and not task.done()

    def start(self, code: str, run: Callable[[], Awaitable[None]]) -> None:
        """Run `run()` as the room's task (a task already there is left to the caller:
        cancel it first to replace it)."""
        if self.closed:
            return
        self._tasks[code] = asyncio.create_task(self._guard(code, run),
                                                name=f"{self.name}:{code}")

    def cancel(self, code: str) -> None:
        task = self._tasks.get(code)
        if task is not None and not task.done():
            task.cancel()

    async def _guard(self, code: str, run: Callable[[], Awaitable[None]]) -> None:
        try:
            await run()
        except asyncio.CancelledError:
            raise
        except Exception:  # logged; the next nudge (a move, a socket) tries again
            log.exception("%s of room %s stopped", self.name, code)
        finally:
            if self._tasks.get(code) is asyncio.current_task():
                del self._tasks[code]

    async def idle(self, code: str) -> None:
        """Returns once the room has no task running (one that replaced it included)."""
        while (task := self._tasks.get(code)) is not None and not task.done():
            await asyncio.wait({task})

    async def close(self) -> None:
        """Cancel every task and wait for them (at app shutdown)."""
        self.closed = True
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks.clear()
