"""Presence across processes: reports are merged, answered once, and expire."""

from __future__ import annotations

import asyncio
import contextlib
import random

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
    here, there = Hub(broker, clock, coalesce=0), Hub(broker, clock, coalesce=0)
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
    hub = Hub(broker, coalesce=0)
    async with broker.subscribe("room:abc") as notices:
        await hub.join("abc", None)
        assert (await notices.get())["spectators"] == 1  # type: ignore[index]
        beat = asyncio.create_task(hub.heartbeat(interval=0.01))
        again = await asyncio.wait_for(notices.get(), 2)
        beat.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await beat
        assert again is not None and again["origin"] == hub.origin


async def test_presence_of_many_joins_is_coalesced_into_one_report() -> None:
    """Joins and leaves within the coalescing window make one report, sent when the
    window is over (the sleep is injected: the test decides when time has passed)."""
    broker = MemoryBroker()
    window = asyncio.Event()

    async def sleep(_: float) -> None:
        await window.wait()

    hub = Hub(broker, coalesce=0.25, sleep=sleep)
    async with broker.subscribe("room:abc") as notices:
        conns = [await hub.join("abc", None) for _ in range(50)]
        await hub.join("abc", 2)
        await hub.leave("abc", conns[0])
        await asyncio.sleep(0)
        assert notices.empty()  # nothing yet: the window is open
        window.set()
        report = await asyncio.wait_for(notices.get(), 2)
        await asyncio.sleep(0)
        assert notices.empty()  # one report for 52 changes
        assert report is not None and report["spectators"] == 49 and report["seats"] == [2]
        window.clear()
        await hub.leave("abc", conns[1])  # a new window: one more report after it
        await asyncio.sleep(0)
        assert notices.empty()
        window.set()
        later = await asyncio.wait_for(notices.get(), 2)
        assert later is not None and later["spectators"] == 48
    await hub.close()


async def test_the_presence_message_is_made_once_per_change_for_all_sockets() -> None:
    broker, clock = MemoryBroker(), Clock()
    hub = Hub(broker, clock, coalesce=0)
    made: list[str] = []

    def make() -> str:
        made.append(text := str(sorted(hub.connected_seats("abc"))))
        return text

    conn = await hub.join("abc", 1)
    assert [hub.presence_text("abc", make) for _ in range(3)] == ["[1]"] * 3
    await hub.join("abc", 2)
    assert hub.presence_text("abc", make) == "[1, 2]"
    hub.observe({"kind": "presence", "room": "abc", "origin": "other", "seats": [0]})
    assert hub.presence_text("abc", make) == "[0, 1, 2]"
    clock.now += PRESENCE_TTL + 1  # the other process's report expired: made again
    assert hub.presence_text("abc", make) == "[1, 2]"
    await hub.leave("abc", conn)
    assert hub.presence_text("abc", make) == "[2]"
    assert made == ["[1]", "[1, 2]", "[0, 1, 2]", "[1, 2]", "[2]"]


async def test_a_crowd_whose_only_news_is_its_spectators_waits_longer_a_seat_does_not(
) -> None:
    """Every report reaches every socket: spectators of a crowded room are counted in a
    window that grows with the room (8 sockets a window), a seat after one window."""
    broker = MemoryBroker()
    windows: list[float] = []
    tick = asyncio.Event()

    async def sleep(seconds: float) -> None:
        windows.append(seconds)
        await tick.wait()
        tick.clear()

    async def windows_until_report() -> int:
        windows.clear()
        for _ in range(100):
            if not notices.empty():
                return len(windows)
            tick.set()
            for _ in range(5):
                await asyncio.sleep(0)
        raise AssertionError("no report")

    hub = Hub(broker, coalesce=0.25, sleep=sleep)
    async with broker.subscribe("room:abc") as notices:
        for _ in range(40):
            await hub.join("abc", None)
        assert await windows_until_report() == 5  # 40 sockets, nothing but spectators
        await notices.get()
        await hub.join("abc", None)  # 41 sockets: still 5 windows
        assert await windows_until_report() == 5
        await notices.get()
        await hub.join("abc", None)
        await hub.join("abc", 3)  # a seat among the news: after one window
        assert await windows_until_report() == 1
        report = await notices.get()
        assert report is not None and report["seats"] == [3] and report["spectators"] == 42
        assert set(windows) == {0.25}
    await hub.close()


async def test_the_counts_of_sockets_here_follow_every_join_move_and_leave() -> None:
    """Presence here is counted as sockets come, change seat and go (not recounted at
    each ask): after any sequence it says what the sockets themselves say."""
    hub = Hub(MemoryBroker(), coalesce=0)
    rng = random.Random(7)
    open_: dict[int, tuple[str, int | None]] = {}
    for _ in range(400):
        step = rng.random()
        if step < 0.5 or not open_:
            code, seat = rng.choice("ab"), rng.choice([None, None, 0, 1, 2])
            open_[await hub.join(code, seat)] = (code, seat)
        elif step < 0.75:
            conn = rng.choice(list(open_))
            code, seat = open_[conn][0], rng.choice([None, 0, 1, 2])
            await hub.move(code, conn, seat)
            open_[conn] = (code, seat)
        else:
            conn = rng.choice(list(open_))
            await hub.leave(open_.pop(conn)[0], conn)
        for code in "ab":
            seats = [seat for c, seat in open_.values() if c == code]
            assert hub.connected_seats(code) == {s for s in seats if s is not None}
            assert hub.spectators(code) == seats.count(None)
    for conn, (code, _) in list(open_.items()):
        await hub.leave(code, conn)
    assert not hub.local and not hub._here


async def test_rooms_stay_remembered_up_to_a_bound_and_a_late_report_keeps_nothing() -> None:
    """Issue 35.6: a room's gone seats were remembered for ever, one entry per room that
    ever had a player here; and a report heard as a room's last socket left made its
    tables again, never to be dropped."""
    broker, clock = MemoryBroker(), Clock()
    hub = Hub(broker, clock, coalesce=0, gone_rooms=3)
    for n in range(5):
        conn = await hub.join(f"room{n}", 0)
        await hub.leave(f"room{n}", conn)
    assert list(hub.gone) == ["room2", "room3", "room4"]  # the least recent went first
    assert hub.gone_since("room4") == {0: hub.gone["room4"][0]}
    assert hub.gone_since("room0") == {}
    late = {"kind": "presence", "room": "room4", "origin": "other", "seats": [1]}
    assert hub.observe(late) is False
    assert "room4" not in hub.remote and "room4" not in hub.local
    assert hub.sizes() == {"presence.rooms_here": (0, None), "presence.gone_rooms": (3, 3)}
