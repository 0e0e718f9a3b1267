"""Group commit on SQLite (app/db/movewriter.py): the moves waiting together go in one
transaction, one COMMIT, each with its own result; a loser is undone alone; an error
fails the whole batch and stores nothing. On a real SQLite file made by the migrations."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from contextlib import closing
from typing import Any

import pytest

from app.db.engine import make_engine, sessions
from app.db.movewriter import _ADVANCE, _write, sqlite_time
from app.db.repository import Repository, now
from app.games.registry import GAMES
from app.realtime.memory import MemoryBroker
from app.rooms.service import RoomService
from tests.rooms.test_service import full_room


@pytest.fixture
async def service(sqlite_url: str, toy: Any) -> AsyncIterator[RoomService]:
    engine = make_engine(sqlite_url)
    broker = MemoryBroker()
    await broker.connect()
    service = RoomService(Repository(sessions(engine)), broker, GAMES, bot_delay_ms=0)
    yield service
    await service.close()
    await broker.disconnect()
    await engine.dispose()


async def _rooms(service: RoomService, n: int) -> list[tuple[str, int, Any]]:
    """n started rooms: (code, version, record)."""
    out = []
    for _ in range(n):
        code, host, _tokens = await full_room(service, 2)
        version = await service.start(code, host)
        record = await service.repo.load(code)
        assert record is not None and record.state is not None
        out.append((code, version, record))
    return out


def service_move(code: str, version: int, record: Any, card: int) -> Any:
    return (code, version, record.game_no, 0, {"type": "pick", "card": card},
            [{"kind": "k", "text": f"{{p0}} played {card}"}], {**record.state, "x": card},
            "playing")


async def _traced(service: RoomService) -> list[str]:
    """The statements the writer's connection runs from now on."""
    writer = service.repo.writer
    assert writer is not None
    statements: list[str] = []
    await writer.call(lambda connection: connection.set_trace_callback(statements.append))
    return statements


async def test_moves_of_several_rooms_submitted_together_commit_once(
    service: RoomService,
) -> None:
    rooms = await _rooms(service, 3)
    statements = await _traced(service)
    results = await asyncio.gather(*(
        service.repo.commit_move(*service_move(code, v, r, i), seen_version=v, to_act=[1])
        for i, (code, v, r) in enumerate(rooms)))
    assert results == [True, True, True]
    assert [s for s in statements if s == "COMMIT"] == ["COMMIT"]
    assert statements.count("BEGIN IMMEDIATE") == 1
    assert not any("SAVEPOINT" in s or "ROLLBACK" in s for s in statements)
    for i, (code, v, r) in enumerate(rooms):
        again = await service.repo.load(code)
        assert again is not None and again.version == v + 1 and again.state["x"] == i
        (row,) = await service.repo.moves(code, r.game_no)
        assert (row.version, row.move, row.to_act) == (v + 1, {"type": "pick", "card": i}, [1])
    # a lone move goes at once, alone: its own COMMIT, no savepoint
    statements.clear()
    code, v, r = rooms[0]
    assert await service.repo.commit_move(*service_move(code, v + 1, r, 9), to_act=[1])
    assert statements.count("COMMIT") == 1 and not any("SAVEPOINT" in s for s in statements)


async def test_a_move_that_lost_its_version_is_undone_alone(
    service: RoomService, sqlite_url: str,
) -> None:
    rooms = await _rooms(service, 3)
    (a, va, _ra), (b, vb, rb), (c, vc, _rc) = rooms
    # another connection (as another process) advances room b first
    path = sqlite_url.removeprefix("sqlite+aiosqlite:///")
    at = sqlite_time(now())
    with closing(sqlite3.connect(path)) as other:
        assert _write(other, [(_ADVANCE, (vb + 1, '{"winner": 1}', "playing", at, b, vb),
                               (b, rb.game_no, vb + 1, 1, '{"w": 1}', "[]", at, vb, "[0]"), (), ())]
                      ) == [True]
    statements = await _traced(service)
    results = await asyncio.gather(*(
        service.repo.commit_move(*service_move(code, v, r, i), to_act=[1])
        for i, (code, v, r) in enumerate(rooms)))
    assert results == [True, False, True]
    # its UPDATE found the room past the version and changed nothing: after the try of
    # the three at once, move by move, no savepoint
    assert statements.count("COMMIT") == 1 and not any("SAVEPOINT" in s for s in statements)
    assert statements.count("BEGIN IMMEDIATE") == 2
    loser = await service.repo.load(b)
    assert loser is not None and (loser.version, loser.state) == (vb + 1, {"winner": 1})
    (row,) = await service.repo.moves(b, rb.game_no)
    assert (row.seat, row.move) == (1, {"w": 1})
    for code, v, i in ((a, va, 0), (c, vc, 2)):
        won = await service.repo.load(code)
        assert won is not None and won.version == v + 1 and won.state["x"] == i
        assert await service.repo.move_count(code) == 1


