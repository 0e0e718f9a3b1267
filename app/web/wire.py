"""A text frame written straight to the socket's transport, once it is accepted; and
a client's message taken straight from uvicorn's receive queue.

Each send of a state went through Starlette's `WebSocket.send` (state checks), the
exception middleware's `sender`, uvicorn's `send` (flow-control wait, encode, the
websockets protocol's frame, `data_to_send`, join) before the one `transport.write`:
a tenth of a move's CPU with four viewers. A server's text frame is fixed bytes (FIN,
opcode 1, no mask, no extension: the app runs without per-message compression), so it
is made once per text here and written as uvicorn would write it.

The fast way is taken only when every layer between us and uvicorn's websockets-sansio
protocol is one known to pass a `websocket.send` through unchanged, and only while the
socket is plainly open: Starlette's state CONNECTED, uvicorn not closing, not
disconnected, not paused by flow control, the websockets protocol OPEN without
extensions. Anything else goes the ordinary way, which raises or waits as before.

The read side (`receiver`) is the same idea: each message came through Starlette's
`WebSocket.receive` (state checks) and uvicorn's `receive` (the queue, then resuming
the reads it paused for the message), and on Python 3.11 every wait of an
`asyncio.Queue` asks `get_running_loop()`, a `getpid` system call (the last one of a
move). When the socket's `receive` is uvicorn's own, the queue becomes one bound to
the loop (`Inbox`: the same class's behaviour otherwise) and the message is taken
from it directly, doing exactly what the two layers did with it.
"""

from __future__ import annotations

import asyncio
import struct
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.types import Message
from starlette.websockets import WebSocket, WebSocketState

try:  # uvicorn's protocol of `--ws websockets-sansio` (the one `make run` serves)
    from uvicorn.protocols.websockets.websockets_sansio_impl import (
        WebSocketsSansIOProtocol,
    )
    from websockets.protocol import State
except ImportError:  # pragma: no cover - another server: always the ordinary way
    WebSocketsSansIOProtocol = None  # type: ignore[assignment,misc]
    State = None  # type: ignore[assignment,misc]

# Wrappers of `send` that pass a websocket.send message on untouched: Starlette's
# exception handling (it only notes an http.response.start).
_TRANSPARENT = frozenset({"wrap_app_handling_exceptions.<locals>.wrapped_app.<locals>.sender"})
_DEPTH = 6
# What `write_text` reads of uvicorn's protocol: a uvicorn that renamed any of them gets
# the ordinary way, not an AttributeError in the feed.
_READS = ("disconnected", "close_sent", "initial_response", "handshake_complete", "writable",
          "conn", "transport")


def protocol_of(websocket: WebSocket) -> Any | None:
    """uvicorn's websockets-sansio protocol behind `websocket`, when only transparent
    wrappers stand between them; else None."""
    if WebSocketsSansIOProtocol is None:
        return None
    send: Any = websocket._send
    for _ in range(_DEPTH):
        owner = getattr(send, "__self__", None)
        if isinstance(owner, WebSocketsSansIOProtocol):
            if not all(hasattr(owner, name) for name in _READS):
                return None
            return owner if not owner.conn.extensions else None
        code = getattr(send, "__code__", None)
        if code is None or code.co_qualname not in _TRANSPARENT or not send.__closure__:
            return None
        inner = [c.cell_contents for c in send.__closure__
                 if callable(getattr(c, "cell_contents", None))]
        if len(inner) != 1:
            return None
        send = inner[0]
    return None


# The last texts' frames, by the text object: the sockets of one viewer send the same
# text object (made once per version and viewer), most texts go to one socket, and an
# lru_cache keyed by the text hashed every new ~1.6 KB text to find nothing.
_FRAMES: dict[int, tuple[str | bytes, bytes]] = {}
_KEPT = 64


def text_frame(text: str | bytes) -> bytes:
    """The server's unmasked, unfragmented text frame of `text` (RFC 6455 §5.2), the
    bytes websockets' `Frame(OP_TEXT, data).serialize(mask=False)` makes. `text` as a
    str, or already UTF-8 encoded (a shared state message, app/web/messages.py). Kept
    for the last texts sent (the entry holds its text, so the id is not reused
    meanwhile)."""
    kept = _FRAMES.get(id(text))
    if kept is not None and kept[0] is text:
        return kept[1]
    frame = _frame(text)
    if len(_FRAMES) >= _KEPT:
        del _FRAMES[next(iter(_FRAMES))]  # the oldest
    _FRAMES[id(text)] = (text, frame)
    return frame


