"""The connect bench's minimal client (bench/handshake.py) against the real app: it is
held once the greeting has begun, the server counts it as there and lets it go on its
close frame; a refused upgrade is an error, not a held socket."""

from __future__ import annotations

import asyncio

import pytest

from bench.handshake import hold
from tests.client import Make, seated_room
from tests.live import LiveServer


async def test_a_held_socket_is_greeted_counted_and_let_go(server: LiveServer,
                                                           people: Make) -> None:
    code, _ = await seated_room(server, people, 2)
    hub = server.app.state.hub
    socket = await hold(f"{server.ws_url}/ws/rooms/{code}")
    assert hub.spectators(code) == 1  # greeted: the server holds it as a spectator
    socket.close()
    for _ in range(100):
        if not hub.local.get(code):
            break
        await asyncio.sleep(0.05)
    assert not hub.local.get(code)


async def test_a_refused_upgrade_is_an_error(server: LiveServer) -> None:
    with pytest.raises(ConnectionError, match="403"):  # no such socket route
        await hold(f"{server.ws_url}/ws/nowhere", timeout=10)
