"""A watched room takes a new game (start, rematch) from what this process has just
written, without reading the room back (app/rooms/live.py: `LiveRooms.begun`): it must
be the room a fresh read makes, for every viewer, and stay so as the game is played."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson
import pytest

from app.rooms import errors
from app.rooms.live import LiveRoom
from app.rooms.service import RoomService
from app.web.render.loglines import log_of
from tests.rooms.test_service import TOY, full_room

NULL_BOCK = "null-bock"


def picture(live: LiveRoom, viewer: int | None) -> Any:
    frame = live.frame(viewer)
    return frame.version, frame.game_no, frame.status, frame.view, list(log_of(frame))


async def assert_as_read(service: RoomService, code: str) -> None:
    """The watched room equals a fresh read of it, record and every viewer's frame."""
    live = service.live.rooms[code]
    fresh = await service.live.load(code)
    assert fresh is not None
    assert live.record.__dict__.keys() == fresh.record.__dict__.keys()
    for key, value in fresh.record.__dict__.items():
        mine = live.record.__dict__[key]
        # the state as the database holds it: JSON (an encoding's tuples read as lists)
        assert orjson.dumps(mine, option=orjson.OPT_SORT_KEYS) == orjson.dumps(
            value, option=orjson.OPT_SORT_KEYS), key
    for viewer in [None, *range(len(live.record.seats))]:
        assert picture(live, viewer) == picture(fresh, viewer), viewer


async def play_out(service: RoomService, code: str, tokens: list[str],
                   check_every: int = 1) -> int:
    """Moves the first listed move of a seat to act until the game ends; returns how
    many, comparing the watched room with a fresh read every `check_every` moves."""
    live = service.live.rooms[code]
    count = 0
    while live.record.status == "playing":
        seat = next(s for s in range(len(tokens)) if live.frame(s).view["moves"])  # type: ignore[index]
        move = live.frame(seat).view["moves"][0]  # type: ignore[index]
        await service.submit_move(code, tokens[seat], live.version, move)
        count += 1
        if count % check_every == 0:
            await assert_as_read(service, code)
    return count


@pytest.mark.parametrize(("game", "players", "every"), [(TOY, 3, 1), (NULL_BOCK, 4, 7)])
async def test_a_rematch_in_a_watched_room_is_the_room_a_read_makes(
    service: RoomService, monkeypatch: pytest.MonkeyPatch, game: str, players: int,
    every: int,
) -> None:
    room, host = await service.create_room(game, None, players, False, True)
    code = room.code
    tokens = [(await service.take_seat(code, f"P{i}", None,
                                       host_token=host if i == 0 else None))[1]
              for i in range(players)]
    assert await service.live.watch(code) is not None
    await service.start(code, host)
    await assert_as_read(service, code)
    await play_out(service, code, tokens, every)
    for token in tokens[:1] + tokens[2:]:  # everyone agrees to play again but one
        assert await service.rematch(code, token) == code
    live = service.live.rooms[code]
    assert live.record.status == "finished"
    old_frame = live.frame(1)
    reads: list[str] = []
    load_live = service.repo.load_live

    async def counted(*args: Any, **kwargs: Any) -> Any:
        reads.append(args[0])
        return await load_live(*args, **kwargs)

    monkeypatch.setattr(service.repo, "load_live", counted)
    load = service.repo.load

    async def counted_load(code: str) -> Any:
        reads.append(code)
        return await load(code)

    monkeypatch.setattr(service.repo, "load", counted_load)
    assert await service.rematch(code, tokens[1]) == code  # the last to agree
    assert reads == []  # the room was not read first, nor the new game read back
    monkeypatch.setattr(service.repo, "load_live", load_live)
    monkeypatch.setattr(service.repo, "load", load)
    assert service.live.rooms[code] is live and live.record.game_no == 2
    assert live.frame(1) is not old_frame and len(log_of(live.frame(1))) == 0
    await assert_as_read(service, code)
    assert await play_out(service, code, tokens, every) > 0  # and so it stays
    await assert_as_read(service, code)


