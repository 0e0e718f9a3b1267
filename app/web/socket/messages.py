"""The socket's server -> client texts that are made once and shared by many sockets:
a viewer's `view`/`board` message per (version, viewer, log position, and for a socket
taking regions the board it was last sent) and the JSON serialiser they use."""

from __future__ import annotations

from typing import Any

import orjson

from app.rooms.live import Frame
from app.web.render.board import compose, own_region, public_of, public_regions
from app.web.render.loglines import log_of
from app.web.render.regions import Board


def dumps(message: dict[str, Any]) -> bytes:
    """A message as JSON text, UTF-8 encoded: orjson, ~7x faster than json.dumps for a
    view. Kept as orjson's bytes, which the socket's frame carries as they are: a
    board's text decoded to a str and encoded again for its frame was two copies of
    ~6 KB, and its "·" made the str two bytes a character (8 us of a 5 KB message).

    A view with int keys (rare) has them written as strings, as json.dumps makes them;
    asking for that on every message cost a third more, so only a message orjson
    refuses for its keys is made again so (the same text where every key is a string)."""
    try:
        return orjson.dumps(message)
    except TypeError:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS)


def _message(kind: str, frame: Frame, start: int, reset: bool, body: str, value: Any
             ) -> dict[str, Any]:
    """The state message's fields, in the wire's order, made as one dict."""
    return {"type": kind, "version": frame.version, "game_no": frame.game_no,
            "seat": frame.seat, "status": frame.status, "names": frame.names,
            "outcome": frame.outcome, "log": log_of(frame)[start:], "log_start": start,
            "log_reset": reset, "timers": frame.timers, body: value}


PUBLIC = "public"  # the viewer of a version's public regions, in `LiveRoom.drawn`'s keys


def board_of(frame: Frame) -> Board:
    """`frame`'s board, put together once (app/web/render/board.py) from its version's public
    regions, drawn once per (version, language) from the spectator's view, and its
    seat's own region, drawn once per (version, seat, language): both kept in the live
    room's `drawn` under that tuple, for every socket and page of the room."""
    board = frame.cache.get("board")
    if board is None:
        assert frame.view is not None
        drawn, names, lang = frame.drawn, frame.names, frame.lang
        key: tuple[Any, ...] = (frame.version, PUBLIC, lang)
        public = drawn.get(key)
        if public is None:
            spectator = frame.spectator()
            public = drawn[key] = public_regions(
                frame.rules_id, spectator if spectator is not None else public_of(frame.view),
                names, lang)
        mine: str = ""
        if frame.seat is not None:
            key = (frame.version, frame.seat, lang)
            kept = drawn.get(key)
            if kept is None:
                kept = drawn[key] = own_region(frame.rules_id, frame.view, frame.seat, names,
                                               lang)
            mine = kept
        board = frame.cache["board"] = compose(frame.rules_id, frame.seat, public, mine, lang)
    return board


def state_text(frame: Frame, html: bool, start: int, reset: bool,
               base: tuple[Board, int] | None = None) -> bytes:
    """The `board` (or `view`) message of `frame` carrying its log from line `start`:
    rendered and serialised once (its UTF-8 text, `dumps`), then shared through
    `frame.cache`.

    `base`: the board this socket was last sent and its version, for a socket that takes
    regions (docs/contracts.md §3): then the message carries only the regions that
    differ from it, made once per base board (every socket of this viewer that was sent
    the same board object shares the text). A reset, or a board whose skeleton or names
    changed, is a whole board."""
    if html and base is not None and not reset:
        key: tuple[Any, ...] = ("regions", start, base[0])
        text = frame.cache.get(key)
        if text is None:
            changed = board_of(frame).changed_since(base[0])
            if changed is None:
                text = frame.cache[key] = state_text(frame, html, start, reset)
                return text
            message = _message("board", frame, start, reset, "regions", changed)
            message["base"] = base[1]
            text = frame.cache[key] = dumps(message)
        return text
    key = ("message", html, start, reset)
    text = frame.cache.get(key)
    if text is None:
        assert frame.view is not None
        if html:
            text = dumps(_message("board", frame, start, reset, "html", board_of(frame).html))
        else:
            text = dumps(_message("view", frame, start, reset, "view", frame.view))
        frame.cache[key] = text
    return text
