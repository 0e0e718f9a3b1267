"""One lock per room: the same one while it is held or recent, a bounded table."""

from __future__ import annotations

import asyncio
import gc

from app.rooms.locks import RECENT, RoomLocks


async def test_a_room_has_one_lock_while_held_or_recent_and_the_table_stays_bounded() -> None:
    locks = RoomLocks()
    held = locks("held")
    async with held:
        for i in range(RECENT + 10):  # "held" falls out of the recent rooms ...
            locks(f"r{i}")
        assert locks("held") is held  # ... and is still the one lock of its room
    assert locks("r5") is locks("r5")
    del held
    for i in range(3 * RECENT):
        locks(f"s{i}")
    gc.collect()
    assert len(locks._recent) == RECENT and len(locks._locks) <= RECENT + 1


async def test_a_room_lock_is_taken_in_turn_and_a_cancelled_waiter_gives_its_turn_on() -> None:
    lock = RoomLocks()("room")
    order: list[str] = []

    async def hold(name: str, until: asyncio.Event | None = None) -> None:
        async with lock:
            order.append(name)
            if until is not None:
                await until.wait()

    release = asyncio.Event()
    first = asyncio.create_task(hold("first", release))
    await asyncio.sleep(0)
    assert lock.locked()
    gone = asyncio.create_task(hold("gone"))
    last = asyncio.create_task(hold("last"))
    await asyncio.sleep(0)
    gone.cancel()  # a waiter that gave up: it must neither take the lock nor block it
    await asyncio.sleep(0)
    release.set()
    await asyncio.gather(first, last)
    assert gone.cancelled() and order == ["first", "last"]
    assert not lock.locked()
    async with lock:  # free again, with the waiters' deque left behind: taken at once
        assert lock.locked()
    assert not lock.locked()
