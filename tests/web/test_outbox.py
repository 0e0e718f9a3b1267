"""A socket's outbox (app/web/socket/outbox.py): texts leave in order through the socket's own
task, which lives only while texts wait; a peer that stops reading is cut off `limit`
texts behind and closed once it reads again; a peer that left ends it quietly. (The
same over real sockets: tests/web/test_slow_peer.py.)"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.websockets import WebSocketDisconnect

from app.web.socket.outbox import Outbox


class Peer:
    """What the outbox asks of Starlette's WebSocket: a send waits while the peer does
    not read (`reading` clear), as the server's flow control makes it wait."""

    def __init__(self) -> None:
        self.sent: list[Any] = []
        self.reading = asyncio.Event()
        self.reading.set()
        self.failure: Exception | None = None

    async def send_text(self, data: str) -> None:
        await self.reading.wait()
        if self.failure is not None:
            raise self.failure
        self.sent.append(data)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        await self.reading.wait()
        self.sent.append(("close", code, reason))


def outbox(peer: Peer, limit: int = 100, on_cut: Any = lambda: None) -> Outbox:
    return Outbox(peer, limit, on_cut)  # type: ignore[arg-type]


async def test_texts_leave_in_order_and_no_task_stays_between_them() -> None:
    peer = Peer()
    box = outbox(peer)
    box.post("one")
    box.post('{"ü":"·"}'.encode())  # a shared state message: sent as its text
    assert box.task is not None and peer.sent == []  # posting never waits
    await box.drained()
    assert peer.sent == ["one", '{"ü":"·"}'] and (box.task, box.queue) == (None, None)
    box.post("three")
    box.close(4403)
    box.post("after the close")
    await box.drained()
    assert peer.sent == ["one", '{"ü":"·"}', "three", ("close", 4403, "")]


async def test_a_peer_far_behind_is_cut_off_and_closed_once_it_reads() -> None:
    peer, cuts = Peer(), []
    box = outbox(peer, limit=3, on_cut=lambda: cuts.append(1))
    peer.reading.clear()  # it stops reading
    box.post("0")
    await asyncio.sleep(0)  # on its way: its send waits for the peer
    for n in range(1, 4):  # three wait in the queue
        box.post(f"{n}")
    assert (len(box.queue or ()), box.cut, cuts) == (3, False, [])
    box.post("4")  # one too many
    assert (box.queue, box.cut, cuts) == (None, True, [1])
    box.post("5")
    box.close()  # (the cut's close stands)
    peer.reading.set()
    await box.drained()
    assert peer.sent == ["0", ("close", 1013, "too far behind")] and cuts == [1]


async def test_a_peer_that_left_ends_the_sending_quietly() -> None:
    peer = Peer()
    peer.failure = WebSocketDisconnect(1006)
    box = outbox(peer)
    box.post("one")
    box.post("two")
    await box.drained()  # no exception: the socket's read loop hears the disconnect
    assert (box.gone, box.task, box.queue) == (True, None, None)
    box.post("three")
    assert box.task is None  # nothing more is sent to it


async def test_a_socket_closed_meanwhile_ends_the_sending_quietly() -> None:
    peer = Peer()
    peer.failure = RuntimeError('Cannot call "send" once a close message has been sent.')
    box = outbox(peer)
    box.post("one")
    await box.drained()
    assert box.gone and peer.sent == []
