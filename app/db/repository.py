"""Reads and writes of rooms, seats, moves and chat: the only SQL in the app.

Every write that must not race is a conditional UPDATE checked by its rowcount
(`... WHERE version = :v`, `... WHERE token_hash IS NULL`), so two processes on one
database cannot both win; the move log's unique (room, version) is the second guard.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    CursorResult,
    DateTime,
    bindparam,
    case,
    delete,
    func,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from app.db.models import ChatRow, MoveRow, RoomRow, SeatRow
from app.db.records import INSERT_GAME


def now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class SeatRecord:
    index: int
    name: str | None
    token_hash: str | None
    bot: bool
    level: str | None = None
    away: bool = False  # a bot plays for this person (turn timers)
    timeouts: int = 0  # timeouts in a row


@dataclass(frozen=True)
class MoveRecord:
    """One stored move as the live room keeps it: who, its events, who acts after."""

    version: int
    seat: int
    events: tuple[dict[str, Any], ...]
    to_act: frozenset[int] | None


@dataclass(frozen=True)
class RoomRecord:
    code: str
    game_id: str
    options: dict[str, Any]
    public: bool
    spectators: bool
    status: str
    version: int
    game_no: int
    seed: int | None
    state: dict[str, Any] | None
    host_token_hash: str
    host_seat: int | None
    seats: tuple[SeatRecord, ...]
    turn_timer: int = 0  # seconds per decision; 0: off
    deadlines: dict[str, int] | None = None  # {"seat": epoch ms} of the seats to act


def _count_timeout(code: str, seat: int, timeout: bool) -> Any:
    """The UPDATE of a seat's timeouts in a row: +1 (two make it away), or cleared."""
    where = update(SeatRow).where(SeatRow.room_code == code, SeatRow.index == seat)
    if timeout:
        return where.values(timeouts=SeatRow.timeouts + 1,
                            away=case((SeatRow.timeouts >= 1, True), else_=SeatRow.away))
    return where.where(or_(SeatRow.away.is_(True), SeatRow.timeouts > 0)).values(
        timeouts=0, away=False)


# The statements of a move, made once (their SQL is compiled once per dialect).
_ADVANCE = text(
    "UPDATE rooms SET version = :new_version, state = :state, status = :status, "
    "updated_at = :at WHERE code = :code AND version = :version AND status = 'playing'"
).bindparams(bindparam("state", type_=JSON), bindparam("at", type_=DateTime(timezone=True)))
_APPEND = text(
    "INSERT INTO moves (room_code, game_no, version, seat, move, events, created_at, "
    "seen_version, to_act) VALUES (:code, :game_no, :version, :seat, :move, :events, :at, "
    ":seen, :to_act)"
).bindparams(bindparam("move", type_=JSON), bindparam("events", type_=JSON),
             bindparam("to_act", type_=JSON), bindparam("at", type_=DateTime(timezone=True)))


def _rowcount(result: Any) -> int:
    assert isinstance(result, CursorResult)
    return result.rowcount


