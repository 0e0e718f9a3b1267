"""The write of a move on SQLite: one trip to the driver's thread per move.

Through SQLAlchemy + aiosqlite a move's transaction (pool checkout, BEGIN, UPDATE,
INSERT, COMMIT, reset on return) was about ten hops between the event loop and the
driver thread, and a fifth of a move's CPU. Here the two statements and the COMMIT run
as ONE function in aiosqlite's worker thread, on one connection this process keeps for
moves. Durability and the race are unchanged: nothing returns before COMMIT, the UPDATE
is conditional on the version (rowcount 1) and (room, version) is unique, so across
processes exactly one writer wins each version. Parameters are made as the columns'
SQLAlchemy bind processors make them (the engine's JSON serialiser, orjson; the SQLite
DATETIME text) but without the processors' wrappers, so the rows are the same as the
ORM path writes (tests/rooms/test_movewriter.py compares them).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.util.concurrency import greenlet_spawn

_ADVANCE = ("UPDATE rooms SET version = ?, state = ?, status = ?, updated_at = ? "
            "WHERE code = ? AND version = ? AND status = 'playing'")
_APPEND = ("INSERT INTO moves (room_code, game_no, version, seat, move, events, created_at, "
           "seen_version, to_act) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")


def _write(conn: sqlite3.Connection, advance: tuple[Any, ...],
           append: tuple[Any, ...]) -> bool:
    """Runs in the driver's thread: the whole transaction, committed or rolled back."""
    try:
        if conn.execute(_ADVANCE, advance).rowcount != 1:
            conn.rollback()
            return False
        conn.execute(_APPEND, append)
        conn.commit()
        return True
    except sqlite3.IntegrityError:  # another process stored this version first
        conn.rollback()
        return False
    except BaseException:
        conn.rollback()
        raise


def sqlite_time(at: datetime) -> str:
    """SQLite's DATETIME text of `at` as SQLAlchemy writes it ("2026-12-01 20:43:54.644225",
    the fields as given, no offset): isoformat in C instead of a %-format of seven fields."""
    return at.isoformat(" ", "microseconds")[:26]


class MoveWriter:
    """The move write of one SQLite engine; `None` from `for_engine` elsewhere."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        # the engine's own serialiser (app/db/engine.py: json_text), called directly
        self._j: Any = getattr(engine.dialect, "_json_serializer", None) or json.dumps
        self._raw: Any = None  # the pool connection kept for moves
        self._opening = asyncio.Lock()
        self.closed = False  # after close() the repository writes the ORM way

    @classmethod
    def for_engine(cls, engine: AsyncEngine) -> MoveWriter | None:
        return cls(engine) if engine.dialect.name == "sqlite" else None

    async def _driver(self) -> Any:
        async with self._opening:
            if self._raw is None:
                # Checked out once (it has the pragmas of every connection: WAL, busy
                # timeout); aiosqlite runs calls on it one at a time, and each move is one.
                self._raw = await self.engine.raw_connection()
            return self._raw.driver_connection

    async def commit(self, code: str, version: int, game_no: int, seat: int,
                     move: Any, events: Any, state: Any, status: str, at: datetime,
                     seen: int, to_act: Any) -> bool:
        stamp = sqlite_time(at)
        advance = (version + 1, self._j(state), status, stamp, code, version)
        append = (code, game_no, version + 1, seat, self._j(move), self._j(events), stamp,
                  seen, self._j(to_act))
        driver = await self._driver()
        # aiosqlite's own way to run a function in its thread (`_execute`, `_conn`):
        # the only way to make the transaction one trip.
        ok: bool = await driver._execute(_write, driver._conn, advance, append)
        return ok

    async def close(self) -> None:
        self.closed = True
        raw, self._raw = self._raw, None
        if raw is not None:
            await greenlet_spawn(raw.close)  # back to the pool (a reset: async)
