"""Reads and writes of rooms, seats, moves and chat: the only SQL in the app.

Every write that must not race is a conditional UPDATE checked by its rowcount
(`... WHERE version = :v`, `... WHERE token_hash IS NULL`), so two processes on one
database cannot both win; the move log's unique (room, version) is the second guard.
The move log's part is app/db/moves.py, the host's settings' app/db/room_settings.py, the
next game's and the retention's app/db/table.py; the records handed out,
app/db/records.py.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    delete,
    func,
    or_,
    select,
    update,
)
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from sqlalchemy.orm import aliased

from app.db.models import ChatRow, MoveRow, RoomRow, SeatRow
from app.db.moves import MoveLog, lock_room
from app.db.movewriter import MoveWriter
from app.db.records import MoveRecord, RoomRecord, SeatRecord, now
from app.db.records import rowcount as _rowcount
from app.db.room_settings import RoomSettings
from app.db.table import TableChanges

__all__ = ["MoveRecord", "Repository", "RoomRecord", "SeatRecord", "now"]


class Repository(MoveLog, RoomSettings, TableChanges):
    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self.sessions = sessions
        self.engine: AsyncEngine = sessions.kw["bind"]
        self.writer = MoveWriter.for_engine(self.engine)  # SQLite's one-trip move write

    async def close(self) -> None:
        if self.writer is not None:
            await self.writer.close()

    async def create_room(
        self, code: str, game_id: str, options: dict[str, Any], seats: int, public: bool,
        spectators: bool, host_token_hash: str, turn_timer: int = 0,
    ) -> None:
        at = now()
        async with self.sessions.begin() as session:
            session.add(RoomRow(
                code=code, game_id=game_id, options=options, seat_count=seats, public=public,
                spectators=spectators, status="waiting", version=0, game_no=0, seed=None,
                state=None, host_token_hash=host_token_hash, host_seat=None,
                turn_timer=turn_timer, created_at=at, updated_at=at,
            ))
            await session.flush()
            session.add_all(SeatRow(room_code=code, index=i, bot=False) for i in range(seats))

    async def load(self, code: str) -> RoomRecord | None:
        """The room with its seats, in one round trip."""
        async with self.sessions() as session:
            return await self._load(session, code)

    async def load_live(
        self, code: str, after: tuple[int, int] | None = None, chat: int = 0,
    ) -> tuple[RoomRecord, list[MoveRecord], list[ChatRow]] | None:
        """The room, the moves of its current game and the last `chat` lines, in one
        session (a live room is built from this once). With `after=(game_no, version)`
        and the same game still running, only the moves after that version."""
        async with self.sessions() as session:
            room = await self._load(session, code)
            if room is None:
                return None
            since = after[1] if after is not None and after[0] == room.game_no else 0
            rows = await session.execute(
                select(MoveRow.version, MoveRow.seat, MoveRow.events, MoveRow.to_act)
                .where(MoveRow.room_code == code, MoveRow.game_no == room.game_no,
                       MoveRow.version > since, MoveRow.version <= room.version)
                .order_by(MoveRow.version)
            )
            moves = [MoveRecord(v, s, tuple(e), None if t is None else frozenset(t))
                     for v, s, e, t in rows]
            lines = await self._chat(session, code, chat) if chat else []
            return room, moves, lines

    @staticmethod
    async def _load(session: AsyncSession, code: str) -> RoomRecord | None:
        rows = (await session.execute(
            select(RoomRow, SeatRow).join(SeatRow, SeatRow.room_code == RoomRow.code)
            .where(RoomRow.code == code).order_by(SeatRow.index)
        )).all()
        if not rows:
            return None
        room = rows[0][0]
        seats = tuple(SeatRecord(s.index, s.name, s.token_hash, s.bot, s.bot_level,
                                 bool(s.away), s.timeouts or 0, bool(s.rematch))
                      for _, s in rows)
        return RoomRecord(
            room.code, room.game_id, room.options, room.public, room.spectators,
            room.status, room.version, room.game_no, room.seed, room.state,
            room.host_token_hash, room.host_seat, seats, room.turn_timer or 0, room.deadlines,
            room.next_turn_timer,
        )

    async def public_codes(self, limit: int = 100) -> list[str]:
        async with self.sessions() as session:
            rows = await session.scalars(
                select(RoomRow.code)
                .where(RoomRow.public.is_(True), RoomRow.status != "finished")
                .order_by(RoomRow.updated_at.desc())
                .limit(limit)
            )
            return list(rows)

    async def claim_seat(self, code: str, index: int, name: str, token_hash: str) -> bool:
        """Seat a person in an empty seat, only while nobody else in the room has that
        name (two joining at once with one name: the second is refused, not seated)."""
        async with self.sessions.begin() as session:
            # claims of one room one after the other (PostgreSQL: the room's row lock;
            # SQLite writes one at a time anyway), so the name check below sees the
            # claim that came first
            await lock_room(session, code)
            other = aliased(SeatRow)
            result = await session.execute(
                update(SeatRow)
                .where(SeatRow.room_code == code, SeatRow.index == index,
                       SeatRow.token_hash.is_(None), SeatRow.name.is_(None),
                       ~select(other.index).where(
                           other.room_code == code,
                           func.lower(other.name) == name.lower()).exists())
                .values(name=name, token_hash=token_hash, bot=False, bot_level=None,
                        away=False, timeouts=0,  # a new holder: not the last one's clock
                        rematch=False)
            )
            if _rowcount(result) == 1:
                await self._touch(session, code)
            return _rowcount(result) == 1

    async def claim_bot_seat(self, code: str, index: int, name: str, level: str) -> bool:
        """Seat a bot (no token) in an empty seat: before the start, mid-game, or after
        the end for the next game (a bot agrees to it)."""
        async with self.sessions.begin() as session:
            await lock_room(session, code)  # not in the middle of a start
            result = await session.execute(
                update(SeatRow)
                .where(SeatRow.room_code == code, SeatRow.index == index,
                       SeatRow.token_hash.is_(None), SeatRow.name.is_(None))
                .values(name=name, token_hash=None, bot=True, bot_level=level,
                        away=False, timeouts=0, rematch=False)
            )
            if _rowcount(result) == 1:
                await self._touch(session, code)
            return _rowcount(result) == 1

    async def bot_takes_over(self, code: str, index: int, name: str, level: str) -> bool:
        """A bot takes a seat of a running game from whoever holds it (the host removed
        them), in one UPDATE: the seat is never empty for someone else to take."""
        async with self.sessions.begin() as session:
            await lock_room(session, code)
            result = await session.execute(
                update(SeatRow)
                .where(SeatRow.room_code == code, SeatRow.index == index,
                       select(RoomRow.code)
                       .where(RoomRow.code == code, RoomRow.status == "playing").exists())
                .values(name=name, token_hash=None, bot=True, bot_level=level,
                        away=False, timeouts=0)
            )
            if _rowcount(result) != 1:
                return False
            await self._vacated(session, code, index)
            return True

    async def playing_codes_with_bots(self) -> list[str]:
        """Rooms whose game is running and that have a bot seat (to resume at start-up)."""
        async with self.sessions() as session:
            rows = await session.scalars(
                select(RoomRow.code).distinct()
                .join(SeatRow, SeatRow.room_code == RoomRow.code)
                .where(RoomRow.status == "playing",
                       or_(SeatRow.bot.is_(True), SeatRow.away.is_(True)))
            )
            return list(rows)

    async def playing_codes_with_timers(self) -> list[str]:
        """Running games with a turn timer (their deadlines are watched at start-up)."""
        async with self.sessions() as session:
            rows = await session.scalars(
                select(RoomRow.code).where(RoomRow.status == "playing", RoomRow.turn_timer > 0)
            )
            return list(rows)

    async def set_back(self, code: str, index: int, deadlines: dict[str, int] | None,
                       version: int) -> bool:
        """The person of seat `index` is back: not away, no timeouts; with `deadlines`,
        the room's deadlines become these while it is still at `version`."""
        async with self.sessions.begin() as session:
            result = await session.execute(
                update(SeatRow).where(SeatRow.room_code == code, SeatRow.index == index,
                                      or_(SeatRow.away.is_(True), SeatRow.timeouts > 0))
                .values(away=False, timeouts=0)
            )
            if deadlines is not None:
                await session.execute(
                    update(RoomRow).where(RoomRow.code == code, RoomRow.version == version)
                    .values(deadlines=deadlines)
                )
            return _rowcount(result) == 1

    async def set_host_seat(self, code: str, index: int | None) -> None:
        async with self.sessions.begin() as session:
            await session.execute(
                update(RoomRow).where(RoomRow.code == code).values(host_seat=index)
            )

    async def free_seat(self, code: str, index: int, *,
                        only_status: tuple[str, ...] | None) -> bool:
        """Empty a seat; with `only_status`, only while the room has one of those
        statuses (checked in the same UPDATE, so a concurrent start cannot slip in)."""
        condition = [SeatRow.room_code == code, SeatRow.index == index]
        if only_status is not None:
            condition.append(
                select(RoomRow.code)
                .where(RoomRow.code == code, RoomRow.status.in_(only_status))
                .exists()
            )
        async with self.sessions.begin() as session:
            await lock_room(session, code)  # not in the middle of a start
            result = await session.execute(
                update(SeatRow).where(*condition)
                .values(name=None, token_hash=None, bot=False, bot_level=None,
                        away=False, timeouts=0,  # a new holder: not the last one's clock
                        rematch=False)
            )
            if _rowcount(result) != 1:
                return False
            await self._vacated(session, code, index)
            return True

    async def agree_rematch(self, code: str, index: int) -> bool:
        """The person in seat `index` wants the next game, only while the room is
        finished and the seat is a person's (checked in the same UPDATE)."""
        async with self.sessions.begin() as session:
            await lock_room(session, code)  # not in the middle of a start
            result = await session.execute(
                update(SeatRow)
                .where(SeatRow.room_code == code, SeatRow.index == index,
                       SeatRow.token_hash.is_not(None),
                       select(RoomRow.code)
                       .where(RoomRow.code == code, RoomRow.status == "finished").exists())
                .values(rematch=True)
            )
            if _rowcount(result) == 1:
                await self._touch(session, code)
            return _rowcount(result) == 1

    async def add_chat(self, code: str, seat: int | None, name: str, text: str) -> datetime:
        at = now()
        async with self.sessions.begin() as session:
            session.add(ChatRow(room_code=code, seat=seat, name=name, text=text, created_at=at))
        return at

    async def chat(self, code: str, limit: int) -> list[ChatRow]:
        async with self.sessions() as session:
            return await self._chat(session, code, limit)

    @staticmethod
    async def _chat(session: AsyncSession, code: str, limit: int) -> list[ChatRow]:
        rows = await session.scalars(
            select(ChatRow).where(ChatRow.room_code == code)
            .order_by(ChatRow.id.desc()).limit(limit)
        )
        return list(reversed(list(rows)))

    async def delete_room(self, code: str) -> None:
        async with self.sessions.begin() as session:
            await session.execute(delete(RoomRow).where(RoomRow.code == code))

    @classmethod
    async def _vacated(cls, session: AsyncSession, code: str, index: int) -> None:
        """Seat `index` lost its person: it no longer holds the host's rights."""
        await session.execute(
            update(RoomRow).where(RoomRow.code == code, RoomRow.host_seat == index)
            .values(host_seat=None)
        )
        await cls._touch(session, code)

    @staticmethod
    async def _touch(session: AsyncSession, code: str) -> None:
        await session.execute(update(RoomRow).where(RoomRow.code == code).values(updated_at=now()))
