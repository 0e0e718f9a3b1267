"""How long rooms are kept (issue 37.3): a room and its finished games' records stay as
long as the database, so its link always leads to its history. A room nobody touched for
`days` (ROOM_RETENTION_DAYS) drops its live state: a game never finished, the chat; it
then waits at its table with its seats, and the host may start again. A room nobody ever
played in is deleted then. The check runs at start and every hour."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from app.db.records import now
from app.db.table import Pruned
from app.rooms.service import RoomService

EVERY_SECONDS = 3600.0


async def prune(rooms: RoomService, days: float) -> Pruned:
    """One pass; the rooms whose state was dropped are announced (a watcher's page then
    shows the table waiting)."""
    pruned = await rooms.repo.prune_idle(now() - timedelta(days=days))
    for code in pruned.emptied:
        room = await rooms.repo.load(code)
        if room is not None:
            await rooms.notices.announce(code, state=room.version)
    return pruned


async def keep(rooms: RoomService, days: float, every: float = EVERY_SECONDS) -> None:
    """The retention's loop (a task of the app's lifespan; 0 days: rooms keep their
    state for ever)."""
    if days <= 0:
        return
    while True:
        await prune(rooms, days)
        await asyncio.sleep(every)
