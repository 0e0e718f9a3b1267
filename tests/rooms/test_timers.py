"""Turn timers on real databases with a hand-moved clock (no sleeping for deadlines):
a passed deadline makes the seat's bot move and the log says so; two in a row mark the
seat away, its bot plays on until the person is back; deadlines survive a restart;
two processes act on one deadline exactly once; without a timer nothing changes."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack
from typing import Any

import pytest

from app.db.engine import make_engine, sessions
from app.db.repository import Repository
from app.games.registry import GAMES
from app.realtime.broker import Broker, channel
from app.realtime.memory import MemoryBroker
from app.rooms import errors
from app.rooms.service import RoomService
from app.rooms.timers import new_deadlines
from app.web.render.loglines import log_of

TOY = "toy-high-card"
T0 = 1_800_000_000_000  # epoch ms


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> int:
        return self.now


Make = Callable[..., Awaitable[RoomService]]


async def services(stack: AsyncExitStack, url: str, clock: Clock,
                   broker: Callable[[], Broker] = MemoryBroker) -> Make:
    async def make(bot_delay_ms: int = 0, timer_tasks: bool = False) -> RoomService:
        engine = make_engine(url)
        stack.push_async_callback(engine.dispose)
        bus = broker()
        await bus.connect()
        stack.push_async_callback(bus.disconnect)
        service = RoomService(Repository(sessions(engine)), bus, GAMES,
                              bot_delay_ms=bot_delay_ms, clock=clock,
                              timer_tasks=timer_tasks)
        stack.push_async_callback(service.close)
        return service

    return make


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def make(database_url: str, toy: Any, clock: Clock) -> AsyncIterator[Make]:
    async with AsyncExitStack() as stack:
        yield await services(stack, database_url, clock)


async def timed_room(service: RoomService, timer: int | None = 30, tricks: int = 3,
                     players: int = 2) -> tuple[str, list[str]]:
    """People P0 (the host), P1, ... in a started High card game with `timer`."""
    room, host = await service.create_room(TOY, {"tricks": tricks}, players, False, True,
                                           turn_timer=timer)
    tokens = []
    for i in range(players):
        _, token = await service.take_seat(room.code, f"P{i}", i,
                                           host_token=host if i == 0 else None)
        tokens.append(token)
    await service.start(room.code, host)
    return room.code, tokens


async def pick(service: RoomService, code: str, seat: int, token: str) -> int:
    snap = await service.snapshot(code, seat)
    moves = (snap.view or {})["moves"]
    return await service.submit_move(code, token, snap.version, moves[0])


async def log(service: RoomService, code: str) -> list[str]:
    """The spectator's log now, as the web layer phrases the room's events."""
    return [line["text"] for line in log_of(await service.frame(code, None))]


async def moves_by(service: RoomService, code: str, seat: int) -> int:
    record = await service.repo.load(code)
    assert record is not None
    return sum(1 for m in await service.repo.moves(code, record.game_no) if m.seat == seat)


async def idle(service: RoomService, code: str) -> None:
    """Until this service's bot runner for `code` has stopped looking."""
    await asyncio.wait_for(service.bots.idle(code), 30)


async def test_timer_option_is_checked_and_off_by_default(make: Make, clock: Clock) -> None:
    service = await make()
    for bad in (10, "30", True, -1):
        with pytest.raises(errors.BadOptions, match="turn timer"):
            await service.create_room(TOY, {}, 2, False, True, turn_timer=bad)
    code, (ann, _bob) = await timed_room(service, timer=None)
    info = await service.room(code)
    assert info.turn_timer == 0
    assert all(s.deadline is None and not s.away for s in info.seats)
    clock.now += 3_600_000
    assert await service.check_timers(code) is None
    await pick(service, code, 0, ann)
    assert (await service.repo.load(code)).deadlines is None  # type: ignore[union-attr]
    assert await moves_by(service, code, 1) == 0
    assert not any("ran out of time" in line for line in await log(service, code))


