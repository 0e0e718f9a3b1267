"""A minimal WebSocket client for the connect bench: one HTTP upgrade request written on
a raw asyncio transport, the 101 read and checked, the greeting's first frame awaited;
after that the socket only holds (what the server sends is read and dropped) until it
is closed with a close frame.

`websockets.connect` cost the load client about as much CPU per connect as the server
spent (proxy lookups in the environment, URI parsing, header objects, a keepalive task
per socket), and the client shares the machine's two cores with the server it
measures. This one costs a socket, one write and a read or two, the same for the floor
and the project. It never answers pings: a held socket lives seconds, not the server's
20 s ping interval. Talks only to 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import os
from typing import cast
from urllib.parse import urlsplit

KEY = base64.b64encode(b"stammtisch-bench").decode()  # any 16 bytes, the same each time
ACCEPT = base64.b64encode(
    hashlib.sha1((KEY + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest())
# A masked close frame, code 1000 (a client's frames are masked: RFC 6455 5.3).
_MASK = os.urandom(4)
CLOSE = b"\x88\x82" + _MASK + bytes(b ^ _MASK[i] for i, b in enumerate(b"\x03\xe8"))


def request(url: str, cookie: str | None = None) -> bytes:
    """The upgrade request for `ws://host:port/path?query`."""
    parts = urlsplit(url)
    target = parts.path + (f"?{parts.query}" if parts.query else "")
    lines = [f"GET {target} HTTP/1.1", f"Host: {parts.netloc}", "Upgrade: websocket",
             "Connection: Upgrade", f"Sec-WebSocket-Key: {KEY}", "Sec-WebSocket-Version: 13"]
    if cookie:
        lines.append(f"Cookie: {cookie}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


class HeldSocket(asyncio.Protocol):
    """`greeted` is done once the 101 is in and checked and a first frame has begun
    (the server holds the socket); an exception if the server refused or closed."""

    def __init__(self, upgrade: bytes) -> None:
        self.upgrade = upgrade
        self.greeted: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.transport: asyncio.Transport | None = None
        self.head = b""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's is no subclass
        self.transport.write(self.upgrade)

    def data_received(self, data: bytes) -> None:
        if self.greeted.done():
            return  # the rest of the greeting, presence: held, not read
        self.head += data
        end = self.head.find(b"\r\n\r\n")
        if end < 0:
            return
        head = self.head[:end]
        if not head.startswith(b"HTTP/1.1 101 ") or ACCEPT not in head:
            self.greeted.set_exception(ConnectionError(head.split(b"\r\n", 1)[0].decode()))
        elif len(self.head) > end + 4:  # a frame after the headers: the greeting began
            self.head = b""
            self.greeted.set_result(None)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.greeted.done():
            self.greeted.set_exception(exc or ConnectionError("closed before the greeting"))

    def close(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(CLOSE)
            self.transport.close()


async def hold(url: str, cookie: str | None = None, timeout: float = 60) -> HeldSocket:
    """A socket to `url` (ws://127.0.0.1:port/...), once its greeting has begun."""
    parts = urlsplit(url)
    assert parts.hostname == "127.0.0.1", "the bench talks only to 127.0.0.1"
    loop = asyncio.get_running_loop()
    _, socket = await asyncio.wait_for(
        loop.create_connection(lambda: HeldSocket(request(url, cookie)),
                               parts.hostname, parts.port or 80), timeout)
    try:
        await asyncio.wait_for(socket.greeted, timeout)
    except BaseException:
        if socket.transport is not None:
            socket.transport.abort()
        raise
    return socket
