"""The replay floor: the floor's bare broadcast server (bench/floor.py), sending instead
of its one padded message the project's own state messages, as each seat of a real game
got them, in order. Each move at the room's version is answered with every seat's next
message, its version set to the room's; nothing else is done.

What it measures is the load client: what reading the project's messages (a view's
nested JSON, a board's regions and its move buttons) costs the client when the server
costs next to nothing. The client shares the machine's cores with the server it drives,
so `replay moves/s / floor moves/s` is the highest ratio to the floor that any server
could reach with this client on this machine (bench/floor_run.py: `ceiling`).

The messages come from `REPLAY_FILE` (JSON: by format, "html" or "json", a list of games,
each a list of versions, each the four seats' texts: `Capture` makes it). A seat says
which it is in a `seat` cookie; the format is the socket's `format` query parameter, as
the project's.

    REPLAY_FILE=... python -m uvicorn bench.replay_floor:app --host 127.0.0.1 --port 9001
"""

from __future__ import annotations

import os
import zlib
from collections import defaultdict
from typing import Any

import orjson
from fastapi import FastAPI, WebSocket
from starlette.websockets import WebSocketDisconnect

Games = dict[str, list[list[list[str]]]]
"""By format: games, each a list of versions, each the seats' message texts."""


class Capture:
    """The state messages a load client gets, by room and seat: `drive(...,
    on_message=capture.on_message)`, then `capture.games(seats)` for the file."""

    def __init__(self) -> None:
        self.seen: dict[tuple[str, int], dict[int, str]] = defaultdict(dict)

    def on_message(self, room: Any, seat: int, version: int, raw: str) -> None:
        self.seen[(room.code, seat)][version] = raw  # (a stale answer's table: the later)

    def games(self, seats: int) -> list[list[list[str]]]:
        """Each room's versions that every seat got, from the first on while they follow
        one another and the game is playing (a finished game's message asks for a
        rematch, which the replay floor cannot make)."""
        games = []
        for code in sorted({code for code, _seat in self.seen}):
            per_seat = [self.seen.get((code, s), {}) for s in range(seats)]
            versions = sorted(set.intersection(*(set(v) for v in per_seat)))
            game: list[list[str]] = []
            for version in versions:
                texts = [v[version] for v in per_seat]
                if (game and version != versions[0] + len(game)) or any(
                        orjson.loads(t)["status"] != "playing" for t in texts):
                    break
                game.append(texts)
            if game:
                games.append(game)
        return games


def _load(path: str | None) -> dict[str, list[list[list[dict[str, Any]]]]]:
    if not path:
        return {}
    with open(path, "rb") as f:
        games: Games = orjson.loads(f.read())
    return {fmt: [[[orjson.loads(t) for t in texts] for texts in game] for game in listed]
            for fmt, listed in games.items()}


app = FastAPI()
GAMES = _load(os.environ.get("REPLAY_FILE"))
rooms: dict[str, dict[int, tuple[WebSocket, str]]] = defaultdict(dict)
versions: dict[str, int] = defaultdict(int)


def message(code: str, seat: int, fmt: str) -> str:
    """`seat`'s message at the room's version: its game's next one, the version set."""
    games = GAMES[fmt]
    game = games[zlib.crc32(code.encode()) % len(games)]  # the same game for each seat
    version = versions[code]
    found = dict(game[version % len(game)][seat])
    found["version"] = version
    return orjson.dumps(found).decode()


@app.get("/healthz")
async def healthz() -> dict[str, Any]:
    return {"ok": True}


@app.websocket("/ws/rooms/{code}")
async def room(websocket: WebSocket, code: str) -> None:
    seat = int(websocket.cookies.get("seat", "0"))
    fmt = "html" if websocket.query_params.get("format") == "html" else "json"
    await websocket.accept()
    rooms[code][seat] = (websocket, fmt)
    try:
        await websocket.send_text(message(code, seat, fmt))
        while True:
            data = orjson.loads(await websocket.receive_text())
            if data.get("version") != versions[code]:
                continue  # stale: not answered, as the floor
            versions[code] += 1
            for peer_seat, (peer, peer_fmt) in list(rooms[code].items()):
                try:
                    await peer.send_text(message(code, peer_seat, peer_fmt))
                except Exception:  # a peer gone mid-broadcast
                    rooms[code].pop(peer_seat, None)
    except (WebSocketDisconnect, RuntimeError):  # the client left (RuntimeError: mid-send)
        pass
    finally:
        rooms[code].pop(seat, None)
