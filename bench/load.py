"""Server load: many rooms playing random games over real WebSockets at once.

Starts the app with uvicorn in a subprocess on a free 127.0.0.1 port and a fresh SQLite
file, opens ROOMS rooms of one game, seats every player through the JSON API, and lets
each player pick random legal moves from its own views until every game ends or the time
limit passes. Reports moves per second, the latency from sending a move to seeing the
board that includes it, and the server's resident memory. Talks only to 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Server:
    def __init__(self, folder: str) -> None:
        self.port = free_port()
        env = {**os.environ,
               "DATABASE_URL": f"sqlite+aiosqlite:///{folder}/bench.sqlite3"}
        env.pop("REDIS_URL", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "app.main:app", "--factory",
             "--host", "127.0.0.1", "--port", str(self.port), "--log-level", "warning"],
            cwd=ROOT, env=env,
        )
        self.url = f"http://127.0.0.1:{self.port}"

    def wait(self) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


async def seat_room(url: str, game: str, players: int) -> tuple[str, list[httpx.AsyncClient]]:
    clients = [httpx.AsyncClient(base_url=url, timeout=30) for _ in range(players)]
    created = await clients[0].post(
        "/api/rooms", json={"game": game, "seats": players, "options": {}})
    created.raise_for_status()
    code: str = created.json()["code"]
    for i, client in enumerate(clients):
        (await client.post(f"/api/rooms/{code}/seats", json={"name": f"P{i}"})).raise_for_status()
    (await clients[0].post(f"/api/rooms/{code}/start")).raise_for_status()
    return code, clients


async def play(url: str, code: str, client: httpx.AsyncClient, seed: int,
               deadline: float, latencies: list[float]) -> int:
    """One player: random legal moves from its own views. Returns moves made."""
    rnd = random.Random(seed)
    cookie = "; ".join(f"{c.name}={c.value}" for c in client.cookies.jar)
    ws_url = url.replace("http", "ws", 1) + f"/ws/rooms/{code}"
    made, acted, sent_at = 0, -1, 0.0
    async with connect(ws_url, additional_headers={"Cookie": cookie}, max_size=2**22) as ws:
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.1, deadline - time.monotonic()))
            except TimeoutError:
                break
            message: dict[str, Any] = json.loads(raw)
            if message["type"] != "view" or message.get("view") is None:
                continue
            if sent_at and message["version"] > acted:
                latencies.append(time.perf_counter() - sent_at)
                sent_at = 0.0
            if message.get("status") == "finished":
                break
            moves = message["view"].get("moves") or []
            if moves and message["version"] > acted:
                acted = message["version"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "version": acted,
                                          "move": rnd.choice(moves)}))
                made += 1
    await client.aclose()
    return made


async def run_load(url: str, game: str, rooms: int, players: int,
                   seconds: float) -> dict[str, Any]:
    seated = await asyncio.gather(*(seat_room(url, game, players) for _ in range(rooms)))
    latencies: list[float] = []
    start = time.perf_counter()
    deadline = time.monotonic() + seconds
    made = await asyncio.gather(*(
        play(url, code, client, 1000 * r + p, deadline, latencies)
        for r, (code, clients) in enumerate(seated) for p, client in enumerate(clients)
    ))
    elapsed = time.perf_counter() - start
    latencies.sort()
    pick = (lambda q: round(1000 * latencies[int(q * (len(latencies) - 1))], 1)
            ) if latencies else (lambda q: None)
    return {
        "game": game, "rooms": rooms, "players": players, "sockets": rooms * players,
        "moves": sum(made), "seconds": round(elapsed, 1),
        "moves_per_s": round(sum(made) / elapsed, 1),
        "latency_ms_p50": pick(0.5), "latency_ms_p95": pick(0.95),
        "latency_ms_mean": round(1000 * statistics.fmean(latencies), 1) if latencies else None,
    }


def run(rooms: int = 20, seconds: float = 20.0) -> list[dict[str, Any]]:
    from app.games.registry import GAMES

    rows = []
    with tempfile.TemporaryDirectory() as folder:
        server = Server(folder)
        try:
            server.wait()
            for game in GAMES.values():
                row = asyncio.run(run_load(server.url, game.id, rooms,
                                           min(4, game.max_players), seconds))
                row["server_rss_mib"] = round(rss_kib(server.proc.pid) / 1024, 1)
                rows.append(row)
        finally:
            server.stop()
    return rows
