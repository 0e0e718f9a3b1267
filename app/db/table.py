"""The table between games (issue 37): the host's choice of the next game for the same
room, and the retention of idle rooms. Part of `Repository` (app/db/repository.py).

The next game keeps the room's people: its seats are the people first (in their seat
order), then the bots, then empty seats, as many as the new game is played with. Each
keeps their token, so the evening's standings follow them (app/rooms/standings.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import and_, delete, exists, func, insert, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.db.models import ChatRow, GameRow, MoveRow, RoomRow, SeatRow
from app.db.moves import lock_room
from app.db.records import now
from app.db.records import rowcount as _rowcount


@dataclass(frozen=True)
class Pruned:
    """What one pass of the retention did: rooms never played, deleted; idle rooms whose
    live state (an unfinished game, the chat) was dropped, records kept."""

    deleted: tuple[str, ...]
    emptied: tuple[str, ...]


class TableChanges:
    sessions: async_sessionmaker[AsyncSession]

    async def change_game(self, code: str, from_version: int, game_id: str,
                          options: dict[str, Any], seat_count: int) -> int | None:
        """The room waits for `game_id` with `seat_count` seats at `from_version` + 1,
        its people carried over; None when the room is not at `from_version` between
        games any more, or holds more people than `seat_count` (another writer came
        first: the caller reads it again and says why)."""
        async with self.sessions.begin() as session:
            await lock_room(session, code)
            room = await session.scalar(select(RoomRow).where(
                RoomRow.code == code, RoomRow.version == from_version,
                RoomRow.status.in_(("waiting", "finished"))))
            if room is None:
                return None
            seats = list(await session.scalars(
                select(SeatRow).where(SeatRow.room_code == code).order_by(SeatRow.index)))
            people = [s for s in seats if s.name is not None and not s.bot]
            bots = [s for s in seats if s.bot]
            if len(people) > seat_count:
                return None
            kept = (people + bots)[:seat_count]
            host = next((new for new, s in enumerate(kept) if s.index == room.host_seat), None)
            rows = [{"room_code": code, "index": new, "name": s.name,
                     "token_hash": s.token_hash, "bot": s.bot, "bot_level": s.bot_level,
                     "away": False, "timeouts": 0, "rematch": False}
                    for new, s in enumerate(kept)]
            rows += [{"room_code": code, "index": new, "name": None, "token_hash": None,
                      "bot": False, "bot_level": None, "away": False, "timeouts": 0,
                      "rematch": False} for new in range(len(kept), seat_count)]
            await session.execute(delete(SeatRow).where(SeatRow.room_code == code))
            await session.execute(insert(SeatRow), rows)
            await session.execute(update(RoomRow).where(RoomRow.code == code).values(
                game_id=game_id, options=options, seat_count=seat_count, status="waiting",
                version=from_version + 1, state=None, deadlines=None, host_seat=host,
                turn_timer=func.coalesce(RoomRow.next_turn_timer, RoomRow.turn_timer),
                next_turn_timer=None, updated_at=now()))
            return from_version + 1

    async def past_player(self, code: str, key: str) -> bool:
        """Whether `key` (a token's hash) played a recorded game of the room."""
        async with self.sessions() as session:
            keys = await session.scalars(select(GameRow.player_keys).where(
                GameRow.room_code == code, GameRow.player_keys.is_not(None)))
            return any(key in (k or []) for k in keys)

    async def prune_idle(self, before: datetime) -> Pruned:
        """Rooms with no change since `before`: one nobody ever played is deleted; any
        other drops its live state (an unfinished game's moves, its state, the chat)
        and waits at its table with its seats and its finished games' records."""
        async with self.sessions.begin() as session:
            idle = RoomRow.updated_at < before
            unplayed = list(await session.scalars(
                select(RoomRow.code).where(idle, RoomRow.game_no == 0)))
            live = list(await session.scalars(select(RoomRow.code).where(
                idle, RoomRow.game_no > 0,
                # (a waiting room holds no state: the JSON column's None is JSON null)
                or_(RoomRow.status != "waiting",
                    exists().where(ChatRow.room_code == RoomRow.code)))))
            for code in unplayed:
                await session.execute(delete(SeatRow).where(SeatRow.room_code == code))
                await session.execute(delete(ChatRow).where(ChatRow.room_code == code))
                await session.execute(delete(RoomRow).where(RoomRow.code == code))
            for code in live:
                await lock_room(session, code)
                room = await session.scalar(select(RoomRow).where(RoomRow.code == code))
                assert room is not None
                if room.status == "playing":  # never finished: no record to keep
                    await session.execute(delete(MoveRow).where(and_(
                        MoveRow.room_code == code, MoveRow.game_no == room.game_no)))
                await session.execute(delete(ChatRow).where(ChatRow.room_code == code))
                await session.execute(update(SeatRow).where(SeatRow.room_code == code)
                                      .values(away=False, timeouts=0, rematch=False))
                result = await session.execute(
                    update(RoomRow).where(RoomRow.code == code, RoomRow.version == room.version)
                    .values(status="waiting", state=None, deadlines=None,
                            version=room.version + 1))
                assert _rowcount(result) == 1  # under the room's lock
            return Pruned(tuple(unplayed), tuple(live))
