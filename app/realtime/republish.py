"""Notices the bus refused, published again a little later.

A move or a seat change is stored before it is published, and this process's own sockets
hear it even when the publish fails (app/rooms/notices.py: `Notices.publish`). The other
processes would not: when Redis went away for everyone, their subscriptions dropped too
and they read what they missed once it is back (a resync, app/realtime/redis.py); but
when only this process's publish failed (its connection cut, a timeout), nothing would
tell them: a seat change does not move the version, so no later move would bring it. So
each refused notice is published again, 1, 2, 5, 10 and 30 s later, until one goes
through (a newer notice of the room starts the schedule again). Per room only what still
matters is kept: the newest state notice, one room notice, and the chat lines (at most
CHAT_KEPT), so a long outage under load holds a few notices per room, not one task per
move. A notice can arrive twice (the publish that timed out had gone out): the receivers
know a repeat by its id (`Notices.take_in`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from app.realtime.broker import Broker, Message

log = logging.getLogger(__name__)

REPUBLISH_SECONDS = (1.0, 2.0, 5.0, 10.0, 30.0)
CHAT_KEPT = 50


def _key(message: Message) -> str:
    kind = str(message.get("kind"))
    return f"chat:{message.get('id')}" if kind == "chat" else kind


class Republisher:
    def __init__(self, broker: Broker) -> None:
        self.broker = broker
        self.pending: dict[str, dict[str, Message]] = {}  # channel -> key -> notice
        self.tries: dict[str, int] = {}  # channel -> rounds since its newest notice came
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.closed = False

    def later(self, channel: str, message: Message) -> None:
        """Publish `message` on `channel` again soon (it was refused just now). A new
        notice gives its channel the whole schedule again: it has every try."""
        if self.closed:
            return
        waiting = self.pending.setdefault(channel, {})
        waiting.pop(_key(message), None)  # the newest last: they go out in order
        waiting[_key(message)] = message
        chats = [k for k in waiting if k.startswith("chat:")]
        for key in chats[:-CHAT_KEPT]:
            del waiting[key]
        self.tries[channel] = 0
        if channel not in self.tasks:
            self.tasks[channel] = asyncio.create_task(self._again(channel),
                                                      name=f"republish:{channel}")

    async def _again(self, channel: str) -> None:
        try:
            while (tries := self.tries.get(channel, 0)) < len(REPUBLISH_SECONDS):
                await asyncio.sleep(REPUBLISH_SECONDS[tries])
                self.tries[channel] = self.tries.get(channel, 0) + 1  # (0 if one came)
                waiting = self.pending.get(channel, {})
                while waiting:
                    key, message = next(iter(waiting.items()))
                    try:
                        await self.broker.publish(channel, message)
                    except Exception as exc:  # still away: the next round
                        log.warning("publish to %s failed again: %s", channel, exc)
                        break
                    if waiting.get(key) is message:
                        del waiting[key]
                if not waiting:
                    return
            log.error("gave up publishing %d notices to %s",
                      len(self.pending.get(channel, {})), channel)
        finally:
            self.pending.pop(channel, None)
            self.tries.pop(channel, None)
            self.tasks.pop(channel, None)

    async def close(self) -> None:
        self.closed = True
        for task in list(self.tasks.values()):
            task.cancel()
        for task in list(self.tasks.values()):
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.tasks.clear()  # (one cancelled before it began never ran its finally)
        self.pending.clear()
        self.tries.clear()
