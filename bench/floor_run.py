"""`make bench`'s server part: every game against the floor in one run, JSON and as
the browser asks for boards (HTML regions); a long game of every game; idle sockets;
and (with TEST_DATABASE_URL/TEST_REDIS_URL) two processes against one.

A game's figure is its server CPU per move and that over the floor's (bench/floor.py:
the same stack, one ~2 KB broadcast per move, nothing else), the floor driven by the
same client just before it, so both see the machine alike. Every figure is a
measurement of this run on this machine; the ratios travel better than the times.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time
from typing import Any

import uvloop

from bench.handshake import HeldSocket, hold
from bench.load import Server, drive, open_room
from bench.machine import Span

TARGETS = {"json": 1.0, "html": 1.5}  # server CPU ms per move, 4 viewers (issue 38)
FLAT = 1.2  # a long game: move 300 within this of move 10
LONG_OPTIONS = {"null-bock": {"rounds": 20}}  # one game past move 300; others play again


def sqlite(folder: str, name: str) -> str:
    return f"sqlite+aiosqlite:///{folder}/{name}.sqlite3"


def _ratio(part: float | None, whole: float | None) -> float | None:
    return round(part / whole, 2) if part and whole else None


def against_floor(games: list[str], formats: list[str], rooms: int, seconds: float,
                  repeats: int) -> list[dict[str, Any]]:
    """Per game and format (json, html: `?format=html&regions=1`), the floor then the
    project, `repeats` times: server CPU ms per move, its ratio to the floor's."""
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as folder:
        floor = Server("floor")
        project = Server("project", sqlite(folder, "project"))
        try:
            for game in games:
                for fmt in formats:
                    for rep in range(repeats):
                        f = asyncio.run(drive([floor], rooms, seconds, html=False))
                        p = asyncio.run(drive([project], rooms, seconds, html=fmt == "html",
                                              game=game, ids=True))
                        cpu = p["cpu_ms_per_move"]
                        rows.append({
                            "game": game, "format": fmt, "rep": rep,
                            "cpu_ms_per_move": cpu, "target": TARGETS[fmt],
                            "met": "yes" if cpu is not None and cpu <= TARGETS[fmt] else "NO",
                            "floor_cpu_ms": f["cpu_ms_per_move"],
                            "x_floor": _ratio(cpu, f["cpu_ms_per_move"]),
                            "moves_per_s": p["moves_per_s"],
                            "floor_moves_per_s": f["moves_per_s"],
                            "p50_ms": p["p50_ms"], "p99_ms": p["p99_ms"],
                            "bytes_per_msg": p["bytes_per_msg"], "refused": p["refused"],
                            "client_ms": p["client_ms_per_move"]})
        finally:
            floor.stop()
            project.stop()
    return rows


def long_game(games: list[str], formats: list[str], rooms: int = 30,
              seconds: float = 240) -> list[dict[str, Any]]:
    """Per game and format, server CPU per move and message size around move 10 and
    move 300 of `rooms` rooms side by side: a Null Bock! game of 20 rounds (about 1,000
    moves); the other games end sooner and are played again in the same room, so move
    300 is a later game's, with the room's whole history behind it. A game that ends
    while a window is open is played again once it has closed: the window measures
    moves, not a new game's start."""
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        project = Server("project", sqlite(folder, "long"))
        try:
            for game in games:
                for fmt in formats:
                    rows.append({"game": game, "format": fmt,
                                 **_long(project, game, fmt == "html", rooms, seconds)})
        finally:
            project.stop()
    return rows


def _long(project: Server, game: str, html: bool, rooms: int, seconds: float
          ) -> dict[str, Any]:
    marks = {"move 10": (0, 20), "move 300": (290, 310)}
    got: dict[str, dict[str, Any]] = {k: {"sizes": []} for k in marks}
    count = 0
    stop, rematches = asyncio.Event(), asyncio.Event()
    rematches.set()

    def on_move(size: int) -> None:
        nonlocal count
        count += 1
        for name, (low, high) in marks.items():
            if count == low * rooms + 1:
                got[name]["cpu0"] = project.cpu()
                rematches.clear()
            if low * rooms < count <= high * rooms:
                got[name]["sizes"].append(size)
            if count == high * rooms:
                got[name]["cpu1"] = project.cpu()
                rematches.set()
        if count >= 310 * rooms:
            stop.set()

    asyncio.run(drive([project], rooms, seconds, html=html,
                      options=LONG_OPTIONS.get(game, {}), on_move=on_move, stop=stop,
                      game=game, ids=True, rematches=rematches))
    out: dict[str, Any] = {}
    for name, (low, high) in marks.items():
        data = got[name]
        moves = (high - low) * rooms - 1
        cpu = (1000 * (data["cpu1"] - data["cpu0"]) / moves) if "cpu1" in data else None
        out[f"cpu_ms {name}"] = round(cpu, 2) if cpu else None
        out[f"bytes {name}"] = (round(sum(data["sizes"]) / len(data["sizes"]))
                                if data["sizes"] else None)
    ratio = _ratio(out["cpu_ms move 300"], out["cpu_ms move 10"])
    out["cpu_300/10"] = ratio
    out["flat"] = "yes" if ratio is not None and ratio <= FLAT else "NO"
    return out


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
