"""A client's socket message read: strict JSON (app/web/middleware/bodies.py), then the wire
models (app/web/socket/protocol.py), with a short way for the message nearly every socket
sends, a move. A move's or chat line's `id` (docs/contracts.md §3) that is not text of
at most 40 characters is refused with its own reason, before anything else is read."""

from __future__ import annotations

from typing import Any, NamedTuple

import orjson

from app.web.errors import BadBody
from app.web.middleware.bodies import MAX_INT, strict_json
from app.web.render.words import N_
from app.web.socket.protocol import MAX_ID_LENGTH, BackIn, ChatIn, MoveIn, client_message

# (the socket says a reason as a whole sentence: MAX_ID_LENGTH written out)
BAD_ID = N_("An id must be text of at most 40 characters.")
_WITH_ID = ("move", "chat")  # the messages that may carry one


class Move(NamedTuple):
    """A move as the socket hands it on: what `MoveIn` holds, without a model's cost
    (making one, even unvalidated, was half of reading a move)."""

    version: int
    move: dict[str, Any]
    id: str | None = None


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


def _good_id(value: Any) -> bool:
    return type(value) is str and len(value) <= MAX_ID_LENGTH


def _plain_move(value: Any) -> Move | None:
    """`value` as a Move when it is one with plain values and nothing else (its `id`, if
    any, a good one); None sends it the whole way."""
    if type(value) is not dict or value.get("type") != "move":
        return None
    size, claimed = len(value), value.get("id")
    if not (size == 3 or (size == 4 and "id" in value and _good_id(claimed))):
        return None
    version, move = value.get("version"), value.get("move")
    if type(version) is not int or not 0 <= version <= MAX_INT or type(move) is not dict:
        return None
    for item in move.values():
        if type(item) is not str and not _plain(item):  # text: the usual value
            return None
    return Move(version, move, claimed)


def _checked(text: str) -> Move | ChatIn | BackIn:
    """Both checks, so that every refusal keeps its reason."""
    value = strict_json(text)
    if (type(value) is dict and value.get("type") in _WITH_ID and "id" in value
            and not _good_id(value["id"])):
        raise BadBody(BAD_ID)
    message = client_message.validate_python(value)
    if isinstance(message, MoveIn):
        return Move(message.version, message.move, message.id)
    return message


def read_client(text: str) -> Move | ChatIn | BackIn:
    """One client message: strict JSON (app/web/middleware/bodies.py), then the models above.

    Nearly every message is a move `{"type": "move", "version": N, "move": {...}}`
    (and its `id`) with plain values: it is taken as it is once orjson has read it
    (exactly what the two checks would accept and make, at a tenth of the cost).
    Anything else (chat, an error of any kind) takes both checks, so every refusal
    keeps its reason."""
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError:
        value = None
    move = _plain_move(value)
    return move if move is not None else _checked(text)


def id_of(text: str) -> str | None:
    """The id a move or chat line claims, if it is a good one, read again for the
    answer to a message that was refused (whatever else was wrong with it)."""
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError:
        return None
    if type(value) is not dict or value.get("type") not in _WITH_ID:
        return None
    claimed = value.get("id")
    return claimed if _good_id(claimed) else None

