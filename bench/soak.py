"""A soak (issue 35.6): rooms played over real sockets for N minutes, the server's
resident memory printed every minute, to see it flat after warm-up.

    python -m bench.soak --minutes 30 --database sqlite
    SOAK_DATABASE_URL=postgresql+asyncpg://... SOAK_REDIS_URL=redis://... \\
        python -m bench.soak --minutes 30 --database postgres     # two processes

`make bench` runs it for BENCH_SOAK_MINUTES (0: not at all). Each of `--tables` tables
opens a room of the next game, seats three people (each a JSON socket playing random
legal moves after `--think-ms`, a chat line now and then) and two spectators taking
whole boards and regions in German and Dutch; at the end the room is left and a new
one opened, so rooms churn as in a day of play. Loopback only; it stops by itself.
Each minute: every process's RSS and what /metrics says of its tables.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("null-bock", "four-pints-please", "stier-zoekt-bier", "bullenparty")
# One load client is one address: the per-client limits are lifted.
UNLIMITED = {name: "1000000" for name in (
    "CHAT_PER_MINUTE", "ROOMS_PER_MINUTE", "REFUSED_MOVES_PER_MINUTE",
    "SEAT_CHANGES_PER_MINUTE", "SOCKETS_PER_CLIENT_ROOM", "STALE_MOVES_PER_MINUTE")}
SHOWN = ("rooms.live", "presence.gone_rooms", "limits.chat", "log.pieces", "render.formatted",
         "i18n.card_words")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """`python -m app.serve` (what `make run` runs) in a subprocess."""

    def __init__(self, env: dict[str, str], log: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log.open("w")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "app.serve", "--port", str(self.port),
             "--log-level", "warning"],
            cwd=ROOT, env={**os.environ, **UNLIMITED, "BOT_DELAY_MS": "0", **env},
            stdout=self.log, stderr=self.log)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.url}/healthz", timeout=2).status_code == 200:
                    return
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"the server did not start: see {log}")

    def rss_mib(self) -> float:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)
        self.log.close()


class Counts:
    def __init__(self) -> None:
        self.moves = self.rooms = self.games = self.chat = 0


async def player(url: str, code: str, client: httpx.AsyncClient, rng: random.Random,
                 think: float, counts: Counts) -> None:
    """Play random legal moves from this seat's views until the game ends."""
    cookies = "; ".join(f"{c.name}={c.value}" for c in client.cookies.jar)
    async with connect(f"{url.replace('http', 'ws', 1)}/ws/rooms/{code}",
                       additional_headers={"Cookie": cookies}, max_size=2**22) as ws:
        acted = -1
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] != "view" or message["view"] is None:
                continue
            if message["status"] == "finished":
                return
            moves = message["view"].get("moves") or []
            if moves and message["version"] > acted:
                acted = message["version"]
                await asyncio.sleep(think)
                await ws.send(json.dumps({"type": "move", "version": message["version"],
                                          "move": rng.choice(moves)}))
                counts.moves += 1
                if rng.random() < 0.05:
                    await ws.send(json.dumps({"type": "chat", "text": "prost"}))
                    counts.chat += 1


async def spectator(url: str, code: str, lang: str, done: asyncio.Event) -> None:
    """Whole boards and regions in `lang`, read until the game is over."""
    async with connect(f"{url.replace('http', 'ws', 1)}/ws/rooms/{code}"
                       "?format=html&regions=1", additional_headers={"Cookie": f"lang={lang}"},
                       max_size=2**22) as ws:
        while not done.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(ws.recv(), 1)


