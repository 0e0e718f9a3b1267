"""The Redis broker: several app processes behind a proxy serve the same rooms.

One Redis pub/sub connection per process follows exactly the channels this process has
local subscribers for; one reader task hands each message to the local fan-out. A new
subscription counts once Redis has confirmed it (the reader sees the confirmation), so
a subscriber misses nothing published after `subscribe` has let it in.

When the pub/sub connection drops (Redis restarted, a network blip), redis-py connects
again and subscribes again on the next read; what was published in between is gone. So
each channel followed here gets a `{kind: resync}` of its own once Redis confirms it
again: its room reads what it missed, and its sockets are sent where it stands.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

import redis.asyncio as aioredis

from app.realtime.broker import LocalFanout, Message

log = logging.getLogger(__name__)

# How long a subscriber waits for Redis to confirm its channel; then it goes on (a slow
# Redis must not hang a socket, and what it misses it catches up by version).
CONFIRM_SECONDS = 5.0


class RedisBroker(LocalFanout):
    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url
        self.client: aioredis.Redis | None = None
        self.pubsub: Any = None
        self.reader: asyncio.Task[None] | None = None
        self.confirming: dict[str, asyncio.Future[None]] = {}  # SUBSCRIBE sent, not confirmed
        self.lost: set[str] = set()  # followed when the connection dropped: to resync

    async def connect(self) -> None:
        self.client = aioredis.from_url(self.url, decode_responses=True)
        await self.client.ping()
        self.pubsub = self.client.pubsub()
        # A pubsub needs one subscription before get_message may be called.
        await self.pubsub.subscribe("stammtisch:hello")
        self.reader = asyncio.create_task(self._read())

    async def disconnect(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.reader
        if self.pubsub is not None:
            await self.pubsub.aclose()
        if self.client is not None:
            await self.client.aclose()
        self.close_all()

    async def publish(self, channel: str, message: Message) -> None:
        assert self.client is not None, "RedisBroker.connect() first"
        await self.client.publish(channel, json.dumps(message))

    async def first_subscriber(self, channel: str) -> None:
        self.confirming[channel] = asyncio.get_running_loop().create_future()
        await self.pubsub.subscribe(channel)

    async def following(self, channel: str) -> None:
        confirmed = self.confirming.get(channel)
        if confirmed is None:
            return
        try:
            await asyncio.wait_for(asyncio.shield(confirmed), CONFIRM_SECONDS)
        except TimeoutError:
            log.warning("redis did not confirm the subscription to %s in time", channel)

    async def last_unsubscribed(self, channel: str) -> None:
        # nobody follows it here now: nothing to confirm or to resync (both grew with
        # every room whose confirmation or reconnection its last socket did not wait for)
        self.confirming.pop(channel, None)
        self.lost.discard(channel)
        with contextlib.suppress(Exception):
            await self.pubsub.unsubscribe(channel)

    async def _read(self) -> None:
        while True:
            try:
                raw = await self.pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception:  # a dropped connection: redis-py reconnects on next call
                log.exception("redis pub/sub read failed")
                self.lost.update(self.subscribers)
                await asyncio.sleep(0.5)
                continue
            if raw is not None and raw.get("type") == "subscribe":
                confirmed = self.confirming.pop(raw["channel"], None)
                if confirmed is not None and not confirmed.done():
                    confirmed.set_result(None)
                if raw["channel"] in self.lost:  # followed again: what did it miss?
                    self.lost.discard(raw["channel"])
                    self.deliver(raw["channel"], {"kind": "resync"})
                continue
            if raw is None or raw.get("type") != "message":
                continue
            try:
                message = json.loads(raw["data"])
            except (TypeError, ValueError):
                continue
            self.deliver(raw["channel"], message)
