"""Server load against the floor, in one run: the same closed-loop client drives the
project and a bare broadcast server (bench/floor.py) alternately.

Each configuration opens ROOMS rooms x 4 players of one game over real WebSockets, in
JSON (`view`) or as the browser asks (`?format=html&regions=1`); a seat that may move
sends a random one of the moves its board offers, with the board's version, as soon as
it has it: from a view, its `moves`; from a board, what the page offers (the `.move`
buttons of the viewer's own region and its `data-moves`, docs/contracts.md §4, as
static/room/picks.js makes them), kept region by region as the browser keeps its board.
Moves carry ids and a seat moves again once its move is answered, as the browser's page
does. A finished game is played again (every seat asks for the rematch). Reported:
moves/s (a move is a version its room moved on by), p50/p99 latency from a move to the
moment every socket of the room has the new version, server CPU ms per move (the
server process's own CPU time, /proc/<pid>/stat), the load client's CPU ms per move
(this process's) and bytes per state message. Servers are uvicorn subprocesses on free
127.0.0.1 ports, each run is bounded in time. Talks only to 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import html as htmllib
import json
import os
import random
import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
GAME = "null-bock"
PLAYERS = 4
REGION = re.compile(r'data-region="([^"]*)"')
BUTTON = re.compile(r"<button\b([^>]*)>")
MOVE = re.compile(r"""\bdata-move='([^']*)'""")
CLASS = re.compile(r'\bclass="([^"]*)"')
DATA_MOVES = re.compile(r"data-moves='([^']*)'")
TICK = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


TARGETS = {"project": ["app.main:app", "--factory"], "floor": ["bench.floor:app"]}


class Server:
    """`app.main` (the project) or `bench.floor` in a uvicorn subprocess."""

    def __init__(self, kind: str, database_url: str | None = None,
                 redis_url: str | None = None) -> None:
        self.kind = kind
        self.port = free_port()
        # One load client is one address: the per-client socket limit is lifted.
        env = {**os.environ, "BOT_DELAY_MS": "0", "MIGRATE_AT_START": "true",
               "SOCKETS_PER_CLIENT_ROOM": "100000", "STALE_MOVES_PER_MINUTE": "100000",
               "ROOMS_PER_MINUTE": "100000", "CHAT_PER_MINUTE": "100000"}
        env.pop("REDIS_URL", None)
        if database_url:
            env["DATABASE_URL"] = database_url
        if redis_url:
            env["REDIS_URL"] = redis_url
        target = TARGETS[kind]
        # Both run as `make run` serves the app: without per-message compression (it
        # cost each socket ~80 us per 1.5 KB message, a fifth of a move's CPU, and a
        # text sent to N sockets is compressed N times). The server's own log, for when
        # a run goes wrong; closed in stop().
        self.log = open(f"/tmp/bench-{kind}-{self.port}.log", "w")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", *target, "--host", "127.0.0.1",
             "--port", str(self.port), "--log-level", "warning", "--ws", "websockets-sansio",
             "--ws-per-message-deflate", "false",
             "--timeout-keep-alive", "120", "--backlog", "4096"],
            cwd=ROOT, env=env, stderr=self.log,
        )
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 180  # a loaded machine starts it slowly
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the {kind} server did not start")

    def cpu(self) -> float:
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICK

    def rss_kib(self) -> int:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)
        self.log.close()


class Room:
    """One room's players: their cookies, and what the run measures."""

    def __init__(self, url: str, code: str, cookies: list[str], client: Any,
                 clients: list[Any] | None = None) -> None:
        self.url, self.code, self.cookies, self.client = url, code, cookies, client
        self.clients = clients or []  # each seat's (a rematch needs everyone's "yes")
        self.sent: dict[int, float] = {}
        self.seen: dict[int, int] = {}
        self.top = -1  # the newest version any of its sockets got


async def open_room(url: str, floor: bool, code: str, options: dict[str, Any],
                    game: str = GAME) -> Room:
    for attempt in range(3):  # a loaded machine may drop a connection while setting up
        try:
            return await _open_room(url, floor, code, options, game)
        except httpx.TransportError:
            if attempt == 2:
                raise
            await asyncio.sleep(1)
    raise AssertionError("unreachable")


async def _open_room(url: str, floor: bool, code: str, options: dict[str, Any],
                     game: str) -> Room:
    if floor:  # no room to open, no seat to take
        return Room(url, code, [""] * PLAYERS, None)
    host = httpx.AsyncClient(base_url=url, timeout=60)
    created = await host.post("/api/rooms", json={"game": game, "seats": PLAYERS,
                                                  "options": options})
    created.raise_for_status()
    code = created.json()["code"]
    cookies = []
    clients = []
    for i in range(PLAYERS):
        client = host if i == 0 else httpx.AsyncClient(base_url=url, timeout=60)
        (await client.post(f"/api/rooms/{code}/seats", json={"name": f"P{i}"})).raise_for_status()
        cookies.append("; ".join(f"{c.name}={c.value}" for c in client.cookies.jar))
        clients.append(client)
    (await host.post(f"/api/rooms/{code}/start")).raise_for_status()
    return Room(url, code, cookies, host, clients)


