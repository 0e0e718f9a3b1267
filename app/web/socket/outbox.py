"""One socket's outgoing messages: sent in order, and nobody else waits for its peer.

A send through Starlette's `WebSocket` waits while the peer does not read (the server's
flow control), so the room's feed, handing each notice to every socket of the room in
turn, would wait for the slowest peer at every notice. Every text for a socket is posted
here instead, without waiting: the first one starts a task of this socket's own that
sends what is queued, in order, and ends when nothing is left (a socket that keeps up
has no task between messages). A peer that falls `limit` texts behind (a laptop shut
mid-game) is cut off: what waits for it is dropped, a close follows the send it is stuck
in, and `on_cut` ends its reading (it reconnects to a fresh greeting).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable

from starlette.websockets import WebSocket, WebSocketDisconnect

log = logging.getLogger(__name__)

# The close of a socket cut off far behind: "try again later" (the page reconnects).
BEHIND = (1013, "too far behind")


class Outbox:
    __slots__ = ("closing", "cut", "gone", "limit", "on_cut", "queue", "task", "websocket")

    def __init__(self, websocket: WebSocket, limit: int,
                 on_cut: Callable[[], None] = lambda: None) -> None:
        self.websocket, self.limit, self.on_cut = websocket, limit, on_cut
        # made at the first post (an idle socket's outbox holds no empty deque: 760 bytes)
        self.queue: deque[str | bytes] | None = None
        self.task: asyncio.Task[None] | None = None  # sending: only while texts wait
        self.closing: tuple[int, str] | None = None  # the close that ends the queue
        self.cut = False  # cut off far behind
        self.gone = False  # a send failed: the peer has left

    def post(self, text: str | bytes) -> None:
        """Send `text` (a str, or its UTF-8 bytes: a shared state message) as one text
        frame after everything posted before it. Never waits."""
        if self.closing is not None or self.gone:
            return
        queue = self.queue
        if queue is None:
            queue = self.queue = deque()
        elif len(queue) >= self.limit:
            self._cut_off()
            return
        queue.append(text)
        self._start()

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Close the socket once what is posted has been sent; nothing posted after
        this is sent."""
        if self.closing is None and not self.gone:
            self.closing = (code, reason)
            self._start()

    async def drained(self) -> None:
        """Returns once everything posted has been sent (or the peer has left)."""
        task = self.task
        if task is not None:
            await task

    def _start(self) -> None:
        if self.task is None:
            self.task = asyncio.create_task(self._drain())

    def _cut_off(self) -> None:
        self.queue = None
        self.closing, self.cut = BEHIND, True
        self.on_cut()

    async def _drain(self) -> None:
        websocket = self.websocket
        try:
            while queue := self.queue:
                text = queue.popleft()
                # (a text frame takes a str: a state's bytes are decoded for it)
                await websocket.send_text(text if isinstance(text, str) else text.decode())
            self.queue = None  # (each burst makes its own: an idle socket keeps none)
            if self.closing is not None:
                await websocket.close(*self.closing)
        except (WebSocketDisconnect, RuntimeError):
            # The peer left (or the socket was closed) while texts were on their way:
            # its read loop ends with the disconnect. (Starlette raises
            # WebSocketDisconnected, a RuntimeError, for a socket closed already.)
            self.gone, self.queue = True, None
        except Exception:
            log.exception("a socket's send failed")
            self.gone, self.queue = True, None
        finally:
            self.task = None
