"""A socket's read path in one process, for instruction counts (cachegrind) or timing.

`python -m bench.read_path MODE N`: N client text frames of a move fed to uvicorn's
websockets-sansio protocol on a fake transport, read by a Starlette WebSocket the
ordinary way (`ordinary`: Starlette's and uvicorn's `receive`), from uvicorn's queue
(`direct`: app/web/wire.py `receiver`), or with the frame also taken past websockets'
parser (`frames`: app/web/frames_in.py). Deterministic: one loop, no sockets, so two
runs of different N under `valgrind --tool=cachegrind --cache-sim=no` give the
instructions per message by difference (the driver's own loop turns included).
"""

from __future__ import annotations

import asyncio
import sys
import time
from typing import Any

from starlette.websockets import WebSocket
from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.frames import Frame, Opcode

from app.web.frames_in import read_frames_directly
from app.web.wire import protocol_of, receiver

HANDSHAKE = (b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
MOVE = b'{"type":"move","version":12,"move":{"type":"play","card":"stag-7","edge":2}}'


class Transport(asyncio.Transport):
    def __init__(self, protocol: Any = None) -> None:
        super().__init__()
        self.protocol = protocol

    def write(self, data: Any) -> None:
        pass

    def is_closing(self) -> bool:
        return False

    def close(self) -> None:
        pass

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass

    def get_protocol(self) -> Any:
        return self.protocol

    def set_protocol(self, protocol: Any) -> None:
        self.protocol = protocol

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return ("127.0.0.1", 9) if name in ("sockname", "peername") else default


async def run(mode: str, count: int) -> float:
    """CPU seconds per message read in `mode`."""
    got: list[int] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        websocket = WebSocket(scope, receive, send)
        await websocket.accept()
        protocol = protocol_of(websocket)
        read = receiver(websocket, protocol) if mode != "ordinary" else websocket.receive
        if mode == "frames" and not read_frames_directly(protocol):
            raise RuntimeError("not the known stack: no short way to measure")
        while (await read())["type"] != "websocket.disconnect":
            got.append(1)

    config = Config(app=app, ws="websockets-sansio", ws_per_message_deflate=False,
                    log_level="warning", proxy_headers=False)
    config.load()
    protocol = WebSocketsSansIOProtocol(config, ServerState(), {},
                                        _loop=asyncio.get_running_loop())
    transport = Transport(protocol)
    protocol.connection_made(transport)
    protocol.data_received(HANDSHAKE)
    while not protocol.handshake_complete:
        await asyncio.sleep(0)
    await asyncio.sleep(0)
    frames = [Frame(Opcode.TEXT, MOVE).serialize(mask=True, extensions=[]) for _ in range(64)]
    start = time.process_time()
    for i in range(count):
        transport.protocol.data_received(frames[i % 64])  # as the transport calls it
        while len(got) <= i:
            await asyncio.sleep(0)
    spent = time.process_time() - start
    protocol.connection_lost(None)
    for _ in range(3):
        await asyncio.sleep(0)
    return spent / max(count, 1)


def main() -> None:
    import uvloop

    mode, count = sys.argv[1], int(sys.argv[2])
    spent = uvloop.run(run(mode, count))
    print(f"{mode}: {count} messages, {spent * 1e6:.2f} us CPU each")


if __name__ == "__main__":
    main()