class BoardMoves:
    """The moves a socket's board offers its viewer, as the browser's page has them
    (docs/contracts.md §4): the `.move` buttons the server drew in the viewer's own
    region (`mine`) and the moves of its `data-moves` (`at`, and every pick's
    destinations), which static/room/picks.js makes into buttons. Every control lies in
    `mine`, so only that region is kept: from a whole board (up to the next region), or
    from a regions message that carries it; it is read only when a move is chosen."""

    __slots__ = ("mine", "read")

    def __init__(self) -> None:
        self.mine = ""
        self.read: tuple[str, list[str]] = ("", [])  # (mine, its moves' JSON texts)

    def take(self, message: dict[str, Any]) -> None:
        html = message.get("html")
        if html is not None:
            self.mine = ""
            regions = list(REGION.finditer(html))
            for i, found in enumerate(regions):
                if found.group(1) == "mine":
                    start = html.rfind("<", 0, found.start())
                    end = (html.rfind("<", 0, regions[i + 1].start())
                           if i + 1 < len(regions) else len(html))
                    self.mine = html[start:end]
        elif "mine" in message["regions"]:
            self.mine = message["regions"]["mine"]

    def moves(self) -> list[str]:
        """The offered moves' JSON texts (unescaped), once per control."""
        if self.read[0] is not self.mine:
            self.read = (self.mine, offered(self.mine))
        return self.read[1]


def offered(mine: str) -> list[str]:
    """The moves a viewer's own region offers (JSON texts), once per control."""
    out = []
    for tag in BUTTON.findall(mine):
        cls, move = CLASS.search(tag), MOVE.search(tag)
        if cls and move and "move" in cls.group(1).split():
            out.append(htmllib.unescape(move.group(1)))
    data = DATA_MOVES.search(mine)
    if data:
        moves = orjson.loads(htmllib.unescape(data.group(1)))
        dests = [*moves["at"], *(d for pick in moves["picks"].values() for d in pick["dests"])]
        out += [orjson.dumps(d["move"]).decode() for d in dests]
    return out


def moves_of(message: dict[str, Any], seat: int) -> list[Any]:
    """The moves a whole board or a view offers `seat`."""
    if message["type"] == "board":
        board = BoardMoves()
        board.take(message)
        return [json.loads(m) for m in board.moves()]
    view = message.get("view") or {}
    to_act = view.get("to_act")
    if to_act is not None and seat not in to_act:
        return []
    return list(view.get("moves") or [])


class Tally:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.sizes: list[int] = []
        self.moves = 0  # versions the rooms moved on by (a socket may skip some)
        self.refused = 0  # moves answered with an error (stale, mostly)
        self.greeted = 0  # sockets that have had their first view


