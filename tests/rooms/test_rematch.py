"""Play again as a proposal (issue 34): a seat's holder agrees; the next game starts
once every person seated has agreed and no seat is empty (a bot always agrees); who
leaves frees the seat, which the host may give to a bot."""

from __future__ import annotations

import pytest

from app.rooms import errors
from app.rooms.service import RoomService
from tests.rooms.test_live_rematch import play_out
from tests.rooms.test_service import full_room


async def finished(service: RoomService, players: int = 3) -> tuple[str, str, list[str]]:
    code, host, tokens = await full_room(service, players)
    assert await service.live.watch(code) is not None
    await service.start(code, host)
    await play_out(service, code, tokens)
    assert (await service.room(code)).status == "finished"
    return code, host, tokens


async def test_the_next_game_waits_for_every_player_and_is_shown_to_all(
    service: RoomService,
) -> None:
    code, _host, tokens = await finished(service)
    async with service.broker.subscribe(f"room:{code}") as notices:
        await service.rematch(code, tokens[1])
        assert (await notices.get())["kind"] == "room"  # everyone is told
    room = await service.room(code)
    assert (room.status, room.game_no) == ("finished", 1)
    assert [s.rematch for s in room.seats] == [False, True, False]
    await service.rematch(code, tokens[1])  # twice is once
    await service.rematch(code, tokens[0])
    assert (await service.room(code)).status == "finished"
    await service.rematch(code, tokens[2])
    room = await service.room(code)
    assert (room.status, room.game_no) == ("playing", 2)
    assert [s.rematch for s in room.seats] == [False, False, False]
    record = await service.repo.load(code)
    assert record is not None and not any(s.rematch for s in record.seats)


async def test_who_leaves_frees_the_seat_and_a_bot_of_the_host_agrees(
    service: RoomService,
) -> None:
    code, _host, tokens = await finished(service)
    await service.rematch(code, tokens[0])
    await service.leave_seat(code, tokens[2])  # leaves instead of agreeing
    room = await service.room(code)
    assert room.status == "finished" and room.seats[2].name is None
    await service.rematch(code, tokens[1])  # everyone seated agreed; a seat is empty
    room = await service.room(code)
    assert (room.status, room.game_no) == ("waiting", 1)  # the seat is filled first
    assert not any(s.rematch for s in room.seats)


async def test_a_bot_for_an_emptied_seat_starts_the_game_everyone_agreed_to(
    service: RoomService,
) -> None:
    code, host, tokens = await finished(service)
    await service.rematch(code, tokens[0])
    await service.remove_player(code, host, 2)  # gone without a word: the host decides
    assert (await service.room(code)).status == "finished"
    await service.add_bot(code, host, 2)
    room = await service.room(code)
    assert room.status == "finished" and room.seats[2].bot and room.seats[2].rematch
    await service.rematch(code, tokens[1])
    room = await service.room(code)
    assert (room.status, room.game_no) == ("playing", 2)


async def test_who_may_not_agree_changes_nothing(service: RoomService) -> None:
    code, host, tokens = await finished(service, 2)
    with pytest.raises(errors.NotSeated):
        await service.rematch(code, "a stranger's token")
    with pytest.raises(errors.NotSeated):
        await service.rematch(code, None)
    with pytest.raises(errors.WrongStatus, match="Every player must agree"):
        await service.rematch(code, host)  # the host without a seat
    with pytest.raises(errors.RoomNotFound):
        await service.rematch("nope", tokens[0])
    room = await service.room(code)
    assert (room.status, room.game_no) == ("finished", 1)
    assert not any(s.rematch for s in room.seats)


async def test_no_agreement_before_the_end(service: RoomService) -> None:
    code, host, tokens = await full_room(service, 2)
    with pytest.raises(errors.WrongStatus, match="only after the end"):
        await service.rematch(code, tokens[0])
    await service.start(code, host)
    with pytest.raises(errors.WrongStatus, match="only after the end"):
        await service.rematch(code, tokens[0])
    assert not any(s.rematch for s in (await service.room(code)).seats)
