"""Several app processes (real uvicorn servers) on one database: restarts, concurrent
moves at one version, and the Redis broker carrying a move from one to the other."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError

from tests.client import Make, Person, seated_room, start
from tests.live import LiveServer

Start = Callable[..., LiveServer]


def fail_once(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str,
              error: Exception) -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
    """`owner.name` (a coroutine method of a real part: the repository, the Redis
    client) raises `error` at its first call, then works as itself: a fault of the
    database or the bus, injected once. The calls that failed: (args, kwargs)."""
    real, failed = getattr(owner, name), []

    async def once(*args: Any, **kwargs: Any) -> Any:
        if not failed:
            failed.append((args, kwargs))
            raise error
        return await real(*args, **kwargs)

    monkeypatch.setattr(owner, name, once)
    return failed


async def both_playing(code: str, ann: Person, bob: Person) -> dict[str, Any]:
    """Ann and Bob connected, the game started and seen by both: Ann's first view."""
    await ann.connect(code)
    await bob.connect(code)
    await start(code, ann)
    first = await ann.expect("view", version=1)
    await bob.expect("view", version=1)
    return first


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
    delta = ("log", "log_start", "log_reset")  # a new socket gets the whole log
    assert {k: v for k, v in after.items() if k not in delta} == {
        k: v for k, v in before.items() if k not in delta}
    assert after["log_reset"] and after["log_text"] == before["log_text"] == ["P0 has chosen."]
    assert (await ann.expect("chat"))["text"] == "brb"
    await bob.connect(code)
    bobs = await bob.expect("view", version=2)
    await bob.send({"type": "move", "version": 2, "move": bobs["view"]["moves"][0]})
    assert (await ann.expect("view", version=3))["log_text"][-1].endswith("wins the trick.")


