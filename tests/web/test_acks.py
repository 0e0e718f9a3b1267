"""The client is told (docs/contracts.md §3): a move or chat line sent with an `id` is
answered by an `ack` naming it once it is stored (a move's before the board it made),
or by the `error` naming it; a bad id is refused and changes nothing. Real sockets, two
clients (the browser's way, regions, and a JSON client)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from tests.client import Make, Person, seated_room, start
from tests.live import LiveServer


async def hands(code: str, *people: Person) -> list[list[int]]:
    views = [json.loads((await p.api("GET", f"/api/rooms/{code}/view")).text) for p in people]
    return [view["view"]["hand"] for view in views]


async def table(server: LiveServer, people: Make) -> tuple[str, Person, Person]:
    """A started toy game: Ann's socket takes regions, as a browser's, Bob's views."""
    code, (ann, bob) = await seated_room(server, people, 2)
    await start(code, ann)
    await ann.connect(code, html=True, regions=True)
    await bob.connect(code)
    await ann.expect("board", version=1)
    await bob.expect("view", version=1)
    await ann.expect("presence", seats=[0, 1])
    return code, ann, bob


async def until(person: Person, kind: str, **match: Any) -> list[dict[str, Any]]:
    """Everything `person` is sent up to and including the first `kind` message with
    these fields, in order."""
    got = []
    while True:
        message = await person.receive()
        got.append(message)
        if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
            return got