async def test_a_passed_deadline_makes_the_bot_move_and_the_log_says_so(
    make: Make, clock: Clock
) -> None:
    service = await make()
    code, (ann, _bob) = await timed_room(service, timer=30)
    info = await service.room(code)
    assert info.turn_timer == 30
    assert [s.deadline for s in info.seats] == [T0 + 30_000, T0 + 30_000]
    clock.now = T0 + 10_000
    await pick(service, code, 0, ann)
    # Bob still chooses the same decision: his deadline holds; Ann has none now.
    assert [s.deadline for s in (await service.room(code)).seats] == [None, T0 + 30_000]
    clock.now = T0 + 29_999
    assert await service.check_timers(code) is None
    assert await moves_by(service, code, 1) == 0
    clock.now = T0 + 30_000
    version = await service.check_timers(code)
    assert version is not None and await moves_by(service, code, 1) == 1
    assert "P1 ran out of time; a bot played for them." in await log(service, code)
    # the trick is over; both choose again, each with a fresh 30 s from now
    info = await service.room(code)
    assert info.version == version
    assert [s.deadline for s in info.seats] == [T0 + 60_000, T0 + 60_000]
    assert not info.seats[1].away
    assert await service.check_timers(code) is None  # nothing else has passed


async def test_part_of_a_hidden_choice_keeps_the_movers_deadline(
    make: Make, clock: Clock
) -> None:
    """Stier zoekt Bier's draft: everyone picks cards at once, one move a card. A fresh
    deadline after a seat's first pick would show every seat and spectator that it has
    picked (the rules let them see only whether it has chosen): it keeps its own."""
    service = await make()
    room, host = await service.create_room("stier-zoekt-bier", {}, 3, False, True,
                                           turn_timer=30)
    tokens = [(await service.take_seat(room.code, f"P{i}", i,
                                       host_token=host if i == 0 else None))[1]
              for i in range(3)]
    await service.start(room.code, host)
    code = room.code
    start = [s.deadline for s in (await service.room(code)).seats]
    assert start == [T0 + 30_000] * 3
    clock.now = T0 + 5_000
    picks = 0
    while True:
        snap = await service.snapshot(code, 0)
        moves = (snap.view or {})["moves"]
        first = next((m for m in moves if m["type"] != "done"), moves[0])
        await service.submit_move(code, tokens[0], snap.version, first)
        picks += 1
        seats = (await service.room(code)).seats
        if 0 not in set(GAMES["stier-zoekt-bier"].to_act(
                (await service.live.get(code)).state)):  # type: ignore[union-attr]
            break
        # part of its choice made: nothing anyone sees of the timers changed
        assert [s.deadline for s in seats] == start
    assert picks >= 2  # the draft keeps two cards a step: one move was a part
    # its choice made: seat 0 waits, the others keep theirs
    assert [s.deadline for s in seats] == [None, T0 + 30_000, T0 + 30_000]


async def test_a_turn_by_turn_movers_next_decision_gets_a_fresh_deadline(
    make: Make
) -> None:
    """Only a part of a choice made alongside others keeps the old deadline: a seat
    that alone had to act and acts again (its next decision) gets a fresh one."""
    service = await make()
    code, _ = await timed_room(service, timer=30)
    record = await service.repo.load(code)
    assert record is not None and record.deadlines == {"0": T0 + 30_000, "1": T0 + 30_000}
    record = dataclasses.replace(record, deadlines={"0": T0, "1": T0})
    alone = new_deadlines(record, frozenset({0}), T0 + 9, moved=0, acted=frozenset({0}))
    assert alone == {"0": T0 + 9 + 30_000}
    together = new_deadlines(record, frozenset({0, 1}), T0 + 9, moved=0,
                             acted=frozenset({0, 1}))
    assert together == {"0": T0, "1": T0}


async def test_two_timeouts_in_a_row_mark_away_and_the_bot_plays_until_back(
    make: Make, clock: Clock
) -> None:
    service = await make()
    code, (ann, _bob) = await timed_room(service, timer=60)
    await pick(service, code, 0, ann)
    clock.now += 60_000
    assert await service.check_timers(code) is not None  # trick 1: Bob's 1st timeout
    clock.now += 60_000
    # trick 2: both are late; Ann's turn is taken by her bot too, Bob's 2nd in a row
    assert await service.check_timers(code) is not None
    assert await service.check_timers(code) is not None
    lines = await log(service, code)
    assert lines.count("P1 ran out of time; a bot played for them.") == 2
    assert lines.count("P0 ran out of time; a bot played for them.") == 1
    assert "P1 is away; a bot plays for them until they are back." in lines
    assert "P0 is away; a bot plays for them until they are back." not in lines
    info = await service.room(code)
    assert info.seats[1].away and not info.seats[0].away
    # trick 3: Bob's bot plays at once, with no deadline and no timeout line
    assert info.seats[1].deadline is None and info.seats[0].deadline is not None
    await idle(service, code)
    assert await moves_by(service, code, 1) == 3
    assert (await log(service, code)).count("P1 ran out of time; a bot played for them.") == 2
    assert (await service.room(code)).seats[1].away  # until Bob is back


