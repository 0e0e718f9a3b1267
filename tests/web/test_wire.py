"""The direct text frame (app/web/wire.py): the bytes websockets makes, and taken only
on a plainly open socket of uvicorn's websockets-sansio protocol."""

from __future__ import annotations

import pytest
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket
from websockets.asyncio.client import connect
from websockets.frames import Frame, Opcode

from app.web.wire import protocol_of, text_frame, write_text
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
    await ann.send({"type": "move", "version": 1, "move": view["view"]["moves"][0]})
    assert (await ann.expect("view", version=2))["version"] == 2
