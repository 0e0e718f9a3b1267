"""The replay floor (bench/replay_floor.py): what the load client records from the real
app is each seat's messages of one game, version after version, and the replay floor
answers a move at the room's version with every seat's next recorded message."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from typing import Any

import orjson
import pytest
from websockets.asyncio.client import ClientConnection, connect

from bench import replay_floor
from bench.load import PLAYERS, Tally, open_room, player
from bench.replay_floor import Capture
from tests.live import LiveServer


async def test_a_recording_is_each_seats_messages_of_one_game_in_order(
        server: LiveServer) -> None:
    room = await open_room(server.url, False, "-", {})
    capture, stop = Capture(), asyncio.Event()

    def on_message(room_: Any, seat: int, version: int, raw: str) -> None:
        capture.on_message(room_, seat, version, raw)
        if min(len(capture.seen[(room.code, s)]) for s in range(PLAYERS)) >= 12:
            stop.set()

    tasks = [asyncio.create_task(player(room, seat, False, stop, Tally(), random.Random(seat),
                                        on_message=on_message)) for seat in range(PLAYERS)]
    await asyncio.wait_for(stop.wait(), 60)
    await asyncio.gather(*tasks)
    assert room.client is not None
    for client in room.clients:  # every seat's client, the host's among them
        await client.aclose()

    [game] = capture.games(PLAYERS)
    assert len(game) >= 10
    first = orjson.loads(game[0][0])["version"]
    for step, texts in enumerate(game):
        messages = [orjson.loads(t) for t in texts]
        assert [m["seat"] for m in messages] == list(range(PLAYERS))  # each seat its own
        assert {m["version"] for m in messages} == {first + step}
        assert {m["status"] for m in messages} == {"playing"}


def test_a_recording_stops_at_a_gap_and_at_the_games_end() -> None:
    capture = Capture()
    room = type("Room", (), {"code": "r"})()
    for version, status in ((3, "playing"), (4, "playing"), (5, "finished"), (6, "playing")):
        for seat in range(2):
            text = orjson.dumps({"version": version, "status": status}).decode()
            capture.on_message(room, seat, version, text)
    capture.on_message(room, 0, 7, "{}")  # a version only one seat got
    assert [[orjson.loads(t)["version"] for t in texts] for texts in capture.games(2)[0]] \
        == [[3, 3], [4, 4]]


@pytest.fixture
def replay() -> Iterator[LiveServer]:
    game = [[{"type": "view", "version": 99, "seat": s, "status": "playing", "step": i}
             for s in range(2)] for i in range(3)]
    replay_floor.GAMES["json"] = [game]
    server = LiveServer(replay_floor.app)
    server.start()
    yield server
    server.stop()
    replay_floor.GAMES.pop("json")


async def _seat(server: LiveServer, code: str, seat: int) -> ClientConnection:
    return await connect(f"{server.ws_url}/ws/rooms/{code}",
                         additional_headers={"Cookie": f"seat={seat}"})


async def _next(ws: ClientConnection) -> tuple[int, int, int]:
    message = orjson.loads(await asyncio.wait_for(ws.recv(), 10))
    return message["seat"], message["version"], message["step"]


async def test_the_replay_floor_answers_a_move_with_each_seats_next_message(
        replay: LiveServer) -> None:
    code = f"room{random.randrange(10**9)}"
    first, second = await _seat(replay, code, 0), await _seat(replay, code, 1)
    try:
        assert await _next(first) == (0, 0, 0)
        assert await _next(second) == (1, 0, 0)
        await second.send(orjson.dumps({"type": "move", "version": 7, "move": {}}).decode())
        await first.send(orjson.dumps({"type": "move", "version": 0, "move": {}}).decode())
        # the stale move was not answered: the next message is the move's
        assert await _next(first) == (0, 1, 1)
        assert await _next(second) == (1, 1, 1)
        for version in (1, 2):  # the game is replayed again from its start
            await second.send(orjson.dumps({"type": "move", "version": version,
                                            "move": {}}).decode())
            await _next(second)
        assert await _next(first) == (0, 2, 2)
        assert await _next(first) == (0, 3, 0)
    finally:
        await first.close()
        await second.close()
