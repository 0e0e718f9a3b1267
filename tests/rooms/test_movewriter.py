"""The one-trip SQLite move write (app/db/movewriter.py) stores the same rows as the ORM
path and keeps the version race: a second write at a version loses, changing nothing."""

from __future__ import annotations

from app.db.repository import now
from app.rooms.service import RoomService
from tests.rooms.test_service import full_room


async def test_a_move_row_reads_back_as_written_and_a_lost_race_changes_nothing(
    service: RoomService, database_url: str,
) -> None:
    code, host, _tokens = await full_room(service, 3)
    version = await service.start(code, host)
    record = await service.repo.load(code)
    assert record is not None and record.state is not None
    args = (code, version, record.game_no, 1, {"type": "pick", "card": 2},
            [{"kind": "k", "text": "{p1} <did> it", "to": [1], "data": {"a": [1]}}],
            record.state, "playing")
    assert service.repo.writer is not None  # SQLite's or PostgreSQL's
    before = now()
    assert await service.repo.commit_move(*args, seen_version=version, to_act=[0, 2])
    # the same version again (another process's move): refused, nothing stored
    assert not await service.repo.commit_move(*args, seen_version=version, to_act=[0])
    (row,) = await service.repo.moves(code, record.game_no)
    assert (row.version, row.seat, row.move, row.events, row.seen_version, row.to_act) == (
        version + 1, 1, args[4], args[5], version, [0, 2])
    assert abs((row.created_at.replace(tzinfo=None) - before.replace(tzinfo=None))
               .total_seconds()) < 60
    again = await service.repo.load(code)
    assert again is not None and (again.version, again.state) == (version + 1, record.state)
    assert await service.repo.move_count(code) == 1


def test_the_time_text_is_sqlalchemy_s_own() -> None:
    """`sqlite_time` writes what the DATETIME bind processor writes, so the ORM path and
    the one-trip path store the same text (and a read sorts and parses them alike)."""
    from datetime import UTC, datetime, timedelta, timezone

    from sqlalchemy import DateTime
    from sqlalchemy.dialects import sqlite

    from app.db.movewriter import sqlite_time

    dialect = sqlite.dialect()
    process = DateTime(timezone=True).dialect_impl(dialect).bind_processor(dialect)
    assert process is not None
    for at in (datetime(2026, 12, 1, 20, 43, 54, 644225, tzinfo=UTC),
               datetime(2026, 1, 2, 3, 4, 5, 0, tzinfo=UTC),  # no microseconds
               datetime(999, 1, 1, tzinfo=timezone(timedelta(hours=2))), now()):
        assert sqlite_time(at) == process(at)


async def test_a_move_whose_version_row_exists_stores_nothing(service: RoomService) -> None:
    """The room is still at the version but (room, version + 1) is already in the log
    (the second guard): the writer reports a loss and the room's UPDATE is undone with
    the INSERT (on PostgreSQL one statement, on SQLite one transaction)."""
    from sqlalchemy import text

    code, host, _tokens = await full_room(service, 3)
    version = await service.start(code, host)
    record = await service.repo.load(code)
    assert record is not None and record.state is not None
    async with service.repo.engine.begin() as connection:
        await connection.execute(text(
            "INSERT INTO moves (room_code, game_no, version, seat, move, events, created_at, "
            "seen_version) VALUES (:c, :g, :v, 0, '{}', '[]', :at, :s)"),
            {"c": code, "g": record.game_no, "v": version + 1, "at": now(), "s": version})
    assert not await service.repo.commit_move(
        code, version, record.game_no, 1, {"type": "pick"}, [], {"other": 1}, "playing",
        to_act=[0])
    again = await service.repo.load(code)
    assert again is not None and (again.version, again.state) == (version, record.state)
    assert await service.repo.move_count(code) == 1
