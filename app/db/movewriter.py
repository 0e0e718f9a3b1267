"""The write of moves on SQLite: one trip to the driver's thread and one COMMIT for every
move that is waiting (group commit).

Through SQLAlchemy + aiosqlite a move's transaction was about ten hops between the event
loop and the driver thread, and a fifth of a move's CPU; then one trip per move, each
with its own COMMIT (WAL, synchronous FULL: an fsync each). Under load many rooms move at
once, so the moves queued while the thread runs a batch (or in the same loop tick) go
together: ONE function in the writer's own thread, on its own connection (the
engine's pragmas, app/db/engine.py), one transaction, each move its own
conditional UPDATE and INSERT. A move that loses its race (rowcount 0, or (room,
version) taken by another process) is undone alone and reported False to its own
caller; the others commit (`_write`: a loss at the INSERT sends the batch again with
each move in its own SAVEPOINT). Nothing is acknowledged before the COMMIT
that holds it, and an error in a batch fails every move of it (all rolled back). A lone
move never waits for company: there is no timer, only what is already queued goes.
Parameters are made as the columns' SQLAlchemy bind processors make them (the engine's
JSON serialiser, orjson; the SQLite DATETIME text) without the processors' wrappers, so
the rows are the same as the ORM path writes (tests/rooms/test_movewriter.py).
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from functools import partial
from typing import Any, TypeVar

from sqlalchemy.ext.asyncio import AsyncEngine

from app.db.engine import SQLITE_TIMEOUT, json_text, sqlite_pragmas
from app.db.game_records import INSERT_GAME
from app.db.moves import HELD
from app.db.pgwriter import PgMoveWriter

_ADVANCE = ("UPDATE rooms SET version = ?, state = ?, status = ?, updated_at = ? "
            "WHERE code = ? AND version = ? AND status = 'playing'")
# The same for a move after which the game goes on (nearly all): the status stays
# 'playing', and an UPDATE that names `status` rewrites its index entry (ix_rooms_status)
# even when the value is the same: the same row, one index write less a move.
_PLAYED = ("UPDATE rooms SET version = ?, state = ?, updated_at = ? "
           "WHERE code = ? AND version = ? AND status = 'playing'")
# Each as the move's seat is held (app/db/moves.py's HELD): the service's every move.
_HELD = " AND " + HELD.format(code="?", seat="?", holder="?")
_ADVANCE_HELD, _PLAYED_HELD = _ADVANCE + _HELD, _PLAYED + _HELD
_APPEND = ("INSERT INTO moves (room_code, game_no, version, seat, move, events, created_at, "
           "seen_version, to_act) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")

# Turn timers (app/rooms/timers.py): the room's new deadlines; a seat's timeout counted
# (the second in a row makes it away) or cleared. As app/db/moves.py's ORM statements.
_DEADLINES = "UPDATE rooms SET deadlines = ? WHERE code = ?"
_TIMED_OUT = ('UPDATE seats SET timeouts = timeouts + 1, away = CASE WHEN timeouts >= 1 '
              'THEN 1 ELSE away END WHERE room_code = ? AND "index" = ?')
_CLEARED = ('UPDATE seats SET timeouts = 0, away = 0 WHERE room_code = ? AND "index" = ? '
            "AND (away IS 1 OR timeouts > 0)")

# The move that ends a game writes the game's record (issue 14), after its own INSERT:
# app/db/game_records.py's INSERT_GAME itself (sqlite3 takes its :named parameters; its
# subquery finds the game's first move, so the finishing move must already be in the log).
_GAME: str = INSERT_GAME.text

T = TypeVar("T")

Statements = tuple[tuple[str, tuple[Any, ...] | dict[str, Any]], ...]
# A move: the room's UPDATE (_ADVANCE or _PLAYED) and its parameters, the INSERT's
# parameters, the timers' statements (if any, before the INSERT) and the game's record
# (if it ends the game, after it)
Move = tuple[str, tuple[Any, ...], tuple[Any, ...], Statements, Statements]


class _Taken(Exception):
    """A move of a batch lost after its UPDATE had changed the room: undone only by
    writing the batch again, each move in its own savepoint."""


def _one(conn: sqlite3.Connection, update: str, advance: tuple[Any, ...],
         append: tuple[Any, ...], timers: Statements, after: Statements,
         undone: bool = True) -> bool:
    """One move's statements in the open transaction. A loss at the UPDATE (the room
    is past the version) changed nothing; a loss at the INSERT (another process stored
    this version, or the game, first) is False when the caller undoes it (`undone`: a
    lone move's rollback, a savepoint), else _Taken."""
    if conn.execute(update, advance).rowcount != 1:
        return False
    for sql, params in timers:
        conn.execute(sql, params)
    try:
        conn.execute(_APPEND, append)
        for sql, params in after:
            conn.execute(sql, params)
    except sqlite3.IntegrityError:
        if not undone:
            raise _Taken from None
        return False
    return True


def _plain_batch(conn: sqlite3.Connection, moves: list[Move]) -> bool:
    """True when the batch was plain moves and is committed, in two `executemany` calls;
    False leaves a transaction begun again with nothing written (a move of it lost, or
    one has more to write than its UPDATE and INSERT)."""
    update = moves[0][0]
    if not all(m[0] == update and not m[3] and not m[4] for m in moves):
        return False
    try:
        if conn.executemany(update, [m[1] for m in moves]).rowcount == len(moves):
            conn.executemany(_APPEND, [m[2] for m in moves])
            conn.commit()
            return True
    except sqlite3.IntegrityError:  # another process stored a version first
        pass
    conn.rollback()
    conn.execute("BEGIN IMMEDIATE")
    return False


def _in_savepoints(conn: sqlite3.Connection, moves: list[Move]) -> list[bool]:
    """The batch again, from the start, each move in its savepoint."""
    conn.rollback()
    conn.execute("BEGIN IMMEDIATE")  # savepoints nest in it (a first SAVEPOINT
    won_list = []  # would begin a transaction its RELEASE commits)
    for move in moves:
        conn.execute("SAVEPOINT move")
        won = _one(conn, *move)
        if not won:
            conn.execute("ROLLBACK TO move")
        conn.execute("RELEASE move")
        won_list.append(won)
    return won_list


def _write(conn: sqlite3.Connection, moves: list[Move]) -> list[bool]:
    """Runs in the driver's thread: the whole batch, committed or rolled back. A lone
    move needs no savepoint: its loss rolls the transaction back. Nor does a batch, as
    long as no move loses after its UPDATE (rare: only the second guard, a (room,
    version) stored by another process while the room row was not yet past it): a move
    that loses at its UPDATE changed nothing. A SAVEPOINT and a RELEASE per move were
    two of its four statements, each a trip into SQLite and back for the GIL.

    A batch of plain moves (the same UPDATE, no timer's or game's statement: nearly
    all) goes in two `executemany` calls, one cursor and statement look-up each instead
    of one per move; when a move of it lost, the batch goes again move by move, the
    only way to tell which."""
    try:
        if len(moves) == 1:
            won = _one(conn, *moves[0])
            conn.commit() if won else conn.rollback()
            return [won]
        conn.execute("BEGIN IMMEDIATE")
        if _plain_batch(conn, moves):
            return [True] * len(moves)
        try:
            won_list = [_one(conn, *move, undone=False) for move in moves]
        except _Taken:
            won_list = _in_savepoints(conn, moves)
        conn.commit()
        return won_list
    except BaseException:
        conn.rollback()
        raise


def sqlite_time(at: datetime) -> str:
    """SQLite's DATETIME text of `at` as SQLAlchemy writes it ("2026-12-01 20:43:54.644225",
    the fields as given, no offset): isoformat in C instead of a %-format of seven fields."""
    return at.isoformat(" ", "microseconds")[:26]


class MoveWriter:
    """The move write of one SQLite engine (`for_engine` picks the writer)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.database: str = engine.url.database or ""
        self._j = json_text  # the engine's own serialiser (app/db/engine.py), called directly
        # The moves' connection, opened at the first batch and used in this one thread
        # only: a batch is one call there, the one trip. (aiosqlite, the engine's
        # driver, has no public way to run one function in its thread.)
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="moves")
        self._connection: sqlite3.Connection | None = None
        self._queue: list[tuple[Move, asyncio.Future[bool]]] = []
        self._drainer: asyncio.Task[None] | None = None
        self.closed = False  # after close() the repository writes the ORM way

    timers = True  # turn-timer moves too (deadlines, timeouts)
    games = True  # and the move that ends a game, with the game's record

    @classmethod
    def for_engine(cls, engine: AsyncEngine) -> MoveWriter | PgMoveWriter | None:
        """SQLite's group commit, PostgreSQL's one-statement write (asyncpg), or None."""
        if engine.dialect.name == "sqlite":
            # (a database in memory is the engine's connection's alone)
            return cls(engine) if engine.url.database not in (None, "", ":memory:") else None
        if engine.dialect.name == "postgresql" and engine.dialect.driver == "asyncpg":
            return PgMoveWriter(engine)
        return None

    async def call(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """`fn(connection)` in the writer's thread, on its connection (opened at the
        first call)."""
        return await asyncio.get_running_loop().run_in_executor(
            self._thread, self._on_connection, fn)

    def _on_connection(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        connection = self._connection
        if connection is None:
            connection = self._connection = sqlite3.connect(
                self.database, timeout=SQLITE_TIMEOUT, check_same_thread=False)
            sqlite_pragmas(connection)
        return fn(connection)

    def _close(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            connection.close()

    async def commit(self, code: str, version: int, game_no: int, seat: int,
                     move: Any, events: Any, state: Any, status: str, at: datetime,
                     seen: int, to_act: Any, deadlines: dict[str, int] | None = None,
                     timeout: bool | None = None, game: dict[str, Any] | None = None,
                     holder: str | None = None) -> bool:
        """True once the COMMIT holding the move is done; False if it lost its version
        (or its seat). `deadlines`, `timeout`, `game`, `holder`: as
        `Repository.commit_move` (app/db/moves.py)."""
        stamp = sqlite_time(at)
        advance: tuple[Any, ...]
        if status == "playing":
            update, advance = _PLAYED, (version + 1, self._j(state), stamp, code, version)
        else:
            update, advance = _ADVANCE, (version + 1, self._j(state), status, stamp, code,
                                         version)
        if holder is not None:
            update = _PLAYED_HELD if update is _PLAYED else _ADVANCE_HELD
            advance = (*advance, code, seat, holder)
        append = (code, game_no, version + 1, seat, self._j(move), self._j(events), stamp,
                  seen, self._j(to_act))
        timers: Statements = ()
        if deadlines is not None or timeout is not None:
            timers = tuple(
                ([(_DEADLINES, (self._j(deadlines), code))] if deadlines is not None else [])
                + ([(_TIMED_OUT if timeout else _CLEARED, (code, seat))]
                   if timeout is not None else []))
        after: Statements = ()
        if game is not None:  # the values game_records.game_values made
            j = self._j
            after = ((_GAME, {"code": code, "game_no": game_no, "game_id": game["game_id"],
                              "options": j(game["options"]), "seed": game["seed"],
                              "players": j(game["players"]),
                              "player_keys": j(game["player_keys"]), "in_code": code,
                              "in_game_no": game_no, "outcome": j(game["outcome"]),
                              "at": stamp}),)
        # The loop from the drainer when there is one (most moves of a batch): on
        # Python 3.11 each get_running_loop() is a getpid system call.
        drainer = self._drainer
        loop = asyncio.get_running_loop() if drainer is None else drainer.get_loop()
        done: asyncio.Future[bool] = loop.create_future()
        self._queue.append(((update, advance, append, timers, after), done))
        if drainer is None:  # it starts after this tick: the tick's moves join
            self._drainer = loop.create_task(self._drain())
        return await done

    async def _drain(self) -> None:
        """Batches until the queue is empty; each batch is what queued meanwhile."""
        try:
            while self._queue:
                batch, self._queue = self._queue, []
                try:
                    results = await self.call(partial(_write, moves=[m for m, _ in batch]))
                except BaseException as exc:  # every move of the batch fails with it
                    for _, done in batch:
                        if not done.done():
                            done.set_exception(exc)
                    if not isinstance(exc, Exception):
                        raise
                    continue
                for (_, done), won in zip(batch, results, strict=True):
                    if not done.done():  # (a caller cancelled meanwhile)
                        done.set_result(won)
        finally:
            self._drainer = None

    async def close(self) -> None:
        self.closed = True
        if self._drainer is not None:
            await asyncio.shield(self._drainer)  # the moves already sent end first
        if self._connection is not None:  # (the thread is idle now: nothing is queued)
            await asyncio.get_running_loop().run_in_executor(self._thread, self._close)
        self._thread.shutdown(wait=False)
