"""A socket whose peer stops reading (a laptop shut mid-game) must not hold up the
room: the others keep hearing everything at once, and the slow one is cut off once it
is far behind (app/web/socket/outbox.py)."""

from __future__ import annotations

import asyncio
import json
import socket
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from app.main import create_app
from app.settings import Settings
from app.web.socket import connection
from tests.client import Make, seated_room
from tests.live import LiveServer


async def test_a_peer_that_stops_reading_holds_up_nobody(
    sqlite_url: str, people: Make, games: dict[str, Any], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(connection, "LAG_LIMIT", 50)  # (500: the test would take long)
    settings = Settings(database_url=sqlite_url, chat_per_minute=100_000,  # type: ignore[call-arg]
                        _env_file=None)
    server = LiveServer(create_app(settings, games))
    server.start()
    try:
        code, (ann, _) = await seated_room(server, people, 2)
        await ann.connect(code)
        await ann.expect("presence")
        # A spectator that reads nothing: a small receive window, and its library stops
        # taking frames off the socket after the first.
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", server.port))
        sloth = await connect(f"{server.ws_url}/ws/rooms/{code}", sock=sock, max_queue=1,
                              close_timeout=0.5)
        await ann.expect("presence", spectators=1)
        # ... on a slow link: the server's side of its connection buffers little (the
        # kernel's send buffer would take megabytes on loopback before the app sees it).
        port = sock.getsockname()[1]
        (far,) = [c.transport for c in server.server.server_state.connections
                  if (c.transport.get_extra_info("peername") or ("", 0))[1] == port]
        far.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        text = "Prost! " * 42  # 294 characters
        for n in range(400):  # past what its buffers take (~200 lines here), and its lag
            said = await ann.api("POST", f"/api/rooms/{code}/chat", json={"text": f"{n} {text}"})
            assert said.status_code == 201, said.text
            try:
                got = await ann.expect("chat", timeout=5)
            except TimeoutError:
                raise AssertionError(f"stalled at {n}") from None
            assert got["text"].startswith(f"{n} "), n
        # Cut off far behind: it is gone from the room ...
        await ann.expect("presence", spectators=0)
        # ... and once it reads again, what its buffers held ends in a close, "try
        # again later" (the page reconnects to a fresh greeting).
        lines = []
        with pytest.raises(ConnectionClosed):
            while True:
                lines.append(json.loads(await asyncio.wait_for(sloth.recv(), 10)))
        assert sloth.close_code == 1013
        said = [int(m["text"].split()[0]) for m in lines if m["type"] == "chat"]
        assert said == list(range(len(said))) and 0 < len(said) < 400  # in order, cut
    finally:
        server.stop()