async def bob_away(service: RoomService, clock: Clock) -> tuple[str, str, str, str]:
    """A High card room (3 tricks, 60 s) where Bob (seat 1) timed out twice: away, his
    bot has played trick 3. (room code, Ann's token, the host's token, Bob's token)"""
    room, host = await service.create_room(TOY, {"tricks": 3}, 2, False, True,
                                           turn_timer=60)
    code = room.code
    _, ann = await service.take_seat(code, "P0", 0, host_token=host)
    _, bob = await service.take_seat(code, "P1", 1)
    await service.start(code, host)
    await pick(service, code, 0, ann)
    for _ in range(3):  # Bob late on trick 1, both late on trick 2
        clock.now += 60_000 if _ != 2 else 0
        assert await service.check_timers(code) is not None
    await idle(service, code)
    seats = (await service.room(code)).seats
    assert seats[1].away and not seats[0].away
    return code, ann, host, bob


async def test_a_rematch_starts_everyone_present(make: Make, clock: Clock) -> None:
    """The last game's timeouts stay with it: nobody starts the next one away."""
    service = await make()
    code, ann, _, bob = await bob_away(service, clock)
    await pick(service, code, 0, ann)  # the last trick: the game ends
    assert (await service.room(code)).status == "finished"
    await service.rematch(code, ann)
    await service.rematch(code, bob)  # back from being away, and agreeing
    info = await service.room(code)
    assert info.status == "playing" and not any(s.away for s in info.seats)
    assert [s.deadline for s in info.seats] == [clock.now + 60_000] * 2
    record = await service.repo.load(code)
    assert record is not None and [(s.away, s.timeouts) for s in record.seats] == [(False, 0)] * 2
    clock.now += 59_999  # Bob's bot no longer plays for him: his clock runs
    assert await service.check_timers(code) is None
    assert await moves_by(service, code, 1) == 0


async def test_whoever_takes_a_freed_seat_is_not_away(make: Make, clock: Clock) -> None:
    service = await make()
    code, _, host, _ = await bob_away(service, clock)
    await service.remove_player(code, host, 1)  # a bot takes it over mid-game ...
    await service.open_seat(code, host, 1)  # ... until the host opens it
    await service.take_seat(code, "Newbie", 1)
    seat = (await service.room(code)).seats[1]
    assert seat.name == "Newbie" and not seat.away
    record = await service.repo.load(code)
    assert record is not None and (record.seats[1].away, record.seats[1].timeouts) == (False, 0)


async def test_back_stops_the_bot_and_starts_the_clock(make: Make, clock: Clock) -> None:
    service = await make()
    code, (ann, bob, cy) = await timed_room(service, timer=30, players=3)
    await pick(service, code, 0, ann)
    await pick(service, code, 2, cy)
    clock.now += 30_000
    await service.check_timers(code)  # Bob's 1st; trick 2 begins
    await pick(service, code, 0, ann)
    clock.now += 30_000
    await service.check_timers(code)  # Bob's 2nd: away (Cy still chooses)
    assert (await service.room(code)).seats[1].away
    with pytest.raises(errors.NotSeated):
        await service.back(code, "not a token")
    await service.back(code, bob)
    assert not (await service.room(code)).seats[1].away
    await pick(service, code, 2, cy)
    # trick 3: Bob must act; his own clock runs again, and no bot plays for him
    info = await service.room(code)
    assert info.seats[1].deadline == clock.now + 30_000
    await idle(service, code)
    assert await moves_by(service, code, 1) == 2
    await pick(service, code, 1, bob)
    assert await moves_by(service, code, 1) == 3


async def test_an_own_move_clears_away(make: Make, clock: Clock) -> None:
    service = await make(bot_delay_ms=60_000)  # the away bot waits: Bob is faster
    code, (_ann, bob) = await timed_room(service, timer=30)
    clock.now += 30_000
    await service.check_timers(code)  # Ann's bot and ...
    await service.check_timers(code)  # ... Bob's: their 1st each
    clock.now += 30_000
    await service.check_timers(code)
    await service.check_timers(code)  # both away now
    assert all(s.away for s in (await service.room(code)).seats)
    await pick(service, code, 1, bob)
    info = await service.room(code)
    assert not info.seats[1].away and info.seats[0].away


