"""The room service on real databases: rooms, seats, host rights, start and rematch."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import event, text, update

from app.db.models import RoomRow
from app.db.moves import lock_room
from app.db.records import now
from app.rooms import errors
from app.rooms.service import RoomService
from app.rooms.tokens import hash_token

TOY = "toy-high-card"


async def full_room(service: RoomService, players: int = 2,
                    tricks: int = 1) -> tuple[str, str, list[str]]:
    room, host = await service.create_room(TOY, {"tricks": tricks}, players, False, True)
    tokens = []
    for i in range(players):
        _, token = await service.take_seat(room.code, f"P{i}", None,
                                           host_token=host if i == 0 else None)
        tokens.append(token)
    return room.code, host, tokens


async def test_create_room_validates_game_options_and_seats(service: RoomService) -> None:
    room, host = await service.create_room(TOY, {"tricks": 2}, 3, True, False)
    assert room.status == "waiting" and room.version == 0 and room.options == {"tricks": 2}
    assert [s.name for s in room.seats] == [None, None, None]
    assert room.public and not room.spectators and room.title == "High card"
    assert len(room.code) >= 8 and len(host) >= 40
    with pytest.raises(errors.UnknownGame):
        await service.create_room("chess", {}, 2, False, True)
    with pytest.raises(errors.BadOptions, match="between 1 and 3"):
        await service.create_room(TOY, {"tricks": 9}, 2, False, True)
    with pytest.raises(errors.BadOptions, match="Unknown option"):
        await service.create_room(TOY, {"speed": 1}, 2, False, True)
    with pytest.raises(errors.BadOptions, match="wrong type"):
        await service.create_room(TOY, {"tricks": "3"}, 2, False, True)
    with pytest.raises(errors.BadOptions, match="2 to 4 players"):
        await service.create_room(TOY, {}, 5, False, True)


async def test_tokens_are_stored_hashed(service: RoomService) -> None:
    room, host = await service.create_room(TOY, {}, 2, False, True)
    seat, token = await service.take_seat(room.code, "  Ann   Lee ", None)
    record = await service.repo.load(room.code)
    assert record is not None
    assert record.host_token_hash == hash_token(host) != host
    assert record.seats[seat].token_hash == hash_token(token)
    assert record.seats[seat].name == "Ann Lee"
    assert await service.seat_of(room.code, token) == seat
    assert await service.seat_of(room.code, "forged") is None
    assert await service.seat_of(room.code, None) is None
    assert await service.is_host(room.code, host)
    assert not await service.is_host(room.code, token)


async def test_seats_taken_left_and_names_checked(service: RoomService) -> None:
    room, host = await service.create_room(TOY, {}, 2, False, True)
    code = room.code
    seat, ann = await service.take_seat(code, "Ann", 1, host_token=host)
    assert seat == 1 and (await service.room(code)).host_seat == 1
    with pytest.raises(errors.SeatTaken):
        await service.take_seat(code, "Bob", 1)
    with pytest.raises(errors.AlreadySeated):
        await service.take_seat(code, "Ann2", None, current_token=ann)
    with pytest.raises(errors.InvalidName, match="already has that name"):
        await service.take_seat(code, "ann", None)
    for bad in ["", "   ", "x" * 25, "a\x00b"]:
        with pytest.raises(errors.InvalidName):
            await service.take_seat(code, bad, None)
    with pytest.raises(errors.NoSuchSeat):
        await service.take_seat(code, "Bob", 7)
    await service.leave_seat(code, ann)
    room2 = await service.room(code)
    assert room2.seats[1].name is None and room2.host_seat is None
    with pytest.raises(errors.NotSeated):
        await service.leave_seat(code, ann)
    with pytest.raises(errors.RoomNotFound):
        await service.room("nope")


async def test_people_joining_at_once_each_get_a_seat_and_one_name_is_seated_once(
    service: RoomService,
) -> None:
    room, _host = await service.create_room(TOY, {}, 4, False, True)
    joined = await asyncio.gather(*[service.take_seat(room.code, f"N{i}") for i in range(3)],
                                  return_exceptions=True)
    assert sorted(j[0] for j in joined if isinstance(j, tuple)) == [0, 1, 2], joined
    same = await asyncio.gather(service.take_seat(room.code, "Sam", 3),
                                service.take_seat(room.code, "sam"),
                                return_exceptions=True)
    seated = [j for j in same if isinstance(j, tuple)]
    refused = [j for j in same if isinstance(j, errors.RoomError)]
    assert len(seated) == 1 and len(refused) == 1, same
    names = [s.name for s in (await service.room(room.code)).seats]
    assert sorted(n.casefold() for n in names if n) == ["n0", "n1", "n2", "sam"]


async def test_only_the_host_starts_and_only_when_full(service: RoomService) -> None:
    room, host = await service.create_room(TOY, {}, 2, False, True)
    _, ann = await service.take_seat(room.code, "Ann", None)
    with pytest.raises(errors.WrongStatus, match="Every seat"):
        await service.start(room.code, host)
    await service.take_seat(room.code, "Bob", None)
    with pytest.raises(errors.NotHost):
        await service.start(room.code, ann)
    assert await service.start(room.code, host) == 1
    assert (await service.room(room.code)).status == "playing"
    with pytest.raises(errors.WrongStatus):
        await service.start(room.code, host)
    with pytest.raises(errors.WrongStatus, match="cannot leave"):
        await service.leave_seat(room.code, ann)


async def test_a_game_begins_in_the_database_only_while_every_seat_is_taken(
    service: RoomService,
) -> None:
    """The UPDATE itself checks the seats (a seat change does not move the version), so
    a record read before a seat was emptied cannot start a game with an empty seat."""
    room, _host = await service.create_room(TOY, {}, 2, False, True)
    await service.take_seat(room.code, "Ann", None)
    assert not await service.repo.begin_game(room.code, 0, "waiting", {"x": 1}, 7)
    await service.take_seat(room.code, "Bob", None)
    assert await service.repo.begin_game(room.code, 0, "waiting", {"x": 1}, 7)
    assert (await service.repo.load(room.code)).status == "playing"  # type: ignore[union-attr]


@contextmanager
def blocked_writes(service: RoomService) -> Iterator[Callable[[int], Awaitable[None]]]:
    """`await blocked(n)`: until `n` writers wait on the room the test holds. PostgreSQL
    says so itself (this database's sessions waiting on a lock); SQLite's busy wait cannot be seen
    from outside, so there it is until `n` of them sent the write that waits (a write
    statement other than the test's own, seen through SQLAlchemy's engine events)."""
    engine = service.repo.engine
    sent: list[str] = []

    def seen(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if statement.lstrip().upper().startswith("UPDATE"):
            sent.append(statement)

    async def blocked(n: int) -> None:
        async with asyncio.timeout(10):
            while True:
                if engine.dialect.name == "postgresql":
                    async with engine.connect() as watcher:
                        waiting = await watcher.scalar(
                            text("SELECT count(*) FROM pg_stat_activity WHERE datname = "
                             "current_database() AND wait_event_type = 'Lock'"))
                else:
                    waiting = len(sent)
                if (waiting or 0) >= n:
                    return
                await asyncio.sleep(0.005)

    event.listen(engine.sync_engine, "before_cursor_execute", seen)
    try:
        yield blocked
    finally:
        event.remove(engine.sync_engine, "before_cursor_execute", seen)


async def test_a_leave_and_a_start_at_once_never_begin_a_game_with_an_empty_seat(
    service: RoomService,
) -> None:
    """Both wait for a third writer holding the room; then one of them wins, and the
    other sees what it did (before, on PostgreSQL both could: a waiting UPDATE judged
    the seats from before the leave)."""
    code, _host, _tokens = await full_room(service)
    repo = service.repo
    async with repo.sessions.begin() as session:
        await lock_room(session, code)
        await session.execute(update(RoomRow).where(RoomRow.code == code)
                              .values(updated_at=now()))  # SQLite: the write lock
        with blocked_writes(service) as blocked:
            leave = asyncio.create_task(repo.free_seat(code, 1, only_status=("waiting",)))
            await blocked(1)  # the leave waits first, then the start
            start = asyncio.create_task(repo.begin_game(code, 0, "waiting", {"x": 1}, 7))
            await blocked(2)
    left, begun = await leave, await start
    room = await repo.load(code)
    assert room is not None
    assert bool(left) != bool(begun), (left, begun)
    if begun:
        assert room.status == "playing" and all(s.name for s in room.seats)
        assert begun == tuple(dataclasses.replace(s, away=False, timeouts=0)
                              for s in room.seats)
    else:
        assert room.status == "waiting" and room.seats[1].name is None


async def test_host_removes_a_gone_player_a_bot_plays_until_a_new_person_takes_over(
    service: RoomService,
) -> None:
    code, host, (_ann, bob) = await full_room(service)
    await service.start(code, host)
    with pytest.raises(errors.NotHost):
        await service.remove_player(code, bob, 0)
    await service.remove_player(code, host, 1)
    room = await service.room(code)
    assert room.seats[1].bot and room.status == "playing"  # a good bot plays on
    assert await service.seat_of(code, bob) is None
    with pytest.raises(errors.NotSeated):
        await service.submit_move(code, bob, room.version, {"type": "pick", "card": 1})
    with pytest.raises(errors.SeatTaken):
        await service.take_seat(code, "Cy", None)
    with pytest.raises(errors.NotHost):
        await service.open_seat(code, bob, 1)
    await service.open_seat(code, host, 1)  # the host's choice: a person may take it
    seat, cy = await service.take_seat(code, "Cy", None)
    assert seat == 1 and await service.seat_of(code, cy) == 1


async def test_public_rooms_lists_only_public_open_rooms(service: RoomService) -> None:
    public, _ = await service.create_room(TOY, {}, 2, True, True)
    await service.create_room(TOY, {}, 2, False, True)
    assert [r.code for r in await service.public_rooms()] == [public.code]


async def test_snapshot_before_start_has_names_but_no_view(service: RoomService) -> None:
    room, _ = await service.create_room(TOY, {}, 2, False, True)
    await service.take_seat(room.code, "Ann", None)
    snap = await service.snapshot(room.code, None)
    assert snap.view is None and snap.version == 0 and snap.names == ["Ann", "Seat 2"]


async def test_chat_is_stored_cleaned_and_limited(service: RoomService) -> None:
    code, _, _ = await full_room(service)
    line = await service.chat(code, 0, "  hello <b>  ")
    assert (line.name, line.text, line.seat) == ("P0", "hello <b>", 0)
    await service.chat(code, None, "hi")
    with pytest.raises(errors.InvalidChat):
        await service.chat(code, 0, "   ")
    with pytest.raises(errors.InvalidChat):
        await service.chat(code, 0, "x" * 301)
    assert [(c.name, c.text) for c in await service.chat_history(code)] == [
        ("P0", "hello <b>"), ("Spectator", "hi")]
