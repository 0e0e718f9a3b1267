"""One lock per room: the same one while it is held or recent, a bounded table."""

from __future__ import annotations

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
