"""What a connect costs the database: one read (one session) when the room is not in
memory, none when it is (issue 12). Counted on the real engine with SQLAlchemy's own
cursor events, the server being a real uvicorn with real sockets."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import event

from tests.client import Make, seated_room, start
from tests.live import LiveServer


@contextmanager
def statements(server: LiveServer) -> Iterator[list[str]]:
    """Every SQL statement the server's engine runs meanwhile (and each checkout of a
    connection from its pool, as "checkout": one per session)."""
    engine = server.app.state.rooms.repo.engine.sync_engine
    seen: list[str] = []

    def on_statement(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        seen.append(statement)

    def on_checkout(*args: Any) -> None:
        seen.append("checkout")

    event.listen(engine, "before_cursor_execute", on_statement)
    event.listen(engine.pool, "checkout", on_checkout)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", on_statement)
        event.remove(engine.pool, "checkout", on_checkout)


async def test_a_connect_reads_once_if_the_room_is_not_in_memory_and_never_if_it_is(
    server: LiveServer, people: Make,
) -> None:
    code, (ann, bob) = await seated_room(server, people, 2)
    await start(code, ann)
    watcher = people(server)
    with statements(server) as cold:
        await ann.connect(code)
        await ann.expect("presence")  # the greeting's last message
    assert cold.count("checkout") == 1, cold  # one session: room + seats, moves, chat
    assert all(s == "checkout" or s.lstrip().upper().startswith("SELECT") for s in cold)
    with statements(server) as warm:
        for person in (bob, watcher):  # a seat and a spectator of the room in memory
            await person.connect(code)
            greeting = await person.expect("view")
            await person.expect("presence")
            assert greeting["version"] == 1
        await ann.expect("presence")  # the others' arrival reached the first socket
    assert warm == []


async def test_the_room_message_is_shared_by_its_viewers_and_remade_when_presence_changes(
    server: LiveServer, people: Make,
) -> None:
    code, (ann, bob) = await seated_room(server, people, 2)
    first, second = people(server), people(server)

    async def room_of(person: Any) -> dict[str, Any]:
        await person.connect(code)
        message = await person.expect("room")
        await person.expect("presence")
        return message

    host, watcher = await room_of(ann), await room_of(first)
    assert (host["seat"], host["host"]) == (0, True)
    assert (watcher["seat"], watcher["host"]) == (None, False)  # the host's own is not his
    assert host["room"] == watcher["room"]
    assert [s["connected"] for s in watcher["room"]["seats"]] == [True, False]
    hub = server.app.state.hub
    assert set(hub._shared[code][1]) == {(0, True), (None, False)}  # one text per variant
    await room_of(bob)
    later = await room_of(second)  # bob is connected now: made again, not the old text
    assert [s["connected"] for s in later["room"]["seats"]] == [True, True]
    assert (later["seat"], later["host"]) == (None, False)


async def test_the_greeting_s_messages_come_in_order(server: LiveServer, people: Make) -> None:
    code, (ann, bob) = await seated_room(server, people, 2)
    await start(code, ann)
    await bob.api("POST", f"/api/rooms/{code}/chat", json={"text": "hello"})
    await ann.connect(code)
    got = [await ann.receive() for _ in range(4)]
    assert [m["type"] for m in got] == ["room", "view", "chat", "presence"]
    assert got[2]["text"] == "hello"
    assert got[1]["log_reset"] is True


async def test_a_stale_move_s_error_comes_before_the_table_it_points_to(
    server: LiveServer, people: Make,
) -> None:
    code, (ann, _bob) = await seated_room(server, people, 2)
    await start(code, ann)
    await ann.connect(code)
    _room, view, _presence = [await ann.receive() for _ in range(3)]  # the greeting
    await ann.send({"type": "move", "version": 0, "move": view["view"]["moves"][0]})
    answer: list[dict[str, Any]] = []
    while len(answer) < 2:  # (a presence report may come between: not part of it)
        message = await ann.receive()
        if message["type"] != "presence":
            answer.append(message)
    error, table = answer
    assert (error["type"], error["code"], error["version"]) == ("error", "stale", 1)
    assert "id" not in error  # the move named none
    assert (table["type"], table["version"]) == ("view", 1)
    assert table["log_reset"] is True  # the whole log again, from its start


async def test_a_chat_line_said_while_a_socket_is_greeted_reaches_it_once(
    server: LiveServer, people: Make, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ann speaks while Bob's greeting is being made: the line is in the chat the
    greeting sends and its notice waits in Bob's backlog; he reads it once, not twice
    (Connection.greet skips a backlog line the greeting had), and after the greeting."""
    code, (ann, bob) = await seated_room(server, people, 2)
    await ann.connect(code)
    await ann.expect("presence")
    rooms, feeds = server.app.state.rooms, server.app.state.feeds
    history = rooms.chat_history

    async def meanwhile(room: str) -> Any:
        line = await rooms.chat(room, 0, "Prost")
        for _ in range(500):  # until the line's notice waits for the socket being greeted
            if any(c.backlog for c in feeds.feeds[room].connections):
                break
            await asyncio.sleep(0.01)
        else:
            raise AssertionError("the notice did not reach the backlog")
        said = await history(room)
        assert line in said
        return said

    monkeypatch.setattr(rooms, "chat_history", meanwhile)
    await bob.connect(code)
    got = await bob.quiet(1.0)
    chats = [m["text"] for m in got if m["type"] == "chat"]
    assert chats == ["Prost"]
    assert got[0]["type"] == "room"
    assert (await ann.expect("chat"))["text"] == "Prost"