async def test_a_restart_keeps_the_deadline(make: Make, clock: Clock) -> None:
    first = await make()
    code, (ann, _bob) = await timed_room(first, timer=120)
    await pick(first, code, 0, ann)
    await first.close()  # the server goes down
    clock.now += 120_000
    second = await make(timer_tasks=True)  # a new server on the same database
    assert (await second.room(code)).seats[1].deadline == T0 + 120_000
    async with second.broker.subscribe(channel(code)) as bus:
        assert await second.resume_timers() == 1  # its timer task acts on the passed deadline
        notice = await asyncio.wait_for(bus.get(), 30)  # the move it stored, announced
    assert notice is not None and notice["kind"] == "state"
    assert await moves_by(second, code, 1) == 1
    assert "P1 ran out of time; a bot played for them." in await log(second, code)


async def test_two_processes_act_on_one_deadline_once(make: Make, clock: Clock) -> None:
    one, two = await make(), await make()
    code, (ann, _bob) = await timed_room(one, timer=30)
    await pick(one, code, 0, ann)
    await two.room(code)
    clock.now += 30_000
    made = await asyncio.gather(one.check_timers(code), two.check_timers(code),
                                one.check_timers(code), two.check_timers(code))
    assert sum(v is not None for v in made) == 1
    assert await moves_by(one, code, 1) == 1
    assert (await log(two, code)).count("P1 ran out of time; a bot played for them.") == 1


async def test_two_processes_on_postgres_and_redis_act_once(
    postgres_url: str, redis_url: str, toy: Any, clock: Clock
) -> None:
    from app.realtime.redis import RedisBroker

    async with AsyncExitStack() as stack:
        make = await services(stack, postgres_url, clock, lambda: RedisBroker(redis_url))
        one, two = await make(), await make()
        code, (ann, _bob) = await timed_room(one, timer=300)
        await pick(one, code, 0, ann)
        await one.watch(code)  # both follow the room live, as sockets would make them
        await two.watch(code)
        clock.now += 300_000
        made = await asyncio.gather(*(s.check_timers(code) for s in (one, two, two, one)))
        assert sum(v is not None for v in made) == 1
        assert await moves_by(two, code, 1) == 1
        for service in (one, two):
            assert (await log(service, code)).count(
                "P1 ran out of time; a bot played for them.") == 1
        one.unwatch(code)
        two.unwatch(code)


def test_a_replaced_record_is_dataclasses_replace_and_unknown_fields_are_refused() -> None:
    import dataclasses

    from app.db.records import RoomRecord, SeatRecord, moved, replaced

    seat = SeatRecord(index=0, name="Ann", token_hash="h", bot=False)
    record = RoomRecord(code="abc", game_id="null-bock", options={}, public=False,
                        spectators=True, status="playing", version=3, game_no=1, seed=7,
                        state={"a": 1}, host_token_hash="x", host_seat=0, seats=(seat,))
    new = replaced(record, version=4, state={"a": 2}, status="finished")
    assert new == dataclasses.replace(record, version=4, state={"a": 2}, status="finished")
    assert moved(record, 4, {"a": 2}, "finished") == new  # the common move's copy
    assert (record.version, record.state) == (3, {"a": 1})  # the old one is untouched
    with pytest.raises(dataclasses.FrozenInstanceError):
        new.version = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        replaced(record, versoin=4)


async def test_a_first_decision_timed_out_is_logged_after_the_games_opening_lines(
    make: Make, clock: Clock
) -> None:
    """The game's opening lines ("Round 1.", the deal) come with its first move: a
    timeout's line belongs after them, inside the round's group, not before it."""
    service = await make()
    room, host = await service.create_room("null-bock", {"rounds": 1}, 3, False, True,
                                           turn_timer=30)
    for i in range(3):
        await service.take_seat(room.code, f"P{i}", i, host_token=host if i == 0 else None)
    await service.start(room.code, host)
    clock.now += 30_000
    assert await service.check_timers(room.code) is not None
    lines = await log(service, room.code)
    timeout = next(i for i, line in enumerate(lines) if "ran out of time" in line)
    assert lines[0] == "Round 1." and timeout > 0, lines
    assert any(line.startswith("The cards are dealt") for line in lines[:timeout]), lines
