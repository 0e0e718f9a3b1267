"""The host's settings after creation (issue 37.4) on real databases: public, spectators
and the turn timer are changed by the host only, each checked before anything is
written, kept by a restart; a timer chosen while a game runs is the next game's."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AsyncExitStack
from typing import Any

import pytest

from app.rooms import errors
from app.rooms.service import RoomService
from tests.rooms.test_live_rematch import play_out
from tests.rooms.test_timers import T0, Clock, Make, services

TOY = "toy-high-card"


@pytest.fixture
async def make(database_url: str, toy: Any) -> AsyncIterator[Make]:
    async with AsyncExitStack() as stack:
        yield await services(stack, database_url, Clock())


async def seated(service: RoomService, players: int = 2) -> tuple[str, str, list[str]]:
    """A private room with spectators and no timer, every seat taken (P0 the host)."""
    room, host = await service.create_room(TOY, {"tricks": 1}, players, False, True)
    tokens = []
    for i in range(players):
        _, token = await service.take_seat(room.code, f"P{i}", i,
                                           host_token=host if i == 0 else None)
        tokens.append(token)
    return room.code, host, tokens


def settings_of(room: Any) -> tuple[bool, bool, int, int]:
    return room.public, room.spectators, room.turn_timer, room.next_turn_timer


async def test_the_host_changes_each_setting_and_a_restart_keeps_them(make: Make) -> None:
    service = await make()
    code, host, _tokens = await seated(service)
    assert settings_of(await service.room(code)) == (False, True, 0, 0)
    assert code not in [r.code for r in await service.public_rooms()]
    room = await service.change_settings(code, host, public=True)
    assert settings_of(room) == (True, True, 0, 0)
    assert code in [r.code for r in await service.public_rooms()]
    room = await service.change_settings(code, host, spectators=False, turn_timer=60)
    assert settings_of(room) == (True, False, 60, 60)  # waiting: the coming game's timer
    with pytest.raises(errors.NotSeated):
        await service.viewer(code, None)
    again = await make()  # a restart: a new service on the same database
    assert settings_of(await again.room(code)) == (True, False, 60, 60)
    room = await again.change_settings(code, host, public=False)
    assert settings_of(room) == (False, False, 60, 60)
    assert code not in [r.code for r in await again.public_rooms()]


async def test_a_refused_change_changes_nothing(make: Make) -> None:
    service = await make()
    code, host, tokens = await seated(service)
    before = await service.repo.load(code)
    refused: list[tuple[type[errors.RoomError], str | None, dict[str, Any]]] = [
        (errors.NotHost, tokens[1], {"public": True}),  # a player, not the host
        (errors.NotHost, None, {"spectators": False}),
        (errors.BadOptions, host, {"public": True, "turn_timer": 45}),
        (errors.BadOptions, host, {"spectators": False, "turn_timer": "60"}),
        (errors.BadOptions, host, {"turn_timer": True}),
        (errors.BadOptions, host, {"public": "yes"}),
        (errors.BadOptions, host, {"spectators": 0}),
        (errors.BadOptions, host, {}),
    ]
    for kind, token, changes in refused:
        with pytest.raises(kind):
            await service.change_settings(code, token, **changes)
    assert await service.repo.load(code) == before
    with pytest.raises(errors.RoomNotFound):
        await service.change_settings("nosuchroom", host, public=True)


async def test_a_timer_chosen_during_a_game_is_the_next_games(make: Make) -> None:
    service = await make()
    code, host, tokens = await seated(service)
    assert await service.live.watch(code) is not None
    await service.start(code, host)
    room = await service.change_settings(code, host, turn_timer=30)
    assert (room.status, room.turn_timer, room.next_turn_timer) == ("playing", 0, 30)
    assert all(s.deadline is None for s in room.seats)  # this game keeps no timer
    await service.submit_move(code, tokens[0], room.version,
                              (await service.snapshot(code, 0)).view["moves"][0])  # type: ignore[index]
    record = await service.repo.load(code)
    assert record is not None and record.deadlines is None
    restarted = await make()  # the choice is stored, not only remembered
    assert (await restarted.room(code)).next_turn_timer == 30
    await play_out(service, code, tokens)
    for token in tokens:
        await service.rematch(code, token)
    room = await service.room(code)
    assert (room.status, room.game_no, room.turn_timer, room.next_turn_timer) == (
        "playing", 2, 30, 30)
    assert {s.index: s.deadline for s in room.seats} == {0: T0 + 30_000, 1: T0 + 30_000}


async def test_a_timer_chosen_after_the_end_is_the_reopened_rooms(make: Make) -> None:
    service = await make()
    code, host, tokens = await seated(service, 3)
    assert await service.live.watch(code) is not None
    await service.start(code, host)
    await play_out(service, code, tokens)
    await service.change_settings(code, host, turn_timer=120)
    await service.leave_seat(code, tokens[2])
    await service.rematch(code, tokens[0])
    await service.rematch(code, tokens[1])  # a seat to fill: the room waits
    room = await service.room(code)
    assert (room.status, room.turn_timer, room.next_turn_timer) == ("waiting", 120, 120)
    record = await service.repo.load(code)
    assert record is not None and record.next_turn_timer is None


async def test_a_start_made_for_another_timer_than_the_rooms_does_not_begin(
    make: Make,
) -> None:
    """The host changed the timer after the starter read the room: the deadlines the
    starter made were for the old one, so the database's UPDATE refuses it."""
    service = await make()
    code, host, _tokens = await seated(service)
    await service.change_settings(code, host, turn_timer=30)
    repo = service.repo
    assert await repo.begin_game(code, 0, "waiting", {"x": 1}, 7, None, 0) is None
    assert await repo.begin_game(code, 0, "waiting", {"x": 1}, 7, None, 30) is not None
    record = await repo.load(code)
    assert record is not None and (record.status, record.turn_timer) == ("playing", 30)
