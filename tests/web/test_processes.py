"""Several app processes (real uvicorn servers) on one database: restarts, concurrent
moves at one version, and the Redis broker carrying a move from one to the other."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

import pytest

from tests.client import Make, seated_room, start
from tests.live import LiveServer

Start = Callable[..., LiveServer]


async def test_game_continues_after_a_server_restart(
    live_server: Start, database_url: str, people: Make,
) -> None:
    first = live_server(database_url)
    code, (ann, bob) = await seated_room(first, people, 2)
    await start(code, ann)
    await ann.connect(code)
    view = await ann.expect("view", version=1)
    await ann.send({"type": "move", "version": 1, "move": view["view"]["moves"][0]})
    before = await ann.expect("view", version=2)
    await ann.send({"type": "chat", "text": "brb"})
    await ann.expect("chat")
    first.stop()  # everything acknowledged is in the database

    second = live_server(database_url)
    for person in (ann, bob):
        await person.use(second)
    await ann.connect(code)
    after = await ann.expect("view")
    assert after == before
    assert (await ann.expect("chat"))["text"] == "brb"
    await bob.connect(code)
    bobs = await bob.expect("view", version=2)
    await bob.send({"type": "move", "version": 2, "move": bobs["view"]["moves"][0]})
    assert (await ann.expect("view", version=3))["log_text"][-1].endswith("wins the trick.")


async def test_two_servers_one_database_concurrent_moves_one_wins(
    live_server: Start, database_url: str, people: Make,
) -> None:
    one, two = live_server(database_url), live_server(database_url)
    code, (ann, bob) = await seated_room(one, people, 2)
    await start(code, ann)
    await bob.use(two)
    views = [json.loads((await p.api("GET", f"/api/rooms/{code}/view")).text)
             for p in (ann, bob)]
    moves = [{"version": 1, "move": v["view"]["moves"][0]} for v in views]
    results = await asyncio.gather(
        *(p.api("POST", f"/api/rooms/{code}/moves", json=m)
          for p, m in zip((ann, bob, ann, bob), moves + moves, strict=True))
    )
    statuses = sorted(r.status_code for r in results)
    assert statuses.count(200) == 1, [r.text for r in results]
    assert all(r.json()["code"] == "stale" for r in results if r.status_code != 200)
    final = json.loads((await ann.api("GET", f"/api/rooms/{code}/view")).text)
    assert final["version"] == 2 and final["log"] == [f"P{final['view']['chosen'].index(True)}"
                                                     " has chosen."]


async def test_redis_carries_a_move_from_one_server_to_a_client_of_the_other(
    live_server: Start, sqlite_url: str, redis_url: str, people: Make,
) -> None:
    one = live_server(sqlite_url, redis_url)
    two = live_server(sqlite_url, redis_url)
    code, (ann, bob) = await seated_room(one, people, 2)
    watcher = people(two)
    await bob.use(two)
    await ann.connect(code)
    await bob.connect(code)
    await watcher.connect(code)
    await ann.expect("room")
    await start(code, ann)
    first = await ann.expect("view", version=1)
    await bob.expect("view", version=1)
    await ann.send({"type": "move", "version": 1, "move": first["view"]["moves"][0]})
    for person in (bob, watcher):  # both on the other server
        got = await person.expect("view", version=2)
        assert got["log_text"] == ["P0 has chosen."]
    presence = await ann.expect("presence", seats=[0, 1], spectators=1)
    assert presence  # seats and spectators of both processes
    await bob.send({"type": "chat", "text": "from two"})
    assert (await ann.expect("chat"))["text"] == "from two"


@pytest.mark.parametrize("backend", ["memory", "redis"])
async def test_broker_publish_subscribe(backend: str, request: pytest.FixtureRequest) -> None:
    from app.realtime.broker import make_broker

    url = request.getfixturevalue("redis_url") if backend == "redis" else None
    broker = make_broker(url)
    await broker.connect()
    try:
        async with broker.subscribe("room:a") as a, broker.subscribe("room:b") as b:
            await asyncio.sleep(0.2)  # let Redis confirm the subscriptions
            await broker.publish("room:a", {"room": "a", "version": 1})
            await broker.publish("room:b", {"room": "b", "version": 5})
            assert await asyncio.wait_for(a.get(), 5) == {"room": "a", "version": 1}
            assert await asyncio.wait_for(b.get(), 5) == {"room": "b", "version": 5}
            assert a.queue.empty() and b.queue.empty()
    finally:
        await broker.disconnect()


async def test_two_sockets_on_two_servers_move_at_one_version(
    live_server: Start, database_url: str, redis_url: str, people: Make,
) -> None:
    """Both seats may act at version 1 (a simultaneous choice): both send at once, one
    wins, the other gets "stale" with the current view and then moves at that version."""
    one, two = live_server(database_url, redis_url), live_server(database_url, redis_url)
    code, (ann, bob) = await seated_room(one, people, 2)
    await start(code, ann)
    await bob.use(two)
    await ann.connect(code)
    await bob.connect(code)
    views = [await p.expect("view", version=1) for p in (ann, bob)]
    await asyncio.gather(*(
        p.send({"type": "move", "version": 1, "move": v["view"]["moves"][0]})
        for p, v in zip((ann, bob), views, strict=True)
    ))
    # Exactly one move is stored at version 2; whose it was, the log says. The loser's
    # "stale" may arrive before or after the winner's board reaches it: both orders are
    # right, so the test does not depend on which socket hears first.
    boards = [await p.expect("view", version=2) for p in (ann, bob)]
    assert all(b["log_text"] == boards[0]["log_text"] for b in boards)
    (line,) = boards[0]["log_text"]
    assert line in {"P0 has chosen.", "P1 has chosen."}
    winner, loser = (ann, bob) if line.startswith("P0") else (bob, ann)
    assert (await loser.expect("error"))["code"] == "stale"
    assert not [m for m in await winner.quiet(0.3) if m["type"] == "error"]
    current = boards[0] if loser is ann else boards[1]
    await loser.send({"type": "move", "version": 2, "move": current["view"]["moves"][0]})
    for person in (ann, bob):
        done = await person.expect("view", version=3)
        assert done["log_text"][-1].endswith("wins the trick.")
