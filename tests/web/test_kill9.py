"""kill -9 under a game in progress: a real uvicorn subprocess on SQLite is killed while
moves are in flight, again and again, and restarted on the same database. Every move
the server acknowledged (200 with its version) is in the move log afterwards, and the
game plays on after the last restart."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[2]
KILLS = 5


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    def __init__(self, db: Path, port: int) -> None:
        self.db, self.port = db, port
        self.proc: subprocess.Popen[bytes] | None = None
        self.url = f"http://127.0.0.1:{port}"

    def start(self) -> None:
        env = {**os.environ, "DATABASE_URL": f"sqlite+aiosqlite:///{self.db}",
               "BOT_DELAY_MS": "0", "REDIS_URL": ""}
        env.pop("REDIS_URL")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "tests.web.kill_app:app", "--factory",
             "--host", "127.0.0.1", "--port", str(self.port), "--log-level", "warning",
             "--no-server-header"], cwd=ROOT, env=env,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 90  # a ceiling: a loaded machine imports slowly
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.proc.stderr.read() if self.proc.stderr else ""
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.05)
        raise AssertionError("the server did not start")

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)
        if self.proc.stderr:
            self.proc.stderr.close()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.kill()


async def play(players: list[httpx.AsyncClient], code: str, rng: random.Random,
               acked: list[tuple[int, int, Any]], until: int = 10**9) -> bool:
    """Every seat moves as fast as it can until the game ends or `until` moves are
    acknowledged (True), or the server goes (False). Acknowledged moves go into `acked`
    as (version made, seat, move)."""

    async def seat_loop(seat: int, person: httpx.AsyncClient) -> bool:
        while len(acked) < until:
            try:
                snap = (await person.get(f"/api/rooms/{code}/view")).json()
                if snap["status"] == "finished":
                    return True
                moves = snap["view"]["moves"]
                if not moves:
                    await asyncio.sleep(0.02)
                    continue
                move = rng.choice(moves)
                answer = await person.post(f"/api/rooms/{code}/moves",
                                           json={"version": snap["version"], "move": move})
            except httpx.TransportError:
                return False
            if answer.status_code == 200:
                acked.append((answer.json()["version"], seat, move))
            else:
                assert answer.status_code == 409, answer.text  # stale, or over
        return True

    results = await asyncio.gather(*(seat_loop(s, p) for s, p in enumerate(players)))
    return all(results)


def stored_moves(db: Path, code: str) -> dict[int, tuple[int, Any]]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT version, seat, move FROM moves WHERE room_code = ?",
                            (code,)).fetchall()
    return {version: (seat, json.loads(move)) for version, seat, move in rows}


async def test_every_acknowledged_move_survives_kill_9(tmp_path: Path) -> None:
    db = tmp_path / "kill.sqlite3"
    server = Server(db, free_port())
    server.start()
    players = [httpx.AsyncClient(base_url=server.url, timeout=5) for _ in range(3)]
    acked: list[tuple[int, int, Any]] = []
    rng = random.Random(9)
    kills = 0
    try:
        made = await players[0].post("/api/rooms", json={"game": "null-bock", "seats": 3})
        code = made.json()["code"]
        for i, person in enumerate(players):
            assert (await person.post(f"/api/rooms/{code}/seats", json={"name": f"P{i}"}))
        assert (await players[0].post(f"/api/rooms/{code}/start")).status_code == 200
        finished = False
        while not finished:
            game = asyncio.create_task(play(players, code, rng, acked))
            if kills < KILLS:
                # Some moves through, then kill -9 while the next ones are in flight.
                deadline, before = time.monotonic() + 30, len(acked)
                while len(acked) < before + 3 and time.monotonic() < deadline:
                    await asyncio.sleep(0.01)
                await asyncio.sleep(rng.uniform(0, 0.05))
                server.kill()
                kills += 1
                await game
                server.start()
            else:  # after the last restart the game plays on
                game.cancel()
                finished = await asyncio.wait_for(
                    play(players, code, rng, acked, until=len(acked) + 10), timeout=120)
            stored = stored_moves(db, code)
            for version, seat, move in acked:
                assert stored.get(version) == (seat, move), f"lost move at version {version}"
        assert kills == KILLS and len(acked) >= 3 * KILLS + 10
        room = (await players[0].get(f"/api/rooms/{code}")).json()
        assert room["version"] == max(stored_moves(db, code))
    finally:
        for person in players:
            await person.aclose()
        server.stop()