async def player(room: Room, seat: int, html: bool, stop: asyncio.Event, tally: Tally,
                 rng: random.Random, on_move: Any = None, on_message: Any = None,
                 ids: bool = False, rematches: asyncio.Event | None = None) -> None:
    """`on_message(room, seat, version, raw)`: called with each state message's text;
    `on_move(size)` once for each version the room moved on by (as its first socket
    hears).
    `ids`: each move carries an id, as the browser's do (docs/contracts.md §3), and the
    seat moves again only once it is answered, on a board at least as new as the
    version its move made (the ack's): a seat that moved at v, seeing the board of
    another seat's move at v + 1 before its own, would otherwise move again at v + 1,
    stale (its own move came since), and every stale move costs the server a whole
    board and log. Without ids (the floor answers none) a seat moves on every newer
    version it may move at. `rematches`: a finished game is played again only while
    it is set."""
    ws_url = room.url.replace("http", "ws", 1) + f"/ws/rooms/{room.code}"
    # what the browser asks for: after the greeting, only the regions that changed
    ws_url += "?format=html&regions=1" if html else ""
    board = BoardMoves()
    headers = {"Cookie": room.cookies[seat]} if room.cookies[seat] else {}
    acted, greeted = -1, False
    waiting, after = False, -1  # (ids) a move unanswered; the version its ack named
    async with connect(ws_url, additional_headers=headers, max_size=2**22) as ws:
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), 1.0)
            except TimeoutError:
                continue
            # orjson on both sides: json.loads of a nested view cost the client several
            # times a floor message's flat padding, and the client shares the cores
            message = orjson.loads(raw)
            if message["type"] not in ("view", "board"):
                if message["type"] == "error":
                    tally.refused += 1
                if message.get("id") is not None and message["type"] in ("ack", "error"):
                    waiting = False
                    after = message.get("version") or after
                continue
            version = message["version"]
            if on_message is not None:
                on_message(room, seat, version, raw)
            if not greeted:
                greeted = True
                tally.greeted += 1
            tally.sizes.append(len(raw))
            if version > room.top:
                # a socket whose move waits for its ack is sent the newest version
                # after it, not each one before: moves are counted by versions
                for _ in range(version - room.top if room.top >= 0 else 0):
                    tally.moves += 1
                    if on_move is not None:
                        on_move(len(raw))
                room.top = version
            room.seen[version] = room.seen.get(version, 0) + 1
            if room.seen[version] == PLAYERS and version in room.sent:
                tally.latencies.append(time.perf_counter() - room.sent.pop(version))
            if message["type"] == "board":  # every board is taken in, even a finished one
                board.take(message)
            if message.get("status") == "finished":
                if room.clients and seat == 0 and version > acted:
                    # everyone agrees to play again, one after another: agreements
                    # sent at once each read the room before the others were stored,
                    # so none saw them all and the next game never began
                    acted = version
                    if rematches is not None:
                        await rematches.wait()
                    for client in room.clients:
                        await client.post(f"/api/rooms/{room.code}/rematch")
                continue
            if version <= acted or waiting or version < after:
                continue
            if message["type"] == "board":  # the move's text is read only once chosen
                texts = board.moves()
                move = orjson.loads(rng.choice(texts)) if texts else None
            else:
                moves = moves_of(message, seat)
                move = rng.choice(moves) if moves else None
            if move is not None:
                acted, waiting = version, ids
                room.sent.setdefault(version + 1, time.perf_counter())
                sent = {"type": "move", "version": version, "move": move}
                if ids:
                    sent["id"] = f"m{version}"
                await ws.send(orjson.dumps(sent).decode())  # a text frame


async def drive(servers: list[Server], rooms: int, seconds: float, html: bool,
                options: dict[str, Any] | None = None, on_move: Any = None,
                stop: asyncio.Event | None = None, on_start: Any = None,
                on_message: Any = None, ids: bool = False, game: str = GAME,
                rematches: asyncio.Event | None = None) -> dict[str, Any]:
    floor = servers[0].kind == "floor"
    gate = asyncio.Semaphore(10)  # rooms are set up 10 at a time (HTTP, not measured)

    async def opening(r: int) -> Room:
        async with gate:
            return await open_room(servers[r % len(servers)].url, floor, f"floor{r}",
                                   options or {}, game)

    opened = await asyncio.gather(*(opening(r) for r in range(rooms)))
    tally, stop = Tally(), stop or asyncio.Event()
    tasks = []
    for r, room in enumerate(opened):  # connect a room at a time, as people arrive
        tasks += [asyncio.create_task(player(room, seat, html, stop, tally,
                                             random.Random(r * 10 + seat), on_move,
                                             on_message, ids, rematches))
                  for seat in range(PLAYERS)]
        await asyncio.sleep(0.005)
    for _ in range(600):  # every socket has connected and had its greeting
        if tally.greeted == len(tasks):
            break
        await asyncio.sleep(0.1)
    await asyncio.sleep(0.5)
    tally.latencies.clear()
    tally.sizes.clear()
    tally.moves = tally.refused = 0
    if on_start is not None:
        on_start()
    cpu0, mine0 = sum(s.cpu() for s in servers), time.process_time()
    start = time.perf_counter()
    with_deadline = asyncio.create_task(asyncio.sleep(seconds))
    await asyncio.wait([with_deadline, asyncio.create_task(stop.wait())],
                       return_when=asyncio.FIRST_COMPLETED)
    elapsed = time.perf_counter() - start
    cpu = sum(s.cpu() for s in servers) - cpu0
    mine = time.process_time() - mine0  # the load client's own, over the same span
    moves, refused = tally.moves, tally.refused
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    for room in opened:
        for client in room.clients or ([room.client] if room.client is not None else []):
            await client.aclose()
    lat = sorted(tally.latencies)

    def pick(q: float) -> float | None:
        return round(1000 * lat[int(q * (len(lat) - 1))], 1) if lat else None

    return {
        "moves_per_s": round(moves / elapsed, 1), "p50_ms": pick(0.5), "p99_ms": pick(0.99),
        "cpu_ms_per_move": round(1000 * cpu / moves, 2) if moves else None,
        "client_ms_per_move": round(1000 * mine / moves, 2) if moves else None,
        "bytes_per_msg": round(sum(tally.sizes) / len(tally.sizes)) if tally.sizes else None,
        "moves": moves, "refused": refused,
    }
