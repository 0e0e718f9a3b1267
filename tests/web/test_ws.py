"""Real WebSocket clients against a real uvicorn server: whole games, spectators,
reconnects, restarts and every kind of refused message."""

from __future__ import annotations

import asyncio
import json
import logging
import random
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from app.web.socket.buckets import Bucket
from tests.client import Make, Person, autoplay, seated_room, start
from tests.live import LiveServer

TOY = "toy-high-card"


async def test_three_clients_play_a_whole_game(server: LiveServer, people: Make) -> None:
    code, players = await seated_room(server, people, 3)
    for person in players:
        await person.connect(code)
        room = await person.expect("room")
        assert room["room"]["status"] == "waiting" and room["seat"] == players.index(person)
    await start(code, players[0])
    rng = random.Random(7)
    finals = await asyncio.gather(*(autoplay(p, rng) for p in players))
    assert len({f["version"] for f in finals}) == 1
    assert all(f["outcome"] == finals[0]["outcome"] for f in finals)
    assert sum(finals[0]["outcome"]["scores"]) == 3
    assert any("wins the trick" in line for line in finals[0]["log_text"])
    assert "P0 has chosen." in finals[1]["log_text"]
    finished = await players[0].expect("room", timeout=5)
    while finished["room"]["status"] != "finished":
        finished = await players[0].expect("room", timeout=5)
    assert finished["room"]["outcome"] == finals[0]["outcome"]


async def test_spectator_and_player_see_different_views(
    server: LiveServer, people: Make,
) -> None:
    code, (ann, bob) = await seated_room(server, people, 2)
    await start(code, ann)
    watcher = people(server)
    await ann.connect(code)
    await watcher.connect(code)
    mine = await ann.expect("view")
    theirs = await watcher.expect("view")
    assert mine["seat"] == 0 and mine["view"]["hand"] and mine["view"]["moves"]
    assert theirs["seat"] is None and theirs["view"]["hand"] is None
    assert theirs["view"]["moves"] == []
    # The spectator's socket gets exactly what the API gives any stranger.
    stranger = (await people(server).api("GET", f"/api/rooms/{code}/view")).json()
    assert theirs["view"] == stranger["view"] and mine["view"] != stranger["view"]
    # the spectator's view differs from Ann's only in what is Ann's, and her hand
    # appears nowhere in the spectator's message
    differ = {k for k in mine["view"] if mine["view"][k] != theirs["view"].get(k)}
    assert differ == {"hand", "mine", "moves"}  # the toy keeps its hand in `mine` too
    assert json.dumps(mine["view"]["hand"]) not in json.dumps(theirs)
    presence = await ann.expect("presence", spectators=1)
    assert presence["seats"] == [0]
    await bob.connect(code, html=True)
    board = await bob.expect("board")
    assert board["seat"] == 1 and "data-move=" in board["html"]
    assert "view" not in board
    await ann.expect("presence", seats=[0, 1])


async def first_move_watched(server: LiveServer, people: Make) -> tuple[str, list[Any]]:
    """Two seats and a spectator connected, the game started, Ann's first move sent:
    the room's code and (Ann, Bob, the spectator)."""
    code, (ann, bob) = await seated_room(server, people, 2)
    watcher = people(server)
    for person in (ann, bob, watcher):
        await person.connect(code)
    await start(code, ann)
    first = await ann.expect("view", version=1)
    await ann.send({"type": "move", "version": 1, "move": first["view"]["moves"][0]})
    return code, [ann, bob, watcher]


async def test_a_move_reaches_everyone_rendered_for_each(
    server: LiveServer, people: Make,
) -> None:
    _, (ann, bob, watcher) = await first_move_watched(server, people)
    for person, seat in ((ann, 0), (bob, 1), (watcher, None)):
        view = await person.expect("view", version=2)
        assert view["seat"] == seat and view["view"]["chosen"] == [True, False]
        assert view["log_text"] == ["P0 has chosen."]