class Repository:
    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self.sessions = sessions
        self.engine: AsyncEngine = sessions.kw["bind"]

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
                                 bool(s.away), s.timeouts or 0) for _, s in rows)
        return RoomRecord(
            room.code, room.game_id, room.options, room.public, room.spectators,
            room.status, room.version, room.game_no, room.seed, room.state,
            room.host_token_hash, room.host_seat, seats, room.turn_timer or 0, room.deadlines,
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
        async with self.sessions.begin() as session:
            result = await session.execute(
                update(SeatRow)
                .where(SeatRow.room_code == code, SeatRow.index == index,
                       SeatRow.token_hash.is_(None), SeatRow.name.is_(None))
                .values(name=name, token_hash=token_hash, bot=False, bot_level=None)
            )
            if _rowcount(result) == 1:
                await self._touch(session, code)
            return _rowcount(result) == 1

    async def claim_bot_seat(self, code: str, index: int, name: str, level: str) -> bool:
        """Seat a bot (no token) in an empty seat, only while the room is not finished
        (checked in the same UPDATE)."""
        async with self.sessions.begin() as session:
            result = await session.execute(
                update(SeatRow)
                .where(SeatRow.room_code == code, SeatRow.index == index,
                       SeatRow.token_hash.is_(None), SeatRow.name.is_(None),
                       select(RoomRow.code)
                       .where(RoomRow.code == code, RoomRow.status.in_(("waiting", "playing")))
                       .exists())
                .values(name=name, token_hash=None, bot=True, bot_level=level)
            )
            if _rowcount(result) == 1:
                await self._touch(session, code)
            return _rowcount(result) == 1

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

    async def free_seat(self, code: str, index: int, *, only_status: str | None) -> bool:
        """Empty a seat; with `only_status`, only while the room has that status (checked
        in the same UPDATE, so a concurrent start cannot slip in between)."""
        condition = [SeatRow.room_code == code, SeatRow.index == index]
        if only_status is not None:
            condition.append(
                select(RoomRow.code)
                .where(RoomRow.code == code, RoomRow.status == only_status)
                .exists()
            )
        async with self.sessions.begin() as session:
            result = await session.execute(
                update(SeatRow).where(*condition)
                .values(name=None, token_hash=None, bot=False, bot_level=None)
            )
            if _rowcount(result) != 1:
                return False
            await session.execute(
                update(RoomRow).where(RoomRow.code == code, RoomRow.host_seat == index)
                .values(host_seat=None)
            )
            await self._touch(session, code)
            return True

    async def begin_game(
        self, code: str, from_version: int, from_status: str, state: dict[str, Any], seed: int,
        deadlines: dict[str, int] | None = None,
    ) -> bool:
        """waiting/finished -> playing at version+1 with a fresh state: a new game_no."""
        async with self.sessions.begin() as session:
            result = await session.execute(
                update(RoomRow)
                .where(RoomRow.code == code, RoomRow.version == from_version,
                       RoomRow.status == from_status)
                .values(status="playing", version=from_version + 1, state=state, seed=seed,
                        game_no=RoomRow.game_no + 1, deadlines=deadlines, updated_at=now())
            )
            return _rowcount(result) == 1

    async def reopen(self, code: str, from_version: int) -> bool:
        """finished -> waiting (a rematch with an empty seat): the host starts it."""
        async with self.sessions.begin() as session:
            result = await session.execute(
                update(RoomRow)
                .where(RoomRow.code == code, RoomRow.version == from_version,
                       RoomRow.status == "finished")
                .values(status="waiting", version=from_version + 1, state=None,
                        updated_at=now())
            )
            return _rowcount(result) == 1

    async def commit_move(
        self, code: str, version: int, game_no: int, seat: int, move: dict[str, Any],
        events: list[dict[str, Any]], state: dict[str, Any], status: str,
        seen_version: int | None = None, to_act: list[int] | None = None,
        deadlines: dict[str, int] | None = None, timeout: bool | None = None,
        game: dict[str, Any] | None = None,
    ) -> bool:
        """Store the new state and append the move, in one transaction, iff the room is
        still at `version`. False means another writer got there first. `seen_version`:
        the version the mover saw; `to_act`: the seats to act after this move.
        Turn timers: `deadlines` (when given) replace the room's; `timeout` True counts a
        timeout of `seat` (the second in a row makes it away), False (the person moved)
        clears its count and away. `game` (the move ends the game): the values of the
        game's record (app/db/records.py), written in this transaction."""
        # Two prepared statements on one connection, no ORM unit of work and no
        # statement built per call: this runs for every move.
        at = now()
        try:
            async with self.engine.begin() as connection:
                result = await connection.execute(_ADVANCE, {
                    "code": code, "version": version, "new_version": version + 1,
                    "state": state, "status": status, "at": at,
                })
                if _rowcount(result) != 1:
                    await connection.rollback()
                    return False
                if deadlines is not None:
                    await connection.execute(
                        update(RoomRow).where(RoomRow.code == code)
                        .values(deadlines=deadlines))
                if timeout is not None:
                    await connection.execute(_count_timeout(code, seat, timeout))
                await connection.execute(_APPEND, {
                    "code": code, "game_no": game_no, "version": version + 1, "seat": seat,
                    "move": move, "events": events, "at": at,
                    "seen": version if seen_version is None else seen_version,
                    "to_act": to_act,
                })
                if game is not None:
                    await connection.execute(INSERT_GAME, {
                        **game, "code": code, "game_no": game_no, "at": at,
                        "in_code": code, "in_game_no": game_no})
        except IntegrityError:
            return False
        return True

    async def moves(self, code: str, game_no: int, after_version: int = 0) -> list[MoveRow]:
        async with self.sessions() as session:
            rows = await session.scalars(
                select(MoveRow).where(MoveRow.room_code == code, MoveRow.game_no == game_no,
                                      MoveRow.version > after_version)
                .order_by(MoveRow.version)
            )
            return list(rows)

    async def move_count(self, code: str) -> int:
        async with self.sessions() as session:
            count = await session.scalar(
                select(func.count()).select_from(MoveRow).where(MoveRow.room_code == code)
            )
            return int(count or 0)

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

    @staticmethod
    async def _touch(session: AsyncSession, code: str) -> None:
        await session.execute(update(RoomRow).where(RoomRow.code == code).values(updated_at=now()))
