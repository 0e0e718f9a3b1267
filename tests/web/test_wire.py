"""The direct text frame (app/web/wire.py): the bytes websockets makes, and taken only
on a plainly open socket of uvicorn's websockets-sansio protocol; and the direct read
from uvicorn's queue, taken only when the socket's `receive` is the protocol's own."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketState
from websockets.asyncio.client import connect
from websockets.frames import Frame, Opcode

from app.web.wire import Inbox, protocol_of, receiver, text_frame, write_text
from tests.client import Make, seated_room, start
from tests.live import LiveServer


@pytest.mark.parametrize("size", [0, 1, 125, 126, 65535, 65536, 70000])
def test_the_frame_is_the_one_websockets_makes(size: int) -> None:
    text = ("é" * size)[:size] if size % 2 else "x" * size
    expected = Frame(Opcode.TEXT, text.encode()).serialize(mask=False, extensions=[])
    assert text_frame(text) == expected


@pytest.mark.parametrize("text", ["", "x" * 125, "é·" * 200, "ü" * 40000])
def test_a_text_s_utf8_bytes_make_the_same_frame_as_the_text(text: str) -> None:
    expected = Frame(Opcode.TEXT, text.encode()).serialize(mask=False, extensions=[])
    assert text_frame(text.encode()) == expected == text_frame(text)


def test_kept_frames_belong_to_their_text_however_many_texts_come() -> None:
    texts = [f"{{\"version\": {i}}}" * (i % 7 + 1) for i in range(200)]  # past what is kept
    for text in texts + texts[::-1]:
        expected = Frame(Opcode.TEXT, text.encode()).serialize(mask=False, extensions=[])
        assert text_frame(text) == expected
        again = "".join(list(text))  # an equal text, another object
        assert again is not text and text_frame(again) == expected


async def test_open_sockets_write_directly_and_closed_ones_do_not() -> None:
    seen: list[object] = []

    async def endpoint(websocket: WebSocket) -> None:
        await websocket.accept()
        protocol = protocol_of(websocket)
        seen.append(protocol is not None)
        seen.append(write_text(websocket, protocol, "héllo"))
        seen.append(write_text(websocket, protocol, "wörld".encode()))
        await websocket.receive_text()
        await websocket.close()
        seen.append(write_text(websocket, protocol, "after close"))

    server = LiveServer(Starlette(routes=[WebSocketRoute("/ws", endpoint)]))
    server.start()
    try:
        async with connect(f"{server.ws_url}/ws") as ws:
            assert await ws.recv() == "héllo"
            assert await ws.recv() == "wörld"  # a text frame, not a binary one
            await ws.send("bye")
            await ws.wait_closed()
    finally:
        server.stop()
    assert seen == [True, True, True, False]


async def test_the_app_s_sockets_take_the_direct_way(server: LiveServer, people: Make) -> None:
    code, (ann, _bob) = await seated_room(server, people, 2)
    await start(code, ann)
    await ann.connect(code)
    view = await ann.expect("view", version=1)
    feed = server.app.state.feeds.feeds[code]
    assert [c.protocol is not None for c in feed.connections] == [True]
    assert [type(c.protocol.queue) for c in feed.connections] == [Inbox]  # read directly
    await ann.send({"type": "move", "version": 1, "move": view["view"]["moves"][0]})
    assert (await ann.expect("view", version=2))["version"] == 2


async def test_the_direct_read_takes_what_came_before_it_then_the_rest_in_order() -> None:
    seen: list[Any] = []

    async def endpoint(websocket: WebSocket) -> None:
        await websocket.accept()
        protocol = protocol_of(websocket)
        await websocket.send_text("go")
        while protocol.queue.empty():  # "one" has come before the direct read begins
            await asyncio.sleep(0.005)
        receive = receiver(websocket, protocol)
        seen.append(type(protocol.queue) is Inbox)
        for _ in range(3):
            message = await receive()
            seen.append(message.get("text", message["type"]))
        seen.append(websocket.client_state is WebSocketState.DISCONNECTED)
        with pytest.raises(RuntimeError):  # as Starlette's receive after a disconnect
            await receive()

    server = LiveServer(Starlette(routes=[WebSocketRoute("/ws", endpoint)]))
    server.start()
    try:
        async with connect(f"{server.ws_url}/ws") as ws:
            assert await ws.recv() == "go"
            await ws.send("one")
            await ws.send("twö")  # after uvicorn paused its reads for "one": read again
    finally:
        server.stop()
    assert seen == [True, "one", "twö", "websocket.disconnect", True]


async def test_a_wrapped_receive_is_read_the_ordinary_way() -> None:
    seen: list[Any] = []

    async def endpoint(websocket: WebSocket) -> None:
        await websocket.accept()
        protocol = protocol_of(websocket)  # sends are not wrapped: direct
        receive = receiver(websocket, protocol)
        seen.append(protocol is not None)
        seen.append(receive == websocket.receive)
        seen.append(type(protocol.queue) is asyncio.Queue)
        seen.append((await receive())["text"])

    def wrapping(app: Any) -> Any:
        async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
            async def inner() -> Any:
                return await receive()
            await app(scope, inner, send)
        return wrapped

    server = LiveServer(Starlette(routes=[WebSocketRoute("/ws", endpoint)]))
    server.app = wrapping(server.app)  # type: ignore[assignment]
    server.server.config.app = server.app
    server.start()
    try:
        async with connect(f"{server.ws_url}/ws") as ws:
            await ws.send("hi")
            await ws.wait_closed()
    finally:
        server.stop()
    assert seen == [True, True, True, "hi"]