def _frame(text: str | bytes) -> bytes:
    data = text.encode() if isinstance(text, str) else text
    n = len(data)
    if n < 126:
        head = struct.pack("!BB", 0x81, n)
    elif n < 65536:
        head = struct.pack("!BBH", 0x81, 126, n)
    else:
        head = struct.pack("!BBQ", 0x81, 127, n)
    return head + data


def _plainly_open(websocket: WebSocket, protocol: Any) -> bool:
    return not (websocket.application_state is not WebSocketState.CONNECTED
                or protocol.disconnected or protocol.close_sent
                or protocol.initial_response is not None or not protocol.handshake_complete
                or not protocol.writable.is_set() or protocol.conn.state is not State.OPEN
                or protocol.transport.is_closing())


def write_text(websocket: WebSocket, protocol: Any, text: str | bytes) -> bool:
    """Write `text` as one frame now if the socket is plainly open; False: it is not,
    send it the ordinary way (which raises, or waits for the peer, as it should)."""
    if not _plainly_open(websocket, protocol):
        return False
    protocol.transport.write(text_frame(text))
    return True


def write_texts(websocket: WebSocket, protocol: Any, texts: list[str | bytes]) -> bool:
    """`write_text` for several texts, a frame each, in one write (one system call)."""
    if not _plainly_open(websocket, protocol):
        return False
    protocol.transport.write(b"".join([text_frame(text) for text in texts]))
    return True


class Inbox(asyncio.Queue[Any]):
    """uvicorn's receive queue, bound to its loop: every other method is asyncio.Queue's
    own (a subclass without fields of its own, so a queue can become one in place), so
    whatever uvicorn asks of its queue works as before. A Python whose queues no longer
    ask `_get_loop` simply does not use the override."""

    _bound: asyncio.AbstractEventLoop  # set when a queue becomes an Inbox (`receiver`)

    def _get_loop(self) -> asyncio.AbstractEventLoop:
        # Only ever waited on from the socket's own task, in the server's loop: the
        # check (a getpid on 3.11) would always pass.
        return self._bound


# What `receive` reads of uvicorn's protocol (as `_READS` for writes).
_RECEIVE_READS = ("queue", "read_paused", "transport")


def receiver(websocket: WebSocket, protocol: Any) -> Callable[[], Awaitable[Message]]:
    """How to read `websocket`'s next message: straight from uvicorn's queue when its
    `receive` is the protocol's own (no wrapper between) and the queue is a plain
    asyncio.Queue; else Starlette's `receive`. Called once, by the socket's only
    reader before its first read (so no one waits on the queue meanwhile)."""
    receive: Any = websocket._receive
    owner: Any = getattr(receive, "__self__", None)
    if (protocol is None or WebSocketsSansIOProtocol is None or owner is not protocol
            or getattr(receive, "__func__", None) is not WebSocketsSansIOProtocol.receive
            or not all(hasattr(protocol, name) for name in _RECEIVE_READS)
            or type(protocol.queue) is not asyncio.Queue
            or websocket.client_state is not WebSocketState.CONNECTED):
        return websocket.receive
    # The same queue becomes an Inbox: what came already stays where it is, and no
    # second queue is made per socket.
    inbox: Any = protocol.queue
    inbox.__class__ = Inbox
    inbox._bound = asyncio.get_running_loop()

    async def receive_directly() -> Message:
        if websocket.client_state is not WebSocketState.CONNECTED:
            return await websocket.receive()  # raises as Starlette does
        # uvicorn's `receive`: the message, then reading again once none is waiting
        message: Message = inbox.get_nowait() if not inbox.empty() else await inbox.get()
        if protocol.read_paused and inbox.empty():
            protocol.read_paused = False
            protocol.transport.resume_reading()
        # Starlette's `receive` of a CONNECTED socket
        kind = message["type"]
        if kind == "websocket.disconnect":
            websocket.client_state = WebSocketState.DISCONNECTED
        elif kind != "websocket.receive":
            raise RuntimeError('Expected ASGI message "websocket.receive" or '
                               f'"websocket.disconnect", but got {kind!r}')
        return message

    return receive_directly