async def test_two_servers_one_database_simultaneous_choices_both_count(
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
    # Both seats' choices count, on whichever server they land (issue 11); the same
    # seat's second copy conflicts with its first and is stale.
    statuses = sorted(r.status_code for r in results)
    assert statuses == [200, 200, 409, 409], [r.text for r in results]
    assert all(r.json()["code"] == "stale" for r in results if r.status_code != 200)
    assert sorted(r.json()["version"] for r in results if r.status_code == 200) == [2, 3]
    final = json.loads((await ann.api("GET", f"/api/rooms/{code}/view")).text)
    assert final["version"] == 3
    assert sorted(final["log"][:2]) == ["P0 has chosen.", "P1 has chosen."]
    assert final["log"][2].endswith("wins the trick.")


async def test_a_player_removed_on_one_server_gets_no_seats_hand_on_the_other(
    live_server: Start, database_url: str, people: Make,
) -> None:
    """Bob plays on server two; on server one the host removes him and seats a bot, and
    a move lands. Two has not heard of it (no Redis) when Bob's move at the old version
    comes: its write loses, the catch-up brings the new seats, the refusal says he has
    no seat now, and the stale answer's table is a spectator's, not his old seat's new
    hand (it was drawn for the seat he was let in on, without asking again)."""
    one, two = live_server(database_url), live_server(database_url)
    code, (ann, bob) = await seated_room(one, people, 2)
    await start(code, ann)
    await bob.use(two)
    await bob.connect(code)
    mine = await bob.expect("view", version=1)
    assert mine["seat"] == 1 and mine["view"]["hand"]
    # mid-game a good bot takes the removed player's seat at once
    assert (await ann.api("DELETE", f"/api/rooms/{code}/seats/1")).status_code == 204
    seen = json.loads((await ann.api("GET", f"/api/rooms/{code}/view")).text)
    moved = await ann.api("POST", f"/api/rooms/{code}/moves",
                          json={"version": seen["version"], "move": seen["view"]["moves"][0]})
    assert moved.status_code == 200, moved.text
    await bob.send({"type": "move", "version": 1, "move": mine["view"]["moves"][0]})
    refused = await bob.expect("error")
    assert refused["code"] == "stale" and "no longer have a seat" in refused["reason"]
    table = await bob.expect("view")
    assert table["seat"] is None and table["view"]["hand"] is None
    assert table["version"] > 1


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


async def test_a_notice_whose_read_fails_is_read_again_and_its_sockets_hear_it(
    live_server: Start, sqlite_url: str, redis_url: str, people: Make,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The database fails server two's read of a move made on server one, once: nothing
    else comes (Bob is to act next), so two's feed reads where the room stands a moment
    later by itself (app/web/socket/feed.py: RETRY_SECONDS) and Bob sees the move."""
    one = live_server(sqlite_url, redis_url)
    two = live_server(sqlite_url, redis_url)
    code, (ann, bob) = await seated_room(one, people, 2)
    await bob.use(two)
    first = await both_playing(code, ann, bob)
    failed = fail_once(monkeypatch, two.app.state.rooms.live.repo, "load_live",
                       OperationalError("SELECT ...", {}, Exception("the database is away")))
    await ann.send({"type": "move", "version": 1, "move": first["view"]["moves"][0]})
    got = await bob.expect("view", version=2)
    assert failed and failed[0][1].get("after") == (1, 1)  # the notice's read did fail
    assert got["log_text"][-1] == "P0 has chosen."
    assert got["seat"] == 1 and got["view"]["moves"]  # his turn, on his table


async def test_a_move_whose_publish_fails_still_reaches_the_sockets_of_its_server(
    live_server: Start, sqlite_url: str, redis_url: str, people: Make,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Redis refuses the publish of a stored move: the players on the server that made
    it are told all the same (RoomService._publish delivers here), and the move stands."""
    import redis.exceptions

    one = live_server(sqlite_url, redis_url)
    code, (ann, bob) = await seated_room(one, people, 2)
    first = await both_playing(code, ann, bob)
    refused = fail_once(monkeypatch, one.app.state.rooms.broker.client, "publish",
                        redis.exceptions.ConnectionError("Redis is away"))
    await ann.send({"type": "move", "version": 1, "move": first["view"]["moves"][0]})
    for person in (ann, bob):
        got = await person.expect("view", version=2)
        assert got["log_text"][-1] == "P0 has chosen."
    assert [args[0] for args, _ in refused] == [f"room:{code}"]  # the move's notice
    stored = json.loads((await bob.api("GET", f"/api/rooms/{code}/view")).text)
    assert stored["version"] == 2


async def test_a_seat_change_whose_publish_fails_reaches_the_other_server_soon_after(
    live_server: Start, sqlite_url: str, redis_url: str, people: Make,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Only server one's publish fails (its Redis connection, not Redis): server two's
    subscription stands, so no resync comes, and a seat change moves no version for a
    later move to bring. The notice is published again (app/realtime/republish.py)."""
    import redis.exceptions

    one = live_server(sqlite_url, redis_url)
    two = live_server(sqlite_url, redis_url)
    code, (ann, _bob) = await seated_room(one, people, 2)
    watcher = people(two)
    await watcher.connect(code)
    seats = (await watcher.expect("room"))["room"]["seats"]
    assert [s["name"] for s in seats] == ["P0", "P1"]
    refused = fail_once(monkeypatch, one.app.state.rooms.broker.client, "publish",
                        redis.exceptions.TimeoutError("Timeout writing to socket"))
    assert (await ann.api("DELETE", f"/api/rooms/{code}/seats/1")).status_code == 204
    room = (await watcher.expect("room", timeout=15))["room"]
    assert [args[0] for args, _ in refused] == [f"room:{code}"]
    assert [s["name"] for s in room["seats"]] == ["P0", None]


async def test_a_chat_line_whose_publish_failed_is_read_once_everywhere(
    live_server: Start, sqlite_url: str, redis_url: str, people: Make,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The publish times out after Redis took it (the line goes out) and is published
    again a second later: Ann, on the server that said it, and Bob, on the other, each
    read the line once (a repeat is known by its id and by the line: RoomService's
    on_notice)."""
    import redis.exceptions

    one = live_server(sqlite_url, redis_url)
    two = live_server(sqlite_url, redis_url)
    code, (ann, bob) = await seated_room(one, people, 2)
    await bob.use(two)
    await ann.connect(code)
    await bob.connect(code)
    await ann.expect("presence", seats=[0, 1])
    client = one.app.state.rooms.broker.client
    publish, timed_out = client.publish, []

    async def written_then_timed_out(*args: Any, **kwargs: Any) -> Any:
        await publish(*args, **kwargs)
        if not timed_out:
            timed_out.append(args[0])
            raise redis.exceptions.TimeoutError("Timeout reading from socket")

    monkeypatch.setattr(client, "publish", written_then_timed_out)
    await ann.send({"type": "chat", "text": "Prost"})
    await asyncio.sleep(2.5)  # the republish comes after 1 s
    for person in (ann, bob):
        said = [m["text"] for m in await person.quiet(0.3) if m["type"] == "chat"]
        assert said == ["Prost"], said
    assert timed_out == [f"room:{code}"]


@pytest.mark.parametrize("backend", ["memory", "redis"])
async def test_broker_publish_subscribe(backend: str, request: pytest.FixtureRequest) -> None:
    from app.realtime.broker import make_broker

    url = request.getfixturevalue("redis_url") if backend == "redis" else None
    broker = make_broker(url)
    await broker.connect()
    try:
        # Entered: Redis has confirmed both subscriptions (no wait needed here).
        async with broker.subscribe("room:a") as a, broker.subscribe("room:b") as b:
            if backend == "redis":
                counts = await broker.client.pubsub_numsub("room:a", "room:b")  # type: ignore[attr-defined]
                assert [n for _, n in counts] == [1, 1]
            await broker.publish("room:a", {"room": "a", "version": 1})
            await broker.publish("room:b", {"room": "b", "version": 5})
            assert await asyncio.wait_for(a.get(), 5) == {"room": "a", "version": 1}
            assert await asyncio.wait_for(b.get(), 5) == {"room": "b", "version": 5}
            assert a.empty() and b.empty()
    finally:
        await broker.disconnect()


async def test_two_sockets_on_two_servers_choose_at_one_version_50_times(
    live_server: Start, database_url: str, redis_url: str, people: Make,
) -> None:
    """Both seats may act at version v (a simultaneous choice) and send at once, each to
    its own server: both choices count, 50 pairs in a row, no refusal (issue 11)."""
    one, two = live_server(database_url, redis_url), live_server(database_url, redis_url)
    code, (ann, bob) = await seated_room(one, people, 2)
    await start(code, ann)
    await bob.use(two)
    await ann.connect(code)
    await bob.connect(code)
    version = 1
    views = [await p.expect("view", version=version) for p in (ann, bob)]
    for pair in range(50):
        if views[0]["status"] == "finished":
            for person in (ann, bob):
                assert (await person.api("POST", f"/api/rooms/{code}/rematch")).status_code == 200
            version += 1
            views = [await p.expect("view", version=version) for p in (ann, bob)]
        await asyncio.gather(*(
            p.send({"type": "move", "version": version, "move": v["view"]["moves"][0]})
            for p, v in zip((ann, bob), views, strict=True)
        ))
        version += 2
        views = [await p.expect("view", version=version) for p in (ann, bob)]
        assert views[0]["log_text"] == views[1]["log_text"], pair
        assert sorted(views[0]["log_text"][-3:-1]) == ["P0 has chosen.", "P1 has chosen."]
    for person in (ann, bob):
        assert not [m for m in await person.quiet(0.3) if m["type"] == "error"]


async def drop_pubsub_connections(redis_url: str) -> int:
    """Close the pub/sub connections on this test's Redis db (a restart or a network
    blip as their processes see it), not those of the other workers' tests."""
    import redis.asyncio as aioredis

    db = redis_url.rpartition("/")[2]
    admin = aioredis.from_url(redis_url, decode_responses=True)
    try:
        clients = await admin.client_list(_type="pubsub")
        ids = [c["id"] for c in clients if c.get("db") == db]
        for client_id in ids:
            await admin.client_kill_filter(_id=client_id)
        return len(ids)
    finally:
        await admin.aclose()


async def test_a_dropped_redis_connection_resyncs_what_it_followed(redis_url: str) -> None:
    from app.realtime.broker import make_broker

    broker = make_broker(redis_url)
    await broker.connect()
    try:
        async with broker.subscribe("room:a") as a:
            assert await drop_pubsub_connections(redis_url) == 1
            # Published about when it dropped: lost, or heard once it follows again.
            await broker.publish("room:a", {"version": 2})
            heard = [await asyncio.wait_for(a.get(), 5)]
            while heard[-1] != {"kind": "resync"}:
                heard.append(await asyncio.wait_for(a.get(), 5))
            await broker.publish("room:a", {"version": 3})
            while heard[-1] != {"version": 3}:
                heard.append(await asyncio.wait_for(a.get(), 5))
            assert a.empty()
            assert [m for m in heard if m != {"version": 2}] == [
                {"kind": "resync"}, {"version": 3}]
    finally:
        await broker.disconnect()


async def test_a_move_published_while_redis_was_away_reaches_the_other_server(
    live_server: Start, sqlite_url: str, redis_url: str, people: Make,
) -> None:
    """The pub/sub connections drop and the next move is published about then: the
    server of Bob's socket may never hear it, and sends it anyway once it follows the
    room again (its resync), with no move of Bob's to make it ask."""
    one = live_server(sqlite_url, redis_url)
    two = live_server(sqlite_url, redis_url)
    code, (ann, bob) = await seated_room(one, people, 2)
    await start(code, ann)
    await bob.use(two)
    await bob.connect(code)
    await bob.expect("view", version=1)
    assert await drop_pubsub_connections(redis_url) == 2
    seen = json.loads((await ann.api("GET", f"/api/rooms/{code}/view")).text)
    moved = await ann.api("POST", f"/api/rooms/{code}/moves",
                          json={"version": 1, "move": seen["view"]["moves"][0]})
    assert moved.status_code == 200, moved.text
    got = await bob.expect("view", version=2)
    assert got["log_text"][-1] == "P0 has chosen."
