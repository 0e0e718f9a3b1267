"""The pub/sub backend interface (the shape of encode/broadcaster).

    async with broker.subscribe("room:ab3k") as subscriber:
        async for message in subscriber:
            ...
    await broker.publish("room:ab3k", {"kind": "state", "room": "ab3k", "version": 7})

Messages are small JSON objects: `{room, version}` notices, chat lines and presence.
Never a view or a hand: each connection renders its own viewer's view from the database.

`LocalFanout` delivers to this process's subscribers; the memory backend publishes
straight into it, the Redis backend through one shared Redis subscription per process.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict, deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, Protocol

Message = dict[str, Any]


def channel(code: str) -> str:
    """The bus channel of a room."""
    return f"room:{code}"


# How many notices a subscriber holds for a reader that does not keep up; beyond, it
# drops them and the reader catches up from the next version it gets.
QUEUED = 1000


class Subscriber:
    """The notices of one channel for one reader, in order.

    A deque and the reader's one waiting future, not an asyncio.Queue: the queue's
    bookkeeping (its loop check, unfinished-task count, getters and putters) was ~2 %
    of a move's CPU, for one reader and writers that never wait."""

    def __init__(self, channel: str) -> None:
        self.channel = channel
        self._items: deque[Message | None] = deque()
        self._waiter: asyncio.Future[None] | None = None
        # its reader's loop, asked once: on Python 3.11 each get_running_loop() is a
        # getpid system call (the check for a fork), and the reader waits once a move
        self._loop: asyncio.AbstractEventLoop | None = None

    def deliver(self, message: Message | None) -> None:
        if len(self._items) >= QUEUED:
            return  # a stuck reader drops notices; it catches up from the next version
        self._items.append(message)
        waiter, self._waiter = self._waiter, None
        if waiter is not None and not waiter.done():  # (a reader cancelled meanwhile)
            waiter.set_result(None)

    def empty(self) -> bool:
        return not self._items

    async def get(self) -> Message | None:
        while not self._items:
            loop = self._loop
            if loop is None:
                loop = self._loop = asyncio.get_running_loop()
            waiter = self._waiter = loop.create_future()
            await waiter
        return self._items.popleft()

    def __aiter__(self) -> AsyncIterator[Message]:
        return self._iterate()

    async def _iterate(self) -> AsyncIterator[Message]:
        while True:
            message = await self.get()
            if message is None:
                return
            yield message


class Broker(Protocol):
    async def connect(self) -> None: ...
    async def disconnect(self) -> None: ...
    async def publish(self, channel: str, message: Message) -> None: ...
    def deliver(self, channel: str, message: Message) -> None:
        """To this process's subscribers only."""
        ...
    def subscribe(self, channel: str) -> Any:
        """An async context manager yielding a `Subscriber`."""
        ...


class LocalFanout:
    """This process's subscribers, by channel. Hooks let a backend follow the channels."""

    def __init__(self) -> None:
        self.subscribers: dict[str, set[Subscriber]] = defaultdict(set)

    def deliver(self, channel: str, message: Message) -> None:
        for subscriber in list(self.subscribers.get(channel, ())):
            subscriber.deliver(message)

    async def first_subscriber(self, channel: str) -> None:
        """Called when a channel gains its first local subscriber."""

    async def last_unsubscribed(self, channel: str) -> None:
        """Called when a channel loses its last local subscriber."""

    async def following(self, channel: str) -> None:
        """Returns once messages published on `channel` reach this process (every
        subscriber waits for it, so none misses what is published after it entered)."""

    @asynccontextmanager
    async def subscribe(self, channel: str) -> AsyncIterator[Subscriber]:
        subscriber = Subscriber(channel)
        first = not self.subscribers.get(channel)
        self.subscribers[channel].add(subscriber)
        try:
            if first:
                await self.first_subscriber(channel)
            await self.following(channel)
            yield subscriber
        finally:
            self.subscribers[channel].discard(subscriber)
            if not self.subscribers[channel]:
                del self.subscribers[channel]
                await self.last_unsubscribed(channel)

    def close_all(self) -> None:
        for subscribers in self.subscribers.values():
            for subscriber in subscribers:
                subscriber.deliver(None)


def make_broker(redis_url: str | None) -> Broker:
    """Redis when a URL is given, else in-memory (one process)."""
    if redis_url:
        from app.realtime.redis import RedisBroker

        return RedisBroker(redis_url)
    from app.realtime.memory import MemoryBroker

    return MemoryBroker()