async def test_a_move_whose_version_was_stored_is_undone_alone_in_a_batch(
    service: RoomService, sqlite_url: str,
) -> None:
    """Room b is still at its version but (b, version + 1) is already in the log (the
    second guard, as another process's half-finished write would leave it): b's
    UPDATE has run when its INSERT fails, so the batch is written again with a
    savepoint per move; b is undone alone, a and c commit, in one COMMIT."""
    rooms = await _rooms(service, 3)
    (a, va, _ra), (b, vb, rb), (c, vc, _rc) = rooms
    path = sqlite_url.removeprefix("sqlite+aiosqlite:///")
    at = sqlite_time(now())
    with closing(sqlite3.connect(path)) as other:
        other.execute("INSERT INTO moves (room_code, game_no, version, seat, move, events, "
                      "created_at, seen_version) VALUES (?, ?, ?, 0, '{}', '[]', ?, ?)",
                      (b, rb.game_no, vb + 1, at, vb))
        other.commit()
    statements = await _traced(service)
    results = await asyncio.gather(*(
        service.repo.commit_move(*service_move(code, v, r, i), to_act=[1])
        for i, (code, v, r) in enumerate(rooms)))
    assert results == [True, False, True]
    assert statements.count("COMMIT") == 1 and statements.count("ROLLBACK TO move") == 1
    # all at once, then move by move (b's UPDATE had run), then with savepoints
    assert statements.count("BEGIN IMMEDIATE") == 3
    loser = await service.repo.load(b)
    assert loser is not None and (loser.version, loser.state) == (vb, rb.state)
    (row,) = await service.repo.moves(b, rb.game_no)
    assert row.move == {}
    for code, v, i in ((a, va, 0), (c, vc, 2)):
        won = await service.repo.load(code)
        assert won is not None and won.version == v + 1 and won.state["x"] == i
        assert await service.repo.move_count(code) == 1


async def test_an_error_in_a_batch_fails_every_move_of_it_and_stores_nothing(
    service: RoomService,
) -> None:
    rooms = await _rooms(service, 2)
    (a, va, ra), (b, vb, rb) = rooms
    bad = list(service_move(b, vb, rb, 1))
    bad[3] = object()  # a seat SQLite cannot bind
    results = await asyncio.gather(
        service.repo.commit_move(*service_move(a, va, ra, 0), to_act=[1]),
        service.repo.commit_move(*bad, to_act=[1]), return_exceptions=True)
    assert all(isinstance(r, sqlite3.Error) for r in results), results
    for code, v in ((a, va), (b, vb)):
        room = await service.repo.load(code)
        assert room is not None and room.version == v
        assert await service.repo.move_count(code) == 0
    # the writer goes on: the same move again is stored
    assert await service.repo.commit_move(*service_move(a, va, ra, 0), to_act=[1])


async def test_a_turn_timer_move_writes_what_the_orm_way_writes(service: RoomService) -> None:
    """Deadlines and a seat's timeouts through the writer (rooms a, b) and the ORM way
    (rooms c, d: the writer set aside) give the same rooms and seats."""
    rooms = await _rooms(service, 4)
    writer = service.repo.writer
    assert writer is not None
    seen = []
    for i, (code, v, r) in enumerate(rooms):
        writer.closed = i >= 2
        for step, timeout in enumerate((True, True, False) if i % 2 == 0 else (True, True)):
            assert await service.repo.commit_move(
                *service_move(code, v + step, r, step), to_act=[1],
                deadlines={"1": 1000 * step} if step != 1 else None, timeout=timeout)
        room = await service.repo.load(code)
        assert room is not None
        seen.append((room.version - v, room.deadlines,
                     [(s.timeouts, s.away) for s in room.seats]))
    writer.closed = False
    assert seen[0] == seen[2] == (3, {"1": 2000}, [(0, False), (0, False)])
    assert seen[1] == seen[3] == (2, {"1": 0}, [(2, True), (0, False)])


