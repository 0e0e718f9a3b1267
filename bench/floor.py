"""The floor: a bare FastAPI/uvicorn WebSocket room on the same stack, no game, no
database. Each move a seat sends is answered by broadcasting one ~2 KB message to every
socket of the room, shaped like the project's `view` message so one load client drives
both. What the project costs beyond this is the price of the game and its storage.

    python -m uvicorn bench.floor:app --host 127.0.0.1 --port 9000
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from fastapi import FastAPI, WebSocket
from starlette.websockets import WebSocketDisconnect

SEATS = 4
PADDING = "x" * 1800  # with the rest of the message: about 2 KB

app = FastAPI()
rooms: dict[str, set[WebSocket]] = defaultdict(set)
versions: dict[str, int] = defaultdict(lambda: 1)


def message(code: str) -> str:
    version = versions[code]
    turn = version % SEATS
    return json.dumps({
        "type": "view", "version": version, "game_no": 1, "seat": None, "status": "playing",
        "names": [f"P{i}" for i in range(SEATS)], "outcome": None,
        "view": {"moves": [{"type": "go"}], "to_act": [turn], "pad": PADDING},
        "log": [], "log_start": 0, "log_reset": False,
    })


@app.get("/healthz")
async def healthz() -> dict[str, Any]:
    return {"ok": True}


@app.websocket("/ws/rooms/{code}")
async def room(websocket: WebSocket, code: str) -> None:
    await websocket.accept()
    rooms[code].add(websocket)
    try:
        await websocket.send_text(message(code))
        while True:
            data = json.loads(await websocket.receive_text())
            if data.get("version") != versions[code]:
                continue  # stale: the floor does not answer it
            versions[code] += 1
            text = message(code)
            for peer in list(rooms[code]):
                try:
                    await peer.send_text(text)
                except Exception:  # a peer gone mid-broadcast
                    rooms[code].discard(peer)
    except (WebSocketDisconnect, RuntimeError):  # the client left (RuntimeError: mid-send)
        pass
    finally:
        rooms[code].discard(websocket)