async def test_refused_messages_leave_the_game_unchanged_for_everyone(
    server: LiveServer, people: Make,
) -> None:
    code, (ann, bob) = await seated_room(server, people, 2)
    watcher = people(server)
    await start(code, ann)
    for person in (ann, bob, watcher):
        await person.connect(code)
        await person.expect("view", version=1)
    hand = (await (await ann.api("GET", f"/api/rooms/{code}/view")).aread()).decode()
    my_card = json.loads(hand)["view"]["hand"][0]
    bobs_card = json.loads((await bob.api("GET", f"/api/rooms/{code}/view")).text)["view"][
        "hand"][0]
    cases: list[tuple[Person, Any, str]] = [
        (ann, {"type": "move", "version": 1, "move": {"type": "pick", "card": bobs_card}},
         "illegal"),
        (ann, {"type": "move", "version": 1, "move": {"type": "dance"}}, "illegal"),
        (ann, {"type": "move", "version": 0, "move": {"type": "pick", "card": my_card}},
         "stale"),
        (ann, {"type": "move", "version": "one", "move": {}}, "malformed"),
        (ann, {"type": "move", "move": {"type": "pick", "card": my_card}}, "malformed"),
        (ann, {"type": "teleport"}, "malformed"),
        (ann, "not json at all", "malformed"),
        (ann, "[1, 2, 3]", "malformed"),
        (ann, "[" * 4000 + "]" * 4000, "malformed"),
        (ann, {"type": "move", "version": 1, "move": {"type": "pick", "card": my_card},
               "extra": 1}, "malformed"),
        (ann, json.dumps({"type": "chat", "text": "x" * 9000}), "too_big"),
        (ann, {"type": "chat", "text": "   "}, "invalid_chat"),
        (watcher, {"type": "move", "version": 1, "move": {"type": "pick", "card": my_card}},
         "not_seated"),
    ]
    for person, message, code_ in cases:
        await person.send(message)
        error = await person.expect("error")
        assert error["code"] == code_, (message, error)
        assert error["reason"]
        if code_ == "stale":
            current = await person.expect("view")
            assert current["version"] == 1 and error["version"] == 1
    assert ann.ws is not None
    await ann.ws.send(b"\x00binary")
    assert (await ann.expect("error"))["code"] == "malformed"
    # nobody got a new view; the game is still at version 1 and the socket still works
    for person in (ann, bob, watcher):
        assert not [m for m in await person.quiet(0.3) if m["type"] in {"view", "board"}]
    await bob.send({"type": "move", "version": 1, "move": {"type": "pick", "card": bobs_card}})
    assert (await ann.expect("view"))["version"] == 2


async def test_text_that_is_not_utf8_closes_the_socket_and_logs_one_line(
    server: LiveServer, people: Make,
) -> None:
    code, (ann, bob) = await seated_room(server, people, 2)
    await start(code, ann)
    for person in (ann, bob):
        await person.connect(code)
        await person.expect("view", version=1)
    said: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = said.append  # type: ignore[method-assign]
    logger = logging.getLogger("uvicorn.error")
    logger.addHandler(handler)
    try:
        assert ann.ws is not None
        await ann.ws.send(b'{"type": "chat", "text": "\xff\xfe"}', text=True)
        with pytest.raises(ConnectionClosed) as closed:
            while True:  # what was on its way still arrives first
                await asyncio.wait_for(ann.ws.recv(), 5)
    finally:
        logger.removeHandler(handler)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1007
    assert [(r.levelno, r.exc_info) for r in said] == [(logging.WARNING, None)]
    await bob.send({"type": "chat", "text": "still here"})  # the room goes on
    assert (await bob.expect("chat"))["text"] == "still here"


async def test_out_of_turn_and_wrong_seat_moves_are_refused(
    server: LiveServer, people: Make,
) -> None:
    code, (ann, bob) = await seated_room(server, people, 2)
    await start(code, ann)
    await ann.connect(code)
    view = await ann.expect("view", version=1)
    hand = view["view"]["hand"]
    await ann.send({"type": "move", "version": 1, "move": {"type": "pick", "card": hand[0]}})
    await ann.expect("view", version=2)
    await ann.send({"type": "move", "version": 2, "move": {"type": "pick", "card": hand[1]}})
    error = await ann.expect("error")
    assert error["code"] == "illegal" and "cannot play" in error["reason"]
    snapshot = json.loads((await bob.api("GET", f"/api/rooms/{code}/view")).text)
    assert snapshot["version"] == 2


async def test_chat_reaches_players_and_spectators_and_comes_back_on_connect(
    server: LiveServer, people: Make,
) -> None:
    code, (ann, _bob) = await seated_room(server, people, 2)
    watcher = people(server)
    await ann.connect(code)
    await watcher.connect(code)
    await watcher.expect("presence")
    await ann.send({"type": "chat", "text": "<b>hi</b>"})
    line = await watcher.expect("chat")
    assert (line["name"], line["text"], line["seat"]) == ("P0", "<b>hi</b>", 0)
    await watcher.send({"type": "chat", "text": "hello"})
    assert (await ann.expect("chat", text="hello"))["name"] == "Spectator"
    late = people(server)
    await late.connect(code)
    assert [(await late.expect("chat"))["text"] for _ in range(2)] == ["<b>hi</b>", "hello"]