async def test_a_game_ending_move_writes_what_the_orm_way_writes(
        service: RoomService, sqlite_url: str) -> None:
    """The move that ends a game, with its game's record, through the writer (room a)
    and the ORM way (room b: the writer set aside): the same rows, byte for byte but the
    room code, the row ids and the clock; a second end of the same game stores nothing."""
    from app.db.engine import json_text
    from app.db.game_records import game_values

    (a, va, ra), (b, vb, rb) = await _rooms(service, 2)
    writer = service.repo.writer
    assert writer is not None
    outcome = {"scores": [3, 1], "ranks": [1, 2], "winners": [0]}
    for code, v, r, orm in ((a, va, ra, False), (b, vb, rb, True)):
        writer.closed = orm
        assert await service.repo.commit_move(*service_move(code, v, r, 0), to_act=[1])
        end = list(service_move(code, v + 1, r, 1))
        end[7] = "finished"
        assert await service.repo.commit_move(*end, to_act=[],
                                              game=game_values(r, outcome))
        assert not await service.repo.commit_move(*end, to_act=[],
                                                  game=game_values(r, outcome))
    writer.closed = False
    path = sqlite_url.split("///", 1)[1]
    with closing(sqlite3.connect(path)) as conn:
        def rows(sql: str, code: str) -> list[tuple[Any, ...]]:
            return [tuple(x.replace(code, "<code>") if isinstance(x, str) else x
                          for x in row) for row in conn.execute(sql, (code,))]
        games = ("SELECT game_no, game_id, options, typeof(seed), seed = (SELECT seed FROM "
                 "rooms WHERE code = room_code), players, started_version, outcome, "
                 "typeof(finished_at), length(finished_at) FROM games WHERE room_code = ?")
        moves = ("SELECT game_no, version - (SELECT MIN(version) FROM moves m "
                 "WHERE m.room_code = moves.room_code), seat, move, events, "
                 "typeof(created_at), seen_version - version, to_act "
                 "FROM moves WHERE room_code = ? ORDER BY version")
        room = ("SELECT status, state = ?, typeof(updated_at), version - ? FROM rooms "
                "WHERE code = ?")
        assert rows(games, a) == rows(games, b) and len(rows(games, a)) == 1
        assert rows(moves, a) == rows(moves, b) and len(rows(moves, a)) == 2
        for code, v, r in ((a, va, ra), (b, vb, rb)):
            state = json_text(service_move(code, v + 1, r, 1)[6])
            assert conn.execute(room, (state, v, code)).fetchall() == [
                ("finished", 1, "text", 2)]
        (started,) = conn.execute("SELECT started_version FROM games WHERE room_code = ?",
                                  (a,)).fetchone()
        assert started == va


async def test_a_batch_with_a_timer_and_a_game_end_goes_move_by_move(
        service: RoomService) -> None:
    """Moves with statements of their own (a timer's deadlines, a game's record) share a
    batch with a plain move: one transaction, each move's statements in order."""
    from app.db.game_records import Records, game_values

    (a, va, ra), (b, vb, rb), (c, vc, rc) = await _rooms(service, 3)
    statements = await _traced(service)
    end = list(service_move(c, vc, rc, 2))
    end[7] = "finished"
    outcome = {"scores": [1, 0], "ranks": [1, 2], "winners": [0]}
    results = await asyncio.gather(
        service.repo.commit_move(*service_move(a, va, ra, 0), to_act=[1]),
        service.repo.commit_move(*service_move(b, vb, rb, 1), to_act=[1],
                                 deadlines={"1": 5000}),
        service.repo.commit_move(*end, to_act=[], game=game_values(rc, outcome)))
    assert results == [True, True, True]
    assert statements.count("BEGIN IMMEDIATE") == 1 and statements.count("COMMIT") == 1
    rooms = [await service.repo.load(code) for code in (a, b, c)]
    assert [(r.version, r.status, r.deadlines) for r in rooms if r is not None] == [
        (va + 1, "playing", None), (vb + 1, "playing", {"1": 5000}),
        (vc + 1, "finished", None)]
    (game,) = await Records(service.repo.sessions).games(c)
    assert (game.outcome, game.started_version) == (outcome, vc)
