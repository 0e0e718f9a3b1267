"""`make bench`'s server part: the project against the floor in one run, a long game,
idle sockets, and (with TEST_DATABASE_URL/TEST_REDIS_URL) two processes against one.

Each configuration also drives the replay floor (bench/replay_floor.py) with the
project's own messages, recorded from the project at the start of the run: its moves/s
over the floor's is the `ceiling`, the highest ratio a server that cost nothing could
reach with this load client on this machine (the client shares the cores).

Every figure is a measurement of this run on this machine; compare the ratios.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson
import uvloop

from bench.handshake import HeldSocket, hold
from bench.load import PLAYERS, Server, drive, open_room
from bench.machine import Span
from bench.replay_floor import Capture


def sqlite(folder: str, name: str) -> str:
    return f"sqlite+aiosqlite:///{folder}/{name}.sqlite3"


def recorded(project: Server, folder: str, rooms: int = 4, seconds: float = 5) -> str:
    """The replay floor's file: the project's own messages, JSON and HTML, as the load
    client gets them in a short run of `rooms` rooms."""
    games = {}
    for fmt in ("json", "html"):
        capture = Capture()
        asyncio.run(drive([project], rooms, seconds, html=fmt == "html",
                          on_message=capture.on_message))
        games[fmt] = capture.games(PLAYERS)
        if not games[fmt]:
            raise RuntimeError(f"no {fmt} game was recorded to replay")
    path = Path(folder) / "replay.json"
    path.write_bytes(orjson.dumps(games))
    return str(path)


def _ratio(part: dict[str, Any], whole: dict[str, Any]) -> float | None:
    return round(part["moves_per_s"] / whole["moves_per_s"], 2) if whole["moves_per_s"] else None


def against_floor(room_counts: list[int], seconds: float, repeats: int) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as folder:
        floor = Server("floor")
        project = Server("project", sqlite(folder, "project"))
        replay = None
        try:
            replay = Server("replay", replay=recorded(project, folder))
            for rooms in room_counts:
                for fmt in ("json", "html"):
                    html = fmt == "html"
                    for rep in range(repeats):
                        f = asyncio.run(drive([floor], rooms, seconds, html=False))
                        r = asyncio.run(drive([replay], rooms, seconds, html=html))
                        p = asyncio.run(drive([project], rooms, seconds, html=html))
                        rows.append({"rooms": f"{rooms}x{PLAYERS}", "format": fmt, "rep": rep,
                                     **{f"floor_{k}": v for k, v in f.items() if k != "moves"},
                                     "replay_moves_per_s": r["moves_per_s"],
                                     "replay_client_ms_per_move": r["client_ms_per_move"],
                                     **{k: v for k, v in p.items() if k != "moves"},
                                     "ratio": _ratio(p, f), "ceiling": _ratio(r, f)})
        finally:
            for server in (floor, project, replay):
                if server is not None:
                    server.stop()
    return rows


def long_game(rooms: int = 10, seconds: float = 240) -> list[dict[str, Any]]:
    """Per-move server CPU and message size around move 10 and move 300 of long Null
    Bock! games (fixed 20 rounds, about 1,000 moves), `rooms` games side by side."""
    with tempfile.TemporaryDirectory() as folder:
        project = Server("project", sqlite(folder, "long"))
        marks = {"move 10": (0, 20), "move 300": (290, 310)}
        got: dict[str, dict[str, Any]] = {k: {"sizes": []} for k in marks}
        count = 0
        stop = asyncio.Event()

        def on_move(size: int) -> None:
            nonlocal count
            count += 1
            for name, (low, high) in marks.items():
                if count == low * rooms + 1:
                    got[name]["cpu0"] = project.cpu()
                if low * rooms < count <= high * rooms:
                    got[name]["sizes"].append(size)
                if count == high * rooms:
                    got[name]["cpu1"] = project.cpu()
            if count >= 310 * rooms:
                stop.set()

        try:
            asyncio.run(drive([project], rooms, seconds, html=False,
                              options={"rounds": 20}, on_move=on_move, stop=stop))
        finally:
            project.stop()
    rows = []
    for name, (low, high) in marks.items():
        data = got[name]
        moves = (high - low) * rooms - 1
        cpu = (1000 * (data["cpu1"] - data["cpu0"]) / moves) if "cpu1" in data else None
        rows.append({"at": name, "cpu_ms_per_move": round(cpu, 2) if cpu else None,
                     "bytes_per_msg": round(sum(data["sizes"]) / len(data["sizes"]))
                     if data["sizes"] else None})
    return rows


async def idle(server: Server, sockets: int, rooms: int, on_start: Any = None,
               on_end: Any = None) -> dict[str, Any]:
    """`sockets` spectators connect to `rooms` rooms, 100 at a time, and stay; then all
    leave. `on_start`/`on_end`: called around the connects (a profiler's hooks)."""
    floor = server.kind == "floor"
    opened = await asyncio.gather(*(open_room(server.url, floor, f"idle{r}", {})
                                    for r in range(rooms)))
    for room in opened:
        if room.client is not None:
            await room.client.aclose()
    await asyncio.sleep(1)
    before = server.rss_kib()
    gate = asyncio.Semaphore(100)
    held: list[HeldSocket] = []

    async def one(i: int) -> None:
        async with gate:
            room = opened[i % rooms]
            # a loaded machine answers slowly; back once the greeting has begun
            held.append(await hold(room.url.replace("http", "ws", 1) + f"/ws/rooms/{room.code}"))

    if on_start is not None:
        on_start()
    cpu0, mine0, start = server.cpu(), time.process_time(), time.perf_counter()
    await asyncio.gather(*(one(i) for i in range(sockets)))
    elapsed = time.perf_counter() - start
    await asyncio.sleep(2)  # presence settles
    cpu = server.cpu() - cpu0  # the server's own CPU time: steadier than a loaded clock
    mine = time.process_time() - mine0  # the load client's (this process), the same span
    if on_end is not None:
        on_end()
    after = server.rss_kib()
    cpu0 = server.cpu()
    for socket in held:  # every socket leaves (a close frame each), all at once
        socket.close()
    await asyncio.sleep(3)  # the server takes the leaves in, presence settles
    left = server.cpu() - cpu0
    return {"server": server.kind, "sockets": sockets,
            "connects_per_s": round(sockets / elapsed),
            "cpu_ms_per_connect": round(1000 * cpu / sockets, 2),
            "client_cpu_ms_per_connect": round(1000 * mine / sockets, 2),
            "cpu_ms_per_leave": round(1000 * left / sockets, 2),
            "kib_per_socket": round((after - before) / sockets, 1)}


def idle_sockets(sockets: int = 2000, rooms: int = 20) -> list[dict[str, Any]]:
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for kind in ("floor", "project"):
            server = Server(kind, sqlite(folder, "idle") if kind == "project" else None)
            try:
                # uvloop (uvicorn's own loop, installed with it) for the client too:
                # it halves the client's CPU per connect, and the client shares the
                # cores with the server it measures.
                rows.append(uvloop.run(idle(server, sockets, rooms)))
            finally:
                server.stop()
    return rows


def scaled(rooms: int, seconds: float) -> list[dict[str, Any]]:
    """One process against two, both on PostgreSQL + Redis (whole rooms per process, as
    a sticky proxy would spread them)."""
    database, redis = os.environ.get("TEST_DATABASE_URL"), os.environ.get("TEST_REDIS_URL")
    if not database or not redis:
        return []
    rows = []
    for count in (1, 2):
        servers = [Server("project", database, redis) for _ in range(count)]
        try:
            with Span() as span:
                row = asyncio.run(drive(servers, rooms, seconds, html=False))
        finally:
            for server in servers:
                server.stop()
        server_cores = round(row["cpu_ms_per_move"] * row["moves_per_s"] / 1000, 2)
        rows.append({"processes": count, **row, "server_cores": server_cores,
                     **span.figures()})
    if rows[0]["moves_per_s"]:
        rows[1]["x_one"] = round(rows[1]["moves_per_s"] / rows[0]["moves_per_s"], 2)
    return rows