async def test_spectators_off_refuses_spectators_but_not_players(
    server: LiveServer, people: Make,
) -> None:
    code, (ann, _bob) = await seated_room(server, people, 2, spectators=False)
    await ann.connect(code)
    assert (await ann.expect("room"))["seat"] == 0
    stranger = people(server)
    await stranger.connect(code)
    error = await stranger.expect("error")
    assert error["code"] == "no_spectators"
    assert stranger.ws is not None
    await stranger.ws.wait_closed()
    assert stranger.ws.close_code == 4403


async def test_origin_must_match_the_host(server: LiveServer, people: Make) -> None:
    code, (ann, _bob) = await seated_room(server, people, 2)
    with pytest.raises(InvalidStatus) as refused:
        await ann.connect(code, origin="https://evil.example")
    assert refused.value.response.status_code == 403
    await ann.connect(code, origin=f"http://127.0.0.1:{server.port}")
    assert (await ann.expect("room"))["seat"] == 0


async def test_unknown_room_gets_an_error(server: LiveServer, people: Make) -> None:
    person = people(server)
    await person.connect("nosuchroom")
    assert (await person.expect("error"))["code"] == "not_found"


async def test_reconnect_with_the_cookie_after_a_dropped_connection(
    server: LiveServer, people: Make,
) -> None:
    code, (ann, bob) = await seated_room(server, people, 2)
    await start(code, ann)
    await ann.connect(code)
    first = await ann.expect("view", version=1)
    assert ann.ws is not None
    await ann.ws.close()  # dropped; meanwhile Bob moves
    await bob.connect(code)
    bobs = await bob.expect("view", version=1)
    await bob.send({"type": "move", "version": 1, "move": bobs["view"]["moves"][0]})
    await bob.expect("view", version=2)
    await ann.connect(code)
    back = await ann.expect("view")
    assert back["version"] == 2 and back["seat"] == 0  # the newest, in her own seat
    assert back["view"]["hand"] == first["view"]["hand"]


async def test_seat_taken_while_connected_switches_the_socket_to_the_seat(
    server: LiveServer, people: Make,
) -> None:
    host = people(server)
    code = (await host.api("POST", "/api/rooms", json={"game": TOY, "seats": 2})).json()["code"]
    await host.connect(code)
    assert (await host.expect("room"))["seat"] is None
    await host.api("POST", f"/api/rooms/{code}/seats", json={"name": "Host"})
    assert host.ws is not None
    # the socket keeps the cookie it connected with: a new socket brings the new one
    await host.connect(code)
    room = await host.expect("room")
    assert room["seat"] == 0 and room["host"] is True


async def test_a_removed_player_becomes_a_spectator(server: LiveServer, people: Make) -> None:
    code, (ann, bob) = await seated_room(server, people, 2)
    await start(code, ann)
    await bob.connect(code)
    assert (await bob.expect("view"))["seat"] == 1
    assert (await ann.api("DELETE", f"/api/rooms/{code}/seats/1")).status_code == 204
    room = await bob.expect("room", seat=None)
    assert room["room"]["seats"][1]["bot"]  # mid-game a bot takes it over
    view = await bob.expect("view")
    assert view["seat"] is None and view["view"]["hand"] is None


async def test_rematch_reaches_every_socket_in_the_same_room(
    server: LiveServer, people: Make,
) -> None:
    code, players = await seated_room(server, people, 2, tricks=1)
    for person in players:
        await person.connect(code)
    await start(code, players[0])
    finals = await asyncio.gather(*(autoplay(p, random.Random(1)) for p in players))
    response = await players[1].api("POST", f"/api/rooms/{code}/rematch")
    assert response.json() == {"code": code, "status": "finished"}  # proposed
    room = await players[0].expect("room")  # the other socket is told who agreed
    while not room["room"]["seats"][1]["rematch"]:  # (skip the "finished" notice)
        room = await players[0].expect("room")
    assert (room["room"]["status"], room["room"]["seats"][0]["rematch"]) == ("finished", False)
    response = await players[0].api("POST", f"/api/rooms/{code}/rematch")
    assert response.json() == {"code": code, "status": "playing"}  # agreed
    for person, final in zip(players, finals, strict=True):
        fresh = await person.expect("view", version=final["version"] + 1)
        assert fresh["status"] == "playing" and fresh["log_text"] == [] and fresh["outcome"] is None
        room = await person.expect("room")
        while room["room"]["status"] != "playing":  # skip the earlier "finished" notice
            room = await person.expect("room")
        assert room["room"]["game_no"] == 2


