"""Notices the bus refused go out again once it takes them, only what still matters
(app/realtime/republish.py), in order, and none after it gave up or was closed."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from app.realtime import republish
from app.realtime.memory import MemoryBroker
from app.realtime.republish import Republisher


class Refusing(MemoryBroker):
    """The memory broker, refusing the first `refusals` publishes (a bus away)."""

    def __init__(self, refusals: int) -> None:
        super().__init__()
        self.refusals = refusals
        self.published: list[dict[str, Any]] = []

    async def publish(self, channel: str, message: dict[str, Any]) -> None:
        if self.refusals:
            self.refusals -= 1
            raise ConnectionError("the bus is away")
        self.published.append(message)
        await super().publish(channel, message)


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(republish, "REPUBLISH_SECONDS", (0.01, 0.02, 0.05))


async def settle(again: Republisher) -> None:
    for _ in range(200):
        if not again.tasks:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("still publishing")


async def test_the_newest_state_one_room_notice_and_the_last_chat_lines_go_out() -> None:
    bus = Refusing(refusals=2)
    again = Republisher(bus)
    again.later("room:a", {"kind": "state", "version": 2, "id": 1})
    again.later("room:a", {"kind": "room", "id": 2})
    for n in range(republish.CHAT_KEPT + 5):
        again.later("room:a", {"kind": "chat", "id": 10 + n})
    again.later("room:a", {"kind": "state", "version": 3, "id": 99})
    again.later("room:b", {"kind": "room", "id": 7})
    await settle(again)
    mine = [m for m in bus.published if m["id"] != 7]
    assert mine[0] == {"kind": "room", "id": 2}
    assert [m["id"] for m in mine[1:-1]] == list(range(15, 15 + republish.CHAT_KEPT))
    assert mine[-1] == {"kind": "state", "version": 3, "id": 99}
    assert {"kind": "room", "id": 7} in bus.published
    assert not again.pending


async def test_it_gives_up_after_its_last_try_and_close_stops_it() -> None:
    bus = Refusing(refusals=100)
    again = Republisher(bus)
    again.later("room:a", {"kind": "room", "id": 1})
    await settle(again)
    assert bus.published == [] and bus.refusals == 100 - 3 and not again.pending
    bus.refusals = 0
    again.later("room:a", {"kind": "room", "id": 2})
    await again.close()
    await asyncio.sleep(0.05)
    assert bus.published == [] and not again.tasks


async def test_a_notice_that_comes_late_gets_every_try_and_none_after_close() -> None:
    bus = Refusing(refusals=100)  # away for good: each round is one refused publish
    again = Republisher(bus)
    again.later("room:a", {"kind": "room", "id": 1})
    for _ in range(200):
        if bus.refusals <= 98:
            break
        await asyncio.sleep(0.005)
    again.later("room:a", {"kind": "chat", "id": 2})  # two rounds gone: all three again
    await settle(again)
    assert 100 - bus.refusals == 2 + len(republish.REPUBLISH_SECONDS)
    await again.close()
    again.later("room:a", {"kind": "room", "id": 3})
    assert not again.tasks and not again.pending
