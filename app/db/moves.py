"""The move log's writes and reads: a game begins, each move advances the room and is
appended in one transaction (the version as optimistic lock), a rematch reopens it.
Part of `Repository` (app/db/repository.py)."""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import (
    JSON,
    DateTime,
    String,
    Table,
    bindparam,
    case,
    func,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from app.db.game_records import INSERT_GAME
from app.db.models import MoveRow, RoomRow, SeatRow
from app.db.records import AWAY_AFTER, SeatRecord, now
from app.db.records import rowcount as _rowcount


def _count_timeout(code: str, seat: int, timeout: bool) -> Any:
    """The UPDATE of a seat's timeouts in a row: +1 (AWAY_AFTER make it away), or cleared."""
    where = update(SeatRow).where(SeatRow.room_code == code, SeatRow.index == seat)
    if timeout:
        return where.values(timeouts=SeatRow.timeouts + 1,
                            away=case((SeatRow.timeouts + 1 >= AWAY_AFTER, True),
                                     else_=SeatRow.away))
    return where.where(or_(SeatRow.away.is_(True), SeatRow.timeouts > 0)).values(
        timeouts=0, away=False)


def seat_holder(seat: SeatRecord) -> str:
    """Who holds a seat, as the move's UPDATE compares it (HELD): a person's token hash,
    "bot" for a bot seat, "" for an empty one."""
    return seat.token_hash or ("bot" if seat.bot else "")


# The seat the move is made for is still held as the mover's process knows it: a player
# the host removed on another process (whose notice is not here yet) moves no more.
HELD = ("EXISTS (SELECT 1 FROM seats WHERE room_code = {code} AND \"index\" = {seat} "
        "AND COALESCE(token_hash, CASE WHEN bot THEN 'bot' ELSE '' END) = {holder})")

# The statements of a move, made once (their SQL is compiled once per dialect).
_ADVANCE = text(
    "UPDATE rooms SET version = :new_version, state = :state, status = :status, "
    "updated_at = :at WHERE code = :code AND version = :version AND status = 'playing' "
    "AND (:holder IS NULL OR " + HELD.format(code=":code", seat=":seat", holder=":holder")
    + ")"
).bindparams(bindparam("state", type_=JSON), bindparam("at", type_=DateTime(timezone=True)),
             bindparam("holder", type_=String))
_APPEND = text(
    "INSERT INTO moves (room_code, game_no, version, seat, move, events, created_at, "
    "seen_version, to_act) VALUES (:code, :game_no, :version, :seat, :move, :events, :at, "
    ":seen, :to_act)"
).bindparams(bindparam("move", type_=JSON), bindparam("events", type_=JSON),
             bindparam("to_act", type_=JSON), bindparam("at", type_=DateTime(timezone=True)))


# A new game's UPDATE, made once (the ORM's statement was built and coerced anew on
# every start and rematch); the columns' own types bind the values, as before.
_ROOMS, _SEATS = cast(Table, RoomRow.__table__), cast(Table, SeatRow.__table__)
_BEGIN = (
    update(_ROOMS)
    .where(_ROOMS.c.code == bindparam("b_code"), _ROOMS.c.version == bindparam("b_version"),
           _ROOMS.c.status == bindparam("b_status"),
           ~select(_SEATS.c.index).where(_SEATS.c.room_code == bindparam("b_code"),
                                        _SEATS.c.name.is_(None)).exists(),
           func.coalesce(_ROOMS.c.next_turn_timer, _ROOMS.c.turn_timer)
           == bindparam("b_timer"))
    .values(status="playing", version=bindparam("b_new_version"), state=bindparam("b_state"),
            seed=bindparam("b_seed"), game_no=_ROOMS.c.game_no + 1,
            deadlines=bindparam("b_deadlines"), updated_at=bindparam("b_at"),
            turn_timer=bindparam("b_timer"), next_turn_timer=None)
)


async def lock_room(session: AsyncSession, code: str) -> None:
    """Take the room's row lock first (PostgreSQL; SQLite writes one at a time anyway):
    seat changes and starts of one room then go one after the other, and the statements
    after it see what the one before committed (READ COMMITTED gives each statement its
    own snapshot; a bare UPDATE that waited on the row would still judge the seats as
    they were when it began, so a start and a leave could both succeed)."""
    await session.execute(select(_ROOMS.c.code).where(_ROOMS.c.code == code)
                          .with_for_update())


class MoveLog:
    sessions: async_sessionmaker[AsyncSession]
    engine: AsyncEngine

    async def begin_game(
        self, code: str, from_version: int, from_status: str, state: dict[str, Any], seed: int,
        deadlines: dict[str, int] | None = None, turn_timer: int = 0,
    ) -> tuple[SeatRecord, ...] | None:
        """waiting/finished -> playing at version+1 with a fresh state: a new game_no,
        only while every seat is taken (a seat change does not move the version, so the
        version alone would not see a seat emptied since the caller's record) and the
        room's next game's timer is still `turn_timer` (the deadlines were made for it;
        the host may have changed it since), which becomes the game's. Returns the seats
        the game begins with (who holds them may have changed since the caller read
        them), or None when the room is no longer as the caller had it."""
        async with self.sessions.begin() as session:
            await lock_room(session, code)
            result = await session.execute(_BEGIN, {
                "b_code": code, "b_version": from_version, "b_status": from_status,
                "b_new_version": from_version + 1, "b_state": state, "b_seed": seed,
                "b_deadlines": deadlines, "b_at": now(), "b_timer": turn_timer})
            if _rowcount(result) != 1:
                return None
            # a new game starts every seat present: the last game's timeouts and
            # "away" stay with it (a rematch was played out by the bots)
            await session.execute(
                update(_SEATS).where(_SEATS.c.room_code == code,
                                     (_SEATS.c.away.is_(True)) | (_SEATS.c.timeouts != 0)
                                     | _SEATS.c.rematch.is_(True))
                .values(away=False, timeouts=0, rematch=False))
            seats = await session.execute(
                select(_SEATS.c.index, _SEATS.c.name, _SEATS.c.token_hash, _SEATS.c.bot,
                       _SEATS.c.bot_level)
                .where(_SEATS.c.room_code == code).order_by(_SEATS.c.index))
            return tuple(SeatRecord(*row) for row in seats)

    async def reopen(self, code: str, from_version: int) -> bool:
        """finished -> waiting (a rematch with an empty seat): the host starts it; the
        agreements to it are spent, and the timer the host chose for it is the room's."""
        async with self.sessions.begin() as session:
            result = await session.execute(
                update(RoomRow)
                .where(RoomRow.code == code, RoomRow.version == from_version,
                       RoomRow.status == "finished")
                .values(status="waiting", version=from_version + 1, state=None,
                        updated_at=now(), next_turn_timer=None,
                        turn_timer=func.coalesce(RoomRow.next_turn_timer,
                                                 RoomRow.turn_timer))
            )
            if _rowcount(result) != 1:
                return False
            await session.execute(update(_SEATS).where(_SEATS.c.room_code == code,
                                                       _SEATS.c.rematch.is_(True))
                                  .values(rematch=False))
            return True

    async def commit_move(
        self, code: str, version: int, game_no: int, seat: int, move: dict[str, Any],
        events: list[dict[str, Any]], state: dict[str, Any], status: str,
        seen_version: int | None = None, to_act: list[int] | None = None,
        deadlines: dict[str, int] | None = None, timeout: bool | None = None,
        game: dict[str, Any] | None = None, holder: str | None = None,
    ) -> bool:
        """Store the new state and append the move, in one transaction, iff the room is
        still at `version`. False means another writer got there first. `seen_version`:
        the version the mover saw; `to_act`: the seats to act after this move.
        Turn timers: `deadlines` (when given) replace the room's; `timeout` True counts a
        timeout of `seat` (the second in a row makes it away), False (the person moved)
        clears its count and away. `game` (the move ends the game): the values of the
        game's record (app/db/game_records.py), written in this transaction. `holder`
        (seat_holder): the move stands only while `seat` is still held so (None: by
        whoever)."""
        # Two prepared statements on one connection, no ORM unit of work and no
        # statement built per call: this runs for every move.
        at = now()
        seen = version if seen_version is None else seen_version
        # Repository's writer (app/db/movewriter.py: SQLite's group commit, PostgreSQL's
        # one statement); on PostgreSQL a game's end and a timer's columns go the ORM way
        # (on SQLite the end of each game went so too: ~1 % of a move's CPU at 50 x 4)
        writer = getattr(self, "writer", None)
        if writer is not None and not writer.closed and (
                (writer.timers or (deadlines is None and timeout is None))
                and (writer.games or game is None)):
            return bool(await writer.commit(code, version, game_no, seat, move, events,
                                            state, status, at, seen, to_act,
                                            deadlines, timeout, game, holder))
        try:
            async with self.engine.begin() as connection:
                result = await connection.execute(_ADVANCE, {
                    "code": code, "version": version, "new_version": version + 1,
                    "state": state, "status": status, "at": at, "seat": seat,
                    "holder": holder,
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
                    "seen": seen,
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