async def test_room_info_shows_who_is_connected(server: LiveServer, people: Make) -> None:
    code, (ann, bob) = await seated_room(server, people, 2)
    await bob.connect(code)
    await bob.expect("presence", seats=[1])
    room = (await ann.api("GET", f"/api/rooms/{code}")).json()
    assert [s["connected"] for s in room["seats"]] == [False, True]


async def test_a_flood_of_messages_is_slowed_down_not_fatal(
    server: LiveServer, people: Make,
) -> None:
    code, (ann, _bob) = await seated_room(server, people, 2)
    await ann.connect(code)
    for i in range(70):  # the budget: a burst of CHAT_PER_MINUTE (60)
        await ann.send({"type": "chat", "text": f"spam {i}"})
    got = await ann.quiet(0.5)
    errors = [m for m in got if m["type"] == "error"]
    assert errors and all(e["code"] == "too_fast" for e in errors)
    assert 60 <= len([m for m in got if m["type"] == "chat"]) < 70
    limiter = server.app.state.limiter
    later = limiter.clock() + 1.1
    limiter.clock = lambda: later  # a second later for the bucket, without waiting for it
    await ann.send({"type": "chat", "text": "calm again"})
    assert (await ann.expect("chat", text="calm again"))["name"] == "P0"


async def test_chat_is_limited_per_client_and_room_not_per_socket(
    sqlite_url: str, games: dict[str, Any], people: Make,
) -> None:
    """16 sockets x a burst of 10 made 160 lines at once, plus 60 over the API (issue
    35.3): every socket of a client in a room and the API share one budget."""
    from app.main import create_app
    from tests.conftest import settings_for

    low = settings_for(sqlite_url).model_copy(update={"chat_per_minute": 5})
    server = LiveServer(create_app(low, games))
    server.start()
    tabs: list[Person] = []
    try:
        code, (ann, bob) = await seated_room(server, people, 2)
        for _ in range(3):
            tab = Person(server)
            tab.http.cookies = ann.http.cookies
            await tab.connect(code)
            await tab.expect("presence")
            tabs.append(tab)
        for n in range(4):
            for i, tab in enumerate(tabs):
                await tab.send({"type": "chat", "text": f"tab {i} line {n}"})
        refused = 0
        for tab in tabs:  # a socket answers in order: its refusals come before this one's
            await tab.send({"type": "nothing we know"})
            while (error := await tab.expect("error"))["code"] != "malformed":
                refused += error["code"] == "too_fast"
        assert refused == 12 - 5
        said = (await bob.api("GET", f"/api/rooms/{code}/chat")).json()
        assert len(said) == 5
        over_api = await ann.api("POST", f"/api/rooms/{code}/chat", json={"text": "and here?"})
        assert over_api.status_code == 429
    finally:
        for tab in tabs:
            await tab.close()
        server.stop()


def test_the_chat_bucket_refills_with_its_clock() -> None:
    now = [100.0]
    bucket = Bucket(burst=3, rate=1, clock=lambda: now[0])
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.5
    assert not bucket.take()
    now[0] += 0.6
    assert bucket.take() and not bucket.take()
    now[0] += 60
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]


async def test_a_removed_player_loses_the_socket_when_spectators_are_off(
    server: LiveServer, people: Make,
) -> None:
    """Issue 13: the host removes a player mid-game, another leaves before the start:
    each one's open socket is told and closed (4403), and gets no more views or chat."""
    code, (ann, bob, cid) = await seated_room(server, people, 3, spectators=False)
    await cid.connect(code)
    await cid.expect("room")
    assert (await cid.api("DELETE", f"/api/rooms/{code}/seat")).status_code == 204
    assert (await cid.expect("error"))["code"] == "no_spectators"
    with pytest.raises(ConnectionClosed):
        while True:
            assert (await cid.receive(timeout=5))["type"] != "view"
    assert cid.ws is not None and cid.ws.close_code == 4403
    taken = await people(server).api("POST", f"/api/rooms/{code}/seats", json={"name": "C"})
    assert taken.status_code == 201
    await start(code, ann)
    await bob.connect(code)
    await bob.expect("view", version=1)
    assert (await ann.api("DELETE", f"/api/rooms/{code}/seats/1")).status_code == 204
    assert (await bob.expect("error"))["code"] == "no_spectators"
    with pytest.raises(ConnectionClosed):
        await bob.send({"type": "chat", "text": "still here?"})  # too late: closed
        while True:
            assert (await bob.receive(timeout=5))["type"] != "view"
    assert bob.ws is not None and bob.ws.close_code == 4403
    history = (await ann.api("GET", f"/api/rooms/{code}/chat")).json()
    assert history == []


