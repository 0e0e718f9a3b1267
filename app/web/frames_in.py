"""A client's text frame taken off uvicorn's transport without websockets' parser.

Each client message went through uvicorn's `data_received`, websockets' `receive_data`
(a generator-based parser: `read_exact` for the header, the mask and the data, a
`Frame`, `recv_frame`), `events_received`, then uvicorn's `handle_events`,
`handle_text` and `send_receive_event_to_app`: ~3.5 % of a JSON move's samples (py-spy
`--gil`, 50 x 4) for a frame of ~80 bytes. A move is one small masked text frame that
arrives in one read. When exactly that arrives, and websockets' parser waits at a frame
boundary with nothing buffered, the frame is unmasked and handed to uvicorn's queue
here as the two would have handed it: the same event, the reads paused the same way,
the parser left where it was (between frames, nothing read). Anything else (a frame
split or joined across reads, a control frame, a fragment, a binary frame, text that
is not UTF-8, a frame over the size limit, a closing socket, a parser anywhere else, a
websockets or uvicorn whose parser or protocol is not the known one) goes to uvicorn's
own `data_received`, untouched.
"""

from __future__ import annotations

from typing import Any

try:  # the stack `make run` serves (as app/web/wire.py)
    from uvicorn.protocols.websockets.websockets_sansio_impl import (
        WebSocketsSansIOProtocol,
    )
    from websockets.protocol import Protocol, State
    from websockets.server import ServerProtocol
    from websockets.streams import StreamReader
except ImportError:  # pragma: no cover - another server: always the ordinary way
    WebSocketsSansIOProtocol = None  # type: ignore[assignment,misc]

try:
    from websockets.speedups import apply_mask
except ImportError:  # pragma: no cover - websockets without its C extension
    from websockets.utils import apply_mask

# Where websockets' parser waits between two frames: ServerProtocol.parse has handed
# over to Protocol.parse (`yield from super().parse()`), which waits in the reader's
# `at_eof` for the next frame's first byte.
_WAITING: tuple[Any, ...] = ((ServerProtocol.parse.__code__, Protocol.parse.__code__,
             StreamReader.at_eof.__code__) if WebSocketsSansIOProtocol is not None else ())
_TEXT_FIN = 0x81  # FIN, no RSV bits, opcode 1 (text)


def _between_frames(conn: Any) -> bool:
    server: Any = conn.parser
    frames: Any = getattr(server, "gi_yieldfrom", None)
    reader: Any = getattr(frames, "gi_yieldfrom", None)
    return (reader is not None and server.gi_code is _WAITING[0]
            and frames.gi_code is _WAITING[1] and reader.gi_code is _WAITING[2])


def take_text_frame(protocol: Any, data: bytes) -> bool:
    """Hand `data` to the app if it is exactly one whole masked text frame, as uvicorn
    would after websockets parsed it; False: `data` was not looked at beyond its
    header, and nothing changed."""
    size = len(data)
    if size < 6 or data[0] != _TEXT_FIN or not data[1] & 0x80:
        return False
    length, head = data[1] & 0x7F, 6
    if length == 126:
        if size < 8:
            return False
        length, head = int.from_bytes(data[2:4], "big"), 8
    elif length == 127:
        return False
    if size != head + length:
        return False
    conn = protocol.conn
    limit, fragment = conn.max_message_size, conn.max_fragment_size
    if (conn.state is not State.OPEN or conn.current_size is not None or conn.debug
            or conn.extensions or conn.events or conn.parser_exc is not None
            or conn.reader.buffer or conn.reader.eof
            or (limit is not None and length > limit)
            or (fragment is not None and length > fragment)
            or protocol.close_sent or not protocol.handshake_complete
            or not _between_frames(conn)):
        return False
    try:
        text = apply_mask(data[head:], data[head - 4:head]).decode()
    except UnicodeDecodeError:
        return False  # uvicorn closes with 1007 the ordinary way
    # uvicorn's handle_text and send_receive_event_to_app for a whole text message
    protocol.curr_msg_data_type = "text"
    protocol.frames = []
    protocol.queue.put_nowait({"type": "websocket.receive", "text": text})
    if not protocol.read_paused:
        protocol.read_paused = True
        protocol.transport.pause_reading()
    return True


# What take_text_frame reads of uvicorn's protocol and websockets' (a version that
# renamed any of them reads the ordinary way, not an AttributeError in the transport).
_READS = ("conn", "close_sent", "handshake_complete", "curr_msg_data_type", "frames",
          "queue", "read_paused", "transport")
_CONN_READS = ("max_message_size", "max_fragment_size", "state", "current_size", "debug",
               "extensions", "events", "parser_exc", "reader", "parser")


def _known(protocol: Any) -> bool:
    if WebSocketsSansIOProtocol is None or type(protocol) is not WebSocketsSansIOProtocol:
        return False
    conn, transport = getattr(protocol, "conn", None), getattr(protocol, "transport", None)
    get_protocol = getattr(transport, "get_protocol", None)
    return (all(hasattr(protocol, name) for name in _READS)
            and type(conn) is ServerProtocol
            and all(hasattr(conn, name) for name in _CONN_READS)
            and hasattr(conn.reader, "buffer") and len(_WAITING) == 3
            and get_protocol is not None and get_protocol() is protocol
            and hasattr(transport, "set_protocol"))


def read_frames_directly(protocol: Any) -> bool:
    """From now on, a whole text frame arriving alone on `protocol`'s transport goes
    straight to its queue (`take_text_frame`); the rest to its own `data_received`.
    Only for uvicorn's websockets-sansio protocol itself (not a subclass, which may
    read otherwise) over websockets' ServerProtocol. True: installed."""
    if not _known(protocol):
        return False
    ordinary = protocol.data_received

    def data_received(data: bytes) -> None:
        if not take_text_frame(protocol, data):
            ordinary(data)

    protocol.data_received = data_received
    # uvloop's transport keeps the bound `data_received` it was given with the
    # protocol (asyncio's looks it up each time): hand it the protocol again.
    protocol.transport.set_protocol(protocol)
    return True
