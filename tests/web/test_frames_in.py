"""A lone text frame taken straight off the transport (app/web/frames_in.py): for every
kind of input, uvicorn's protocol ends in exactly the state, with exactly the events
and the bytes written, that its own `data_received` gives; and only a whole masked
text frame arriving alone takes the short way."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.frames import Frame, Opcode

from app.web import frames_in
from app.web.frames_in import read_frames_directly

HANDSHAKE = (b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")


class Transport(asyncio.Transport):
    """What uvicorn's protocol asks of a transport, recorded."""

    def __init__(self) -> None:
        super().__init__()
        self.written: list[bytes] = []
        self.calls: list[str] = []
        self.protocol: Any = None
        self.closing = False

    def write(self, data: Any) -> None:
        self.written.append(bytes(data))

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True
        self.calls.append("close")

    def pause_reading(self) -> None:
        self.calls.append("pause")

    def resume_reading(self) -> None:
        self.calls.append("resume")

    def get_protocol(self) -> Any:
        return self.protocol

    def set_protocol(self, protocol: Any) -> None:
        self.protocol = protocol

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return ("127.0.0.1", 9) if name in ("sockname", "peername") else default


async def opened(direct: bool, max_size: int = 2**20) -> tuple[Any, Transport]:
    """uvicorn's protocol with an accepted socket whose app never reads."""

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await receive()
        await send({"type": "websocket.accept"})
        await asyncio.Event().wait()

    config = Config(app=app, ws="websockets-sansio", ws_per_message_deflate=False,
                    ws_max_size=max_size, log_level="critical", proxy_headers=False)
    config.load()
    protocol = WebSocketsSansIOProtocol(config, ServerState(), {},
                                        _loop=asyncio.get_running_loop())
    transport = Transport()
    transport.protocol = protocol
    protocol.connection_made(transport)
    protocol.data_received(HANDSHAKE)
    while not protocol.handshake_complete:
        await asyncio.sleep(0)
    assert not direct or read_frames_directly(protocol)
    return protocol, transport


def outcome(protocol: Any, transport: Transport) -> Any:
    queued = []
    while not protocol.queue.empty():
        queued.append(protocol.queue.get_nowait())
    return (queued, transport.written, transport.calls, protocol.conn.state,
            protocol.close_sent, protocol.read_paused, protocol.curr_msg_data_type,
            protocol.frames, bytes(protocol.conn.reader.buffer))


def frame(opcode: Opcode, data: bytes, fin: bool = True, rsv1: bool = False,
          mask: bool = True) -> bytes:
    made = Frame(opcode, data, fin).serialize(mask=mask, extensions=[])
    return bytes([made[0] | 0x40]) + made[1:] if rsv1 else made  # (websockets refuses)


MOVE = b'{"type":"move","version":12,"move":{"card":"stag-7"}}'
TEXT = frame(Opcode.TEXT, MOVE)
LONG = frame(Opcode.TEXT, "é".encode() * 300)  # a 16-bit length
HEADER = frame(Opcode.TEXT, b"y" * (len(TEXT) - 4))[:2]
CASES: dict[str, tuple[list[bytes], int]] = {  # chunks as they arrive, how many go short
    "a move": ([TEXT], 1),
    "a longer text": ([LONG], 1),
    "an empty text": ([frame(Opcode.TEXT, b"")], 1),
    "moves one by one": ([TEXT, LONG, TEXT], 3),
    "split across reads, then whole again": ([TEXT[:1], TEXT[1:3], TEXT[3:], TEXT], 1),
    "split in the payload": ([LONG[:50], LONG[50:]], 0),
    "two in one read": ([TEXT + TEXT], 0),
    # the parser has read a header and waits for its mask and data, nothing buffered:
    # what comes next is that frame's rest, even when it looks like a frame of its own
    "a header alone, then its rest": ([HEADER, TEXT], 0),
    "a ping": ([frame(Opcode.PING, b"hi"), TEXT], 1),
    "binary": ([frame(Opcode.BINARY, MOVE)], 0),
    "not UTF-8": ([frame(Opcode.TEXT, b"\xff\xfe"), TEXT], 0),
    "unmasked": ([frame(Opcode.TEXT, MOVE, mask=False), TEXT], 0),
    "a reserved bit": ([frame(Opcode.TEXT, MOVE, rsv1=True), TEXT], 0),
    "fragments": ([frame(Opcode.TEXT, b"ab", fin=False), frame(Opcode.CONT, b"cd"), TEXT], 1),
    "a fragment, then a text": ([frame(Opcode.TEXT, b"ab", fin=False), TEXT], 0),
    "a close, then a text": ([frame(Opcode.CLOSE, b"\x03\xe8"), TEXT], 0),
    "a 64-bit length": ([frame(Opcode.TEXT, b"x" * 70000)], 0),
}


@pytest.mark.parametrize("case", CASES)
async def test_the_protocol_ends_as_its_own_data_received_leaves_it(
    case: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    chunks, short = CASES[case]
    taken: list[bool] = []
    take = frames_in.take_text_frame

    def counted(protocol: Any, data: bytes) -> bool:
        taken.append(take(protocol, data))
        return taken[-1]

    monkeypatch.setattr(frames_in, "take_text_frame", counted)
    ends = []
    for direct in (False, True):
        protocol, transport = await opened(direct)
        for chunk in chunks:
            transport.protocol.data_received(chunk)  # as the transport calls it
        ends.append(outcome(protocol, transport))
    assert ends[1] == ends[0]
    assert taken.count(True) == short


async def test_a_frame_over_the_size_limit_is_refused_the_ordinary_way() -> None:
    ends = []
    for direct in (False, True):
        protocol, transport = await opened(direct, max_size=100)
        transport.protocol.data_received(LONG)
        ends.append(outcome(protocol, transport))
    assert ends[1] == ends[0] and ends[0][0][0]["code"] == 1009  # message too big


def test_only_uvicorn_s_own_protocol_reads_directly() -> None:
    class Mine(WebSocketsSansIOProtocol):
        pass

    assert not read_frames_directly(Mine.__new__(Mine))
    assert not read_frames_directly(object())
