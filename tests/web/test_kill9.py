"""kill -9 under a game in progress: a real uvicorn subprocess on SQLite is killed while
moves are in flight, again and again, and restarted on the same database. Every move
the server acknowledged (200 with its version) is in the move log afterwards, and the
game plays on after the last restart."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
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
        """A new process on the same port. The test listens on the socket itself and
        hands it over (`--fd`): a request made while the app starts waits in the
        socket's queue, so one request says when it is up (no polling)."""
        env = {**os.environ, "DATABASE_URL": f"sqlite+aiosqlite:///{self.db}",
               "BOT_DELAY_MS": "0", "REDIS_URL": ""}
        env.pop("REDIS_URL")
        with socket.socket() as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind(("127.0.0.1", self.port))
            sock.listen(128)
            fd = sock.fileno()
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "uvicorn", "tests.web.kill_app:app", "--factory",
                 "--fd", str(fd), "--log-level", "warning", "--no-server-header"],
                cwd=ROOT, env=env, pass_fds=(fd,),
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        # only the server holds the socket now: once it is killed, connecting is refused
        try:  # a ceiling: a loaded machine imports slowly
            answer = httpx.get(f"{self.url}/healthz", timeout=90)
        except httpx.TransportError as exc:
            self.proc.wait(timeout=10)
            raise AssertionError(self.proc.stderr.read() if self.proc.stderr else exc) from exc
        assert answer.status_code == 200, answer.text

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)
        if self.proc.stderr:
            self.proc.stderr.close()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.kill()


class Acked(list[tuple[int, int, Any]]):
    """The acknowledged moves, as (version made, seat, move); `grown` wakes whoever
    waits for more."""

    def __init__(self) -> None:
        super().__init__()
        self.grown = asyncio.Event()

    def append(self, item: tuple[int, int, Any]) -> None:
        super().append(item)
        self.grown.set()

    async def reach(self, n: int) -> None:
        while len(self) < n:
            self.grown.clear()
            await self.grown.wait()


async def play(players: list[httpx.AsyncClient], code: str, rng: random.Random,
               acked: Acked, until: int = 10**9) -> bool:
    """Every seat moves as fast as it can until the game ends or `until` moves are
    acknowledged (True), or the server goes (False). Acknowledged moves go into `acked`
    as (version made, seat, move)."""

    async def seat_loop(seat: int, person: httpx.AsyncClient) -> bool:
        while len(acked) < until:
            seen = len(acked)
            try:
                snap = (await person.get(f"/api/rooms/{code}/view")).json()
                if snap["status"] == "finished":
                    return True
                moves = snap["view"]["moves"]
                if not moves:
                    # another seat's turn: wait for its acknowledged move (at most a
                    # second, so a seat notices a server that went away)
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(acked.reach(seen + 1), 1)
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
    acked = Acked()
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
                with contextlib.suppress(TimeoutError):  # a ceiling, as before
                    await asyncio.wait_for(acked.reach(len(acked) + 3), 30)
                await asyncio.sleep(rng.uniform(0, 0.05))  # a random moment, not a wait
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
