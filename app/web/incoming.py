"""A client's socket message read: strict JSON (app/web/bodies.py), then the wire
models (app/web/protocol.py), with a short way for the message nearly every socket
sends, a move."""

from __future__ import annotations

from typing import Any, NamedTuple

import orjson

from app.web.bodies import MAX_INT, strict_json
from app.web.protocol import BackIn, ChatIn, MoveIn, client_message


class Move(NamedTuple):
    """A move as the socket hands it on: what `MoveIn` holds, without a model's cost
    (making one, even unvalidated, was half of reading a move)."""

    version: int
    move: dict[str, Any]


def _scalar(value: Any) -> bool:
    kind = type(value)
    if kind is int:
        return -MAX_INT <= value <= MAX_INT
    return kind is str or kind is bool or value is None


def _plain(value: Any) -> bool:
    """A move's value that strict_json and pydantic take as it is: text (orjson already
    refused lone surrogates), true/false/null, a whole number within 2**53, or a list
    of those. Anything else (a float, deeper nesting) goes the whole way."""
    return _scalar(value) or (type(value) is list and all(_scalar(item) for item in value))


def read_client(text: str) -> Move | ChatIn | BackIn:
    """One client message: strict JSON (app/web/bodies.py), then the models above.

    Nearly every message is a move `{"type": "move", "version": N, "move": {...}}`
    with plain values: it is taken as it is once orjson has read it (exactly what the
    two checks would accept and make, at a tenth of the cost). Anything else (chat,
    an error of any kind) takes both checks, so every refusal keeps its reason."""
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError:
        value = None
    if type(value) is dict and len(value) == 3 and value.get("type") == "move":
        version, move = value.get("version"), value.get("move")
        if type(version) is int and 0 <= version <= MAX_INT and type(move) is dict:
            for item in move.values():
                if type(item) is not str and not _plain(item):  # text: the usual value
                    break
            else:
                return Move(version, move)
    message = client_message.validate_python(strict_json(text))
    return Move(message.version, message.move) if isinstance(message, MoveIn) else message

