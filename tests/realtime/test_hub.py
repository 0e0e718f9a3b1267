"""Presence across processes: reports are merged, answered once, and expire."""

from __future__ import annotations

import asyncio
import contextlib

from app.realtime.hub import PRESENCE_TTL, Hub
from app.realtime.memory import MemoryBroker


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def test_presence_of_two_processes_is_merged_and_expires() -> None:
    broker = MemoryBroker()
    clock = Clock()
    here, there = Hub(broker, clock), Hub(broker, clock)
    conn = await here.join("abc", 0)
    report = {"kind": "presence", "room": "abc", "origin": there.origin, "seats": [1],
              "spectators": 2}
    assert here.observe(report) is True  # a newcomer: answer it once
    assert here.observe(report) is False
    assert here.connected_seats("abc") == {0, 1} and here.spectators("abc") == 2
    clock.now += PRESENCE_TTL + 1  # the other process went silent
    assert here.connected_seats("abc") == {0} and here.spectators("abc") == 0
    here.observe({**report, "seats": [], "spectators": 0})
    assert "abc" in here.local and not here.remote["abc"]
    await here.leave("abc", conn)
    assert here.connected_seats("abc") == set()


async def test_heartbeat_repeats_presence_while_sockets_are_open() -> None:
    broker = MemoryBroker()
    hub = Hub(broker)
    async with broker.subscribe("room:abc") as notices:
        await hub.join("abc", None)
        assert (await notices.get())["spectators"] == 1  # type: ignore[index]
        beat = asyncio.create_task(hub.heartbeat(interval=0.01))
        again = await asyncio.wait_for(notices.get(), 2)
        beat.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await beat
        assert again is not None and again["origin"] == hub.origin
