"""The host's settings of a room after its creation (issue 37.4): public or private,
spectators on or off, the turn timer. Part of `Repository` (app/db/repository.py).

A timer chosen while the room waits is its `turn_timer` at once (the game it waits for
starts with it); chosen while a game runs or is over, it is `next_turn_timer`, which the
next game takes (app/db/moves.py: `begin_game`, `reopen`): the running game's deadlines
stay as its players were told.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import case, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.db.models import RoomRow
from app.db.moves import lock_room
from app.db.records import now
from app.db.records import rowcount as _rowcount


class RoomSettings:
    sessions: async_sessionmaker[AsyncSession]

    async def change_settings(self, code: str, *, public: bool | None = None,
                              spectators: bool | None = None,
                              turn_timer: int | None = None) -> bool:
        """Write the settings given (None: as it is), in one UPDATE; False when there
        is no such room."""
        values: dict[str, Any] = {"updated_at": now()}
        if public is not None:
            values["public"] = public
        if spectators is not None:
            values["spectators"] = spectators
        if turn_timer is not None:
            waiting = RoomRow.status == "waiting"  # judged by the UPDATE, under the lock
            values["turn_timer"] = case((waiting, turn_timer), else_=RoomRow.turn_timer)
            values["next_turn_timer"] = case((waiting, None), else_=turn_timer)
        async with self.sessions.begin() as session:
            await lock_room(session, code)  # not in the middle of a start
            result = await session.execute(
                update(RoomRow).where(RoomRow.code == code).values(**values))
            return _rowcount(result) == 1
