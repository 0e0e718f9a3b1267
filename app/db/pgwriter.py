"""The write of a move on PostgreSQL (asyncpg): one statement, one round trip.

Through SQLAlchemy a move was a pool checkout with its pre-ping, BEGIN, UPDATE, INSERT,
COMMIT and the reset on return: six round trips and about half of a move's server CPU.
Here the conditional UPDATE and the INSERT are ONE statement (the INSERT takes its row
from the UPDATE's RETURNING), run outside a transaction block, so PostgreSQL runs and
commits it as its own transaction before the reply: nothing returns before the COMMIT,
and the move is all or nothing. The race is unchanged: the UPDATE is conditional on the
version (a second writer waits for the row lock, then finds the version gone and
inserts nothing), and (room, version) is unique. A few connections are kept for moves
(checked out of the engine's pool once, with the dialect's codecs: JSON as text); moves
of different rooms run on them side by side. Parameters are the ORM path's (the engine's
JSON serialiser), so the rows are the same (tests/rooms/test_movewriter.py).
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from app.db.engine import json_text
from app.db.moves import HELD

_MOVE = (
    "WITH advanced AS (UPDATE rooms SET version = $2::integer + 1, state = $3::json, "
    "status = $4::varchar, updated_at = $5::timestamptz WHERE code = $1::varchar "
    "AND version = $2::integer AND status = 'playing'{held} RETURNING code) "
    "INSERT INTO moves (room_code, game_no, version, seat, move, events, created_at, "
    "seen_version, to_act) SELECT code, $6::integer, $2::integer + 1, $7::integer, "
    "$8::json, $9::json, $5::timestamptz, $10::integer, $11::json FROM advanced")
# `held` is app/db/moves.py's HELD (the move's seat still held as the mover knows it)
_HELD = " AND " + HELD.format(code="$1::varchar", seat="$7::integer", holder="$12::varchar")
_MOVE_ANY, _MOVE_HELD = _MOVE.format(held=""), _MOVE.format(held=_HELD)

CONNECTIONS = 4  # kept for moves, per process (the pool has 5 + 10 overflow)


class PgMoveWriter:
    """The common move's write of one PostgreSQL engine (no timer columns, no game end:
    those go the ORM way, `timers` False)."""

    timers = False
    games = False

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._j = json_text  # the engine's own serialiser (app/db/engine.py), called directly
        # CONNECTIONS slots: a kept pool connection and its asyncpg connection, free,
        # or None (not opened yet, or dropped): whoever takes a None opens one
        self._slots: asyncio.Queue[tuple[AsyncConnection, Any] | None] = asyncio.Queue()
        for _ in range(CONNECTIONS):
            self._slots.put_nowait(None)
        self._busy = 0  # moves under way
        self._quiet: asyncio.Future[None] | None = None  # close() waits on it
        self.closed = False

    async def _take(self) -> tuple[AsyncConnection, Any]:
        kept = await self._slots.get()
        if kept is None:
            try:
                connection = await self.engine.connect()
                kept = (connection, (await connection.get_raw_connection()).driver_connection)
            except BaseException:
                self._slots.put_nowait(None)
                raise
        return kept

    def _free(self) -> None:
        self._busy -= 1
        if not self._busy and self._quiet is not None and not self._quiet.done():
            self._quiet.set_result(None)

    async def commit(self, code: str, version: int, game_no: int, seat: int,
                     move: Any, events: Any, state: Any, status: str, at: datetime,
                     seen: int, to_act: Any, deadlines: dict[str, int] | None = None,
                     timeout: bool | None = None, game: dict[str, Any] | None = None,
                     holder: str | None = None) -> bool:
        """True once the move is committed; False if another writer had its version
        (or `holder`, as Repository.commit_move, no longer holds the seat)."""
        if deadlines is not None or timeout is not None or game is not None:
            raise ValueError("Timer columns and a game's end go the ORM way on PostgreSQL.")
        params: tuple[Any, ...] = (code, version, self._j(state), status, at, game_no, seat,
                                   self._j(move), self._j(events), seen, self._j(to_act))
        sql = _MOVE_ANY
        if holder is not None:
            sql, params = _MOVE_HELD, (*params, holder)
        self._busy += 1
        try:
            kept = await self._take()
            try:
                done: str = await kept[1].execute(sql, *params)
            except BaseException as exc:
                if getattr(exc, "sqlstate", None) == "23505":  # unique (room, version)
                    self._slots.put_nowait(kept)
                    return False
                # a connection in an unknown state (a cancel mid-query, a lost server)
                # is not used again
                self._slots.put_nowait(None)
                await asyncio.shield(kept[0].invalidate())
                raise
            self._slots.put_nowait(kept)
        finally:
            self._free()
        return done.endswith(" 1")  # "INSERT 0 1": won; "INSERT 0 0": the version was gone

    async def close(self) -> None:
        self.closed = True
        if self._busy:  # moves under way end first
            self._quiet = asyncio.get_running_loop().create_future()
            await self._quiet
        while not self._slots.empty():
            kept = self._slots.get_nowait()
            if kept is not None:
                await kept[0].close()  # back to the pool (a reset)
