"""The in-process side of the bus (app/realtime/broker.py): a subscriber's notices in
order, a reader that stops waiting loses nothing, a reader that does not keep up has
the newest notices dropped rather than memory grow."""

from __future__ import annotations

import asyncio

from app.realtime.broker import QUEUED, LocalFanout, Subscriber


async def test_notices_reach_every_subscriber_of_the_channel_in_order() -> None:
    fanout = LocalFanout()
    async with fanout.subscribe("room:a") as a, fanout.subscribe("room:a") as b, \
            fanout.subscribe("room:b") as other:
        for version in range(3):
            fanout.deliver("room:a", {"version": version})
        assert [(await a.get())["version"] for _ in range(3)] == [0, 1, 2]  # type: ignore[index]
        assert [(await b.get())["version"] for _ in range(3)] == [0, 1, 2]  # type: ignore[index]
        assert a.empty() and b.empty() and other.empty()


async def test_a_waiting_reader_wakes_and_a_cancelled_one_loses_nothing() -> None:
    subscriber = Subscriber("room:a")
    waiting = asyncio.create_task(subscriber.get())
    await asyncio.sleep(0)
    waiting.cancel()
    await asyncio.sleep(0)
    subscriber.deliver({"version": 1})  # after the reader gave up: kept for the next
    assert await asyncio.wait_for(subscriber.get(), 1) == {"version": 1}
    reader = asyncio.create_task(subscriber.get())
    await asyncio.sleep(0)
    subscriber.deliver({"version": 2})
    assert await asyncio.wait_for(reader, 1) == {"version": 2}


async def test_a_reader_that_does_not_keep_up_has_the_newest_notices_dropped() -> None:
    subscriber = Subscriber("room:a")
    for version in range(QUEUED + 5):
        subscriber.deliver({"version": version})
    got = [await subscriber.get() for _ in range(QUEUED)]
    assert [m["version"] for m in got if m is not None] == list(range(QUEUED))
    assert subscriber.empty()


async def test_the_end_of_the_bus_ends_the_readers_iteration() -> None:
    fanout = LocalFanout()
    async with fanout.subscribe("room:a") as subscriber:
        fanout.deliver("room:a", {"version": 1})
        fanout.close_all()
        assert [m async for m in subscriber] == [{"version": 1}]