async def test_socket_limits_answer_too_fast(
    sqlite_url: str, games: dict[str, Any], people: Make,
) -> None:
    """Each socket-side limit, set low here, answers `too_fast`; the defaults are far
    above a real table (a whole game at full speed above never meets them)."""
    from app.main import create_app
    from tests.conftest import settings_for

    low = settings_for(sqlite_url).model_copy(
        update={"sockets_per_client_room": 2, "stale_moves_per_minute": 2})
    server = LiveServer(create_app(low, games))
    server.start()
    try:
        code, (ann, bob) = await seated_room(server, people, 2)
        await start(code, ann)
        await ann.connect(code)
        view = await ann.expect("view", version=1)
        other = Person(server)
        await other.connect(code)  # the second socket from this address: fine
        await other.expect("room")
        third = Person(server)
        await third.connect(code)
        assert (await third.expect("error"))["code"] == "too_fast"
        with pytest.raises(ConnectionClosed):
            await third.receive(timeout=5)
        assert third.ws is not None and third.ws.close_code == 4429
        move = view["view"]["moves"][0]
        codes = []
        for _ in range(3):  # a seat that was not to act at version 0: stale, each time
            await ann.send({"type": "move", "version": 0, "move": move})
            codes.append((await ann.expect("error"))["code"])
        assert codes == ["stale", "stale", "too_fast"]
        await ann.send({"type": "move", "version": 1, "move": move})  # slowed down too
        assert (await ann.expect("error"))["code"] == "too_fast"
        assert (await bob.api("GET", f"/api/rooms/{code}")).json()["version"] == 1
        for person in (other, third):
            await person.close()
    finally:
        server.stop()


async def test_a_room_has_one_bus_subscription_for_all_its_sockets(
    server: LiveServer, people: Make,
) -> None:
    """The room's feed follows the channel once for every socket here (app/web/socket/feed.py),
    each socket still gets its own viewer's message, and the feed ends with the last."""
    from app.realtime.broker import channel

    code, (ann, bob) = await seated_room(server, people, 2)
    watcher = people(server)
    for person in (ann, bob, watcher):
        await person.connect(code)
        await person.expect("presence")
    broker = server.app.state.rooms.broker
    assert len(broker.subscribers[channel(code)]) == 1
    await start(code, ann)
    views = [await p.expect("view") for p in (ann, bob, watcher)]
    assert [v["seat"] for v in views] == [0, 1, None]
    assert views[0]["view"]["hand"] and views[2]["view"]["hand"] is None
    for person in (ann, bob, watcher):
        await person.close()
    for _ in range(100):
        if channel(code) not in broker.subscribers:
            break
        await asyncio.sleep(0.05)
    assert channel(code) not in broker.subscribers


async def test_a_version_s_frames_go_once_sent_and_are_made_again_the_same(
    server: LiveServer, people: Make,
) -> None:
    """The feed drops a version's frames once every socket here has its message
    (app/rooms/live.py: `LiveRoom.release`); a socket greeted afterwards at the same
    version gets the same picture, made again, as the sockets that were there."""
    import httpx

    code, (ann, bob, watcher) = await first_move_watched(server, people)
    sent = {seat: await person.expect("view", version=2)
            for person, seat in ((ann, 0), (bob, 1), (watcher, None))}
    live = server.app.state.rooms.watched(code)
    assert live is not None
    for _ in range(200):  # the feed drops them after its last socket's send
        if not live.frames:
            break
        await asyncio.sleep(0.01)
    assert live.frames == {} and live.version == 2
    for person, seat in ((ann, 0), (bob, 1), (watcher, None)):
        twin = people(server)
        twin.http.cookies = httpx.Cookies(person.http.cookies)
        await twin.connect(code)
        again = await twin.expect("view", version=2)
        assert again["seat"] == seat
        assert again["view"] == sent[seat]["view"] and again["log_text"] == sent[seat]["log_text"]
        await twin.close()