async def table(urls: list[str], number: int, until: float, think: float,
                counts: Counts) -> None:
    rng = random.Random(number)
    for round_no in itertools.count():
        if time.monotonic() >= until:
            return
        url = urls[(number + round_no) % len(urls)]
        game = GAMES[(number + round_no) % len(GAMES)]
        people = [httpx.AsyncClient(base_url=url, timeout=30) for _ in range(3)]
        running: list[asyncio.Task[None]] = []
        try:
            made = await people[0].post("/api/rooms", json={"game": game, "seats": 3})
            made.raise_for_status()
            code = made.json()["code"]
            counts.rooms += 1
            for n, person in enumerate(people):
                # each seat on a process of its own where there are several
                person.base_url = httpx.URL(urls[(number + n) % len(urls)])
                taken = await person.post(f"/api/rooms/{code}/seats", json={"name": f"P{n}"})
                taken.raise_for_status()
            done = asyncio.Event()
            watchers = [asyncio.create_task(spectator(urls[-1 - n % len(urls)], code, lang,
                                                      done))
                        for n, lang in enumerate(("de", "nl"))]
            players = [asyncio.create_task(player(str(p.base_url), code, p, rng, think, counts))
                       for p in people]
            running = watchers + players
            await asyncio.sleep(0.2)  # the sockets are in: the greeting comes first
            (await people[0].post(f"/api/rooms/{code}/start")).raise_for_status()
            remaining = max(1.0, until - time.monotonic() + 30)
            async with asyncio.timeout(remaining):
                for task in players:
                    await task
            counts.games += 1
            done.set()
            await asyncio.gather(*watchers, return_exceptions=True)
        except (TimeoutError, httpx.HTTPError, OSError) as exc:
            print(f"  table {number}: {type(exc).__name__}: {exc}", flush=True)
        finally:
            for task in running:
                task.cancel()
            await asyncio.gather(*running, return_exceptions=True)
            for person in people:
                await person.aclose()


def report(minute: int, servers: list[Server], counts: Counts) -> None:
    parts = []
    for n, server in enumerate(servers):
        try:
            sizes = httpx.get(f"{server.url}/metrics", timeout=10).json()["sizes"]
            shown = " ".join(f"{k}={sizes[k]['size']}" for k in SHOWN if k in sizes)
        except httpx.HTTPError:
            shown = "(no /metrics)"
        parts.append(f"process {n + 1}: RSS {server.rss_mib():.0f} MiB [{shown}]")
    print(f"minute {minute:>2}: " + "; ".join(parts)
          + f"; {counts.moves} moves, {counts.games} games, {counts.rooms} rooms, "
          f"{counts.chat} chat lines", flush=True)


async def drive(servers: list[Server], minutes: float, tables: int, think: float) -> None:
    counts = Counts()
    began = time.monotonic()
    until = began + minutes * 60
    report(0, servers, counts)
    tasks = [asyncio.create_task(table([s.url for s in servers], n, until, think, counts))
             for n in range(tables)]
    for minute in itertools.count(1):
        await asyncio.sleep(max(0.0, began + minute * 60 - time.monotonic()))
        report(minute, servers, counts)
        if time.monotonic() >= until:
            break
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.soak", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--think-ms", type=int, default=100)
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="stammtisch-soak-"))
    if args.database == "sqlite":
        envs = [{"DATABASE_URL": f"sqlite+aiosqlite:///{folder / 'soak.sqlite3'}"}]
    else:
        database, redis = os.environ.get("SOAK_DATABASE_URL"), os.environ.get("SOAK_REDIS_URL")
        if not database or not redis:
            sys.exit("--database postgres needs SOAK_DATABASE_URL and SOAK_REDIS_URL")
        envs = [{"DATABASE_URL": database, "REDIS_URL": redis}] * 2
    servers: list[Server] = []
    try:
        for n, env in enumerate(envs):
            servers.append(Server(env, folder / f"server{n + 1}.log"))
        print(f"soak: {args.minutes:g} min, {args.database}, {len(servers)} process(es), "
              f"{args.tables} tables of 3 players and 2 spectators, think {args.think_ms} ms "
              f"(logs in {folder})", flush=True)
        asyncio.run(drive(servers, args.minutes, args.tables, args.think_ms / 1000))
    finally:
        for server in servers:
            server.stop()


if __name__ == "__main__":
    main()
