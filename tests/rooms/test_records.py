"""Game records in the service (issue 14), on SQLite and PostgreSQL: bots play two games
in one room (a rematch); each game's record is written with its last move, keeps its own
seed, players and bot levels, and replays to its stored outcome."""

from __future__ import annotations

import pytest

from app.games.registry import GAMES
from app.replay import replay
from app.rooms import errors
from app.rooms.records import game_record, room_standings
from app.rooms.service import RoomService
from tests.rooms.test_bots import finished


async def test_bots_play_a_game_and_a_rematch_and_both_records_replay(
    service: RoomService,
) -> None:
    room, host = await service.create_room("null-bock", {"rounds": 1}, 3, False, True)
    code = room.code
    for seat, level in enumerate(("good", "random", "good")):
        await service.add_bot(code, host, seat, level)
    await service.start(code, host)
    with pytest.raises(errors.GameRunning):
        await game_record(service, code, 1, None)
    await finished(service, code)
    first = await game_record(service, code, 1, None)
    assert [p["level"] for p in first["players"]] == ["good", "random", "good"]
    assert all(p["bot"] for p in first["players"])
    assert first["outcome"] == (await service.room(code)).outcome

    await service.rematch(code, host)
    await finished(service, code)
    assert (await service.room(code)).game_no == 2
    second = await game_record(service, code, 2, None)
    assert (await game_record(service, code, 1, None)) == first  # the rematch kept it
    assert second["seed"] != first["seed"]
    assert second["started_version"] >= first["moves"][-1]["version"] + 1
    for record in (first, second):
        assert replay(record, GAMES).outcome == record["outcome"]
    listed = (await room_standings(service, code)).games
    assert [g.game_no for g in listed] == [1, 2]
    names = [p["name"] for p in first["players"]]
    assert listed[0].winners == [names[s] for s in first["outcome"]["winners"]]
    with pytest.raises(errors.NoRecord):
        await game_record(service, code, 3, None)
