"""The table between games on SQLite and PostgreSQL (issue 37.1, 37.3): the host's next
game keeps the people (first, in their order), then the bots, and the host's rights;
a choice made on an old version changes nothing. The retention drops an idle room's
live state, never its records, and deletes a room nobody played in."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from sqlalchemy import func, select, update

from app.db.models import ChatRow, GameRow, MoveRow, RoomRow
from app.db.records import now
from app.rooms import errors
from app.rooms.records import game_replay, room_standings
from app.rooms.retention import prune
from app.rooms.service import RoomService
from tests.rooms.conftest import ServiceFactory
from tests.rooms.test_bots import finished


async def test_the_next_game_keeps_the_people_and_the_hosts_seat(service: RoomService) -> None:
    room, host = await service.create_room("null-bock", {"rounds": 1}, 6, False, True)
    code = room.code
    await service.add_bot(code, host, 0)
    _, ann = await service.take_seat(code, "Ann", 2, host_token=host)
    await service.add_bot(code, host, 3)
    _, bo = await service.take_seat(code, "Bo", 5)
    with pytest.raises(errors.BadOptions):  # two people need two seats... and a game for them
        await service.choose_game(code, host, "four-pints-please", seats=1)
    chosen = await service.choose_game(code, host, "bullenparty", seats=3)
    assert chosen.game_id == "bullenparty" and chosen.version == room.version + 1
    assert [(s.name, s.bot) for s in chosen.seats] == [("Ann", False), ("Bo", False),
                                                       ("Bot 1", True)]
    assert chosen.host_seat == 0  # Ann took her seat with the host's token
    assert await service.seat_of(code, ann) == 0 and await service.seat_of(code, bo) == 1
    # a second service (another process) choosing from what it read before: refused whole
    with pytest.raises(errors.NotHost):
        await service.choose_game(code, ann + "x", "null-bock")
    stale = await service.repo.change_game(code, room.version, "null-bock", {}, 4)
    assert stale is None
    assert (await service.room(code)).game_id == "bullenparty"
    await service.start(code, host)
    with pytest.raises(errors.WrongStatus):
        await service.choose_game(code, host, "null-bock")


async def _age(service: RoomService, code: str, days: int) -> None:
    """The room was last touched `days` ago (what a long idle time leaves behind)."""
    async with service.repo.sessions.begin() as session:
        await session.execute(update(RoomRow).where(RoomRow.code == code)
                              .values(updated_at=now() - timedelta(days=days)))


async def _count(service: RoomService, table: type, code: str) -> int:
    async with service.repo.sessions() as session:
        column = getattr(table, "room_code", None) or table.code
        return int(await session.scalar(select(func.count()).where(column == code)) or 0)


async def test_an_idle_room_drops_its_live_state_but_never_its_records(
    make_service: ServiceFactory,
) -> None:
    played: RoomService = await make_service()
    room, host = await played.create_room("null-bock", {"rounds": 1}, 3, False, True)
    code = room.code
    for seat in range(3):
        await played.add_bot(code, host, seat)
    await played.start(code, host)
    await finished(played, code)
    await played.close()
    # a second game the bots leave after a few moves (their process stops)
    slow: RoomService = await make_service(bot_delay_ms=20)
    await slow.rematch(code, host)
    begun = (await slow.room(code)).version
    while (await slow.room(code)).version < begun + 3:
        await asyncio.sleep(0.02)
    await slow.close()
    service: RoomService = await make_service(bot_delay_ms=600_000)
    await service.chat(code, None, "see you next week")
    assert (await service.room(code)).status == "playing"
    replayed = await game_replay(service, code, 1, None)
    standings = await room_standings(service, code)
    unplayed, _ = await service.create_room("bullenparty", None, 3, False, True)
    fresh, _ = await service.create_room("bullenparty", None, 3, False, True)
    for old in (code, unplayed.code):
        await _age(service, old, 31)

    pruned = await prune(service, 30)
    assert pruned.deleted == (unplayed.code,) and pruned.emptied == (code,)
    with pytest.raises(errors.RoomNotFound):
        await service.room(unplayed.code)
    assert (await service.room(fresh.code)).status == "waiting"  # not idle: kept as it is
    after = await service.room(code)
    assert after.status == "waiting" and after.game_no == 2
    assert [s.name for s in after.seats] == ["Bot 1", "Bot 2", "Bot 3"]
    assert await _count(service, ChatRow, code) == 0
    async with service.repo.sessions() as session:
        games = await session.scalar(select(func.count()).where(GameRow.room_code == code))
        unfinished = await session.scalar(select(func.count()).where(
            MoveRow.room_code == code, MoveRow.game_no == 2))
    assert (games, unfinished) == (1, 0)
    # the record, its replay and the standings stay; the room can play on
    assert (await game_replay(service, code, 1, None)).record == replayed.record
    assert await room_standings(service, code) == standings
    assert (await prune(service, 30)).emptied == ()  # nothing left to drop
    await service.close()
    again: RoomService = await make_service()
    await again.start(code, host)
    await finished(again, code)
    assert [g.game_no for g in (await room_standings(again, code)).games] == [1, 3]