async def test_a_move_s_ack_comes_before_the_board_it_made(
    server: LiveServer, people: Make, monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, ann, bob = await table(server, people)
    rooms, feeds = server.app.state.rooms, server.app.state.feeds
    submit = rooms.submit_move

    async def slowly(*args: Any) -> int:
        """The move is stored and its notice reaches this process's sockets before the
        submit returns (as a busy bus can make it): it must wait for the ack."""
        version: int = await submit(*args)

        def handed(connection: Any) -> bool:  # sent, or waiting for the answer
            return connection.sent_version >= version or any(
                m.get("version") == version for m in connection.backlog or ())

        for _ in range(500):
            if all(handed(c) for c in feeds.feeds[code].connections):
                return version
            await asyncio.sleep(0.01)
        raise AssertionError("the move's notice did not come to the sockets")

    monkeypatch.setattr(rooms, "submit_move", slowly)
    mine, _ = await hands(code, ann, bob)
    await ann.send({"type": "move", "version": 1, "move": {"type": "pick", "card": mine[0]},
                    "id": "m17"})
    got = await until(ann, "board", version=2)
    acks = [m for m in got if m["type"] == "ack"]
    assert acks == [{"type": "ack", "id": "m17", "version": 2}]
    # Bob sees the move and no ack: acks go to the sender alone, a move without an id
    # gets none
    assert not [m for m in await until(bob, "view", version=2) if m["type"] == "ack"]
    monkeypatch.setattr(rooms, "submit_move", submit)
    _, his = await hands(code, ann, bob)
    await bob.send({"type": "move", "version": 2, "move": {"type": "pick", "card": his[0]}})
    assert not [m for m in await until(bob, "view", version=3) if m["type"] == "ack"]


async def test_a_refused_move_s_error_names_its_id_and_changes_nothing(
    server: LiveServer, people: Make,
) -> None:
    code, ann, bob = await table(server, people)
    watcher = people(server)
    await watcher.connect(code)
    await watcher.expect("view", version=1)
    mine, his = await hands(code, ann, bob)
    cases: list[tuple[Person, dict[str, Any], str]] = [
        (ann, {"type": "move", "version": 1, "move": {"type": "pick", "card": his[0]}},
         "illegal"),
        (ann, {"type": "move", "version": 1, "move": {"type": "dance"}}, "illegal"),
        (ann, {"type": "move", "version": "one", "move": {}}, "malformed"),
        (ann, {"type": "move", "version": 1, "move": {}, "extra": 1}, "malformed"),
        (watcher, {"type": "move", "version": 1, "move": {"type": "pick", "card": mine[0]}},
         "not_seated"),
    ]
    for n, (person, message, code_) in enumerate(cases):
        await person.send({**message, "id": f"r{n}"})
        error = await person.expect("error")
        assert (error["code"], error["id"]) == (code_, f"r{n}"), message
    for person in (ann, bob, watcher):
        got = await person.quiet(0.3)
        assert not [m for m in got if m["type"] in ("ack", "view", "board")], got
    assert json.loads((await bob.api("GET", f"/api/rooms/{code}/view")).text)["version"] == 1


async def test_a_stale_move_s_error_names_its_id_after_another_seat_s_move(
    server: LiveServer, people: Make,
) -> None:
    code, ann, bob = await table(server, people)
    mine, his = await hands(code, ann, bob)
    await ann.send({"type": "move", "version": 1, "move": {"type": "pick", "card": mine[0]},
                    "id": "a1"})
    await until(ann, "ack", id="a1", version=2)
    await bob.send({"type": "move", "version": 2, "move": {"type": "pick", "card": his[0]},
                    "id": "b1"})
    await until(bob, "ack", id="b1", version=3)  # the trick is over: a new one at 3
    await until(ann, "board", version=3)
    # Ann's next pick sent as if she had not seen version 3: at version 2 she had chosen
    await ann.send({"type": "move", "version": 2, "move": {"type": "pick", "card": mine[1]},
                    "id": "a2"})
    error = await ann.expect("error")
    assert (error["code"], error["id"], error["version"]) == ("stale", "a2", 3)
    assert (await ann.expect("board"))["version"] == 3  # the table it points to
    assert json.loads((await bob.api("GET", f"/api/rooms/{code}/view")).text)["version"] == 3


async def test_a_chat_line_is_acked_once_stored_and_a_refused_one_names_its_id(
    server: LiveServer, people: Make,
) -> None:
    code, ann, bob = await table(server, people)
    await ann.send({"type": "chat", "text": "Prost!", "id": "c-1"})
    assert await ann.expect("ack") == {"type": "ack", "id": "c-1", "version": None}
    assert (await bob.expect("chat"))["text"] == "Prost!"
    await ann.send({"type": "chat", "text": "   ", "id": "c-2"})
    error = await ann.expect("error")
    assert (error["code"], error["id"]) == ("invalid_chat", "c-2")
    said = (await ann.api("GET", f"/api/rooms/{code}/chat")).json()
    assert [line["text"] for line in said] == ["Prost!"]


@pytest.mark.parametrize(("text", "code"), [("x" * 2001, "malformed"), ("x" * 9000, "too_big")])
async def test_a_chat_line_refused_before_it_is_read_still_names_its_id(
    server: LiveServer, people: Make, text: str, code: str,
) -> None:
    """Too long for a chat line, or for any message: the page gives the words back by
    this id alone (static/room/socket.js)."""
    room, ann, _ = await table(server, people)
    await ann.send({"type": "chat", "text": text, "id": "c-9"})
    error = await ann.expect("error")
    assert (error["code"], error["id"]) == (code, "c-9")
    assert (await ann.api("GET", f"/api/rooms/{room}/chat")).json() == []


@pytest.mark.parametrize("ident", ["x" * 41, 17, None, ["m1"], {"id": "m1"}, True])
async def test_an_id_that_is_not_short_text_is_refused_and_changes_nothing(
    server: LiveServer, people: Make, ident: Any,
) -> None:
    code, ann, bob = await table(server, people)
    mine, _ = await hands(code, ann, bob)
    for message in ({"type": "move", "version": 1, "move": {"type": "pick", "card": mine[0]}},
                    {"type": "chat", "text": "Prost!"}):
        await ann.send({**message, "id": ident})
        error = await ann.expect("error")
        assert error == {"type": "error", "code": "malformed", "version": None,
                         "reason": "An id must be text of at most 40 characters."}
    assert not [m for m in await ann.quiet(0.3) if m["type"] in ("ack", "board", "chat")]
    assert json.loads((await bob.api("GET", f"/api/rooms/{code}/view")).text)["version"] == 1
    assert (await ann.api("GET", f"/api/rooms/{code}/chat")).json() == []
    # forty characters are an id
    await ann.send({"type": "move", "version": 1, "move": {"type": "pick", "card": mine[0]},
                    "id": "x" * 40})
    assert (await ann.expect("ack"))["id"] == "x" * 40