async def test_a_watched_room_already_past_the_new_game_is_left_as_it_is(
    service: RoomService,
) -> None:
    """A read that came first (another process's notice) has the new game and maybe a
    move of it: taking the begun game then would step the room back."""
    room, host = await service.create_room(TOY, None, 2, False, True)
    code = room.code
    for i in range(2):
        await service.take_seat(code, f"P{i}", None, host_token=host if i == 0 else None)
    live = await service.live.watch(code)
    assert live is not None
    begun = live.record
    await service.start(code, host)
    ahead = live.record
    assert ahead.version == begun.version + 1
    await service.live.begun(begun, None)  # an older game: not taken
    assert live.record is ahead


async def finished_and_watched(service: RoomService) -> tuple[str, str, list[str]]:
    """A toy room of two, its one-trick game over, watched by `service`."""
    code, host, tokens = await full_room(service)
    assert await service.live.watch(code) is not None
    await service.start(code, host)
    await play_out(service, code, tokens)
    return code, host, tokens


async def test_a_rematch_is_refused_as_a_read_refuses_it(service: RoomService) -> None:
    code, host, tokens = await finished_and_watched(service)
    with pytest.raises(errors.NotSeated):
        await service.rematch(code, "a stranger's token")
    with pytest.raises(errors.WrongStatus, match="Every player must agree"):
        await service.rematch(code, host)  # the host without a seat agrees for nobody
    assert await service.rematch(code, tokens[0]) == code
    assert await service.rematch(code, tokens[0]) == code  # again: nothing more
    assert (await service.room(code)).game_no == 1
    assert await service.rematch(code, tokens[1]) == code
    with pytest.raises(errors.WrongStatus, match="only after the end"):
        await service.rematch(code, tokens[0])
    assert (await service.room(code)).game_no == 2


async def test_a_seat_emptied_by_another_process_unheard_here_reopens_the_room(
    make_service: Callable[[], Any],
) -> None:
    """Another process removed a player and this one has not heard (seat changes do
    not move the version): the live room still shows every seat taken, the UPDATE
    finds an empty one, and the rematch goes the way a fresh read says: reopen."""
    one: RoomService = await make_service()
    two: RoomService = await make_service()  # its own bus: `one` hears nothing of it
    code, host, tokens = await finished_and_watched(one)
    version = one.live.rooms[code].version
    await two.remove_player(code, host, 1)
    assert all(s.name for s in one.live.rooms[code].record.seats)  # not heard here
    assert await one.rematch(code, tokens[0]) == code
    room = await two.room(code)  # as the database has it
    assert (room.status, room.version, room.game_no) == ("waiting", version + 1, 1)
    assert room.seats[1].name is None


async def test_a_rematch_another_process_started_unheard_here_is_refused_as_before(
    make_service: Callable[[], Any],
) -> None:
    one: RoomService = await make_service()
    two: RoomService = await make_service()
    code, _host, tokens = await finished_and_watched(one)
    version = one.live.rooms[code].version
    assert await two.rematch(code, tokens[1]) == code
    assert await two.rematch(code, tokens[0]) == code
    assert one.live.rooms[code].record.status == "finished"  # not heard here
    with pytest.raises(errors.WrongStatus, match="only after the end"):
        await one.rematch(code, tokens[0])
    room = await two.room(code)
    assert (room.status, room.version, room.game_no) == ("playing", version + 1, 2)


async def test_a_player_may_leave_a_finished_game_and_the_rematch_waits_for_the_seat(
    service: RoomService,
) -> None:
    code, host, tokens = await full_room(service)
    assert await service.live.watch(code) is not None
    await service.start(code, host)
    with pytest.raises(errors.WrongStatus, match="once the game has started"):
        await service.leave_seat(code, tokens[1])
    assert (await service.room(code)).seats[1].name == "P1"
    await play_out(service, code, tokens)
    await service.leave_seat(code, tokens[1])
    assert await service.seat_of(code, tokens[1]) is None
    assert await service.rematch(code, tokens[0]) == code
    room = await service.room(code)
    assert (room.status, room.game_no) == ("waiting", 1)  # a seat to fill first
    seat, _token = await service.take_seat(code, "Newcomer", None)
    assert seat == 1
    await service.start(code, host)
    assert (await service.room(code)).game_no == 2
