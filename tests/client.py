"""Test clients: a person with an HTTP cookie jar and a real WebSocket to the server."""

from __future__ import annotations

import asyncio
import json
import random
import ssl
from collections.abc import Callable
from typing import Any
from urllib.parse import unquote

import httpx
from websockets.asyncio.client import ClientConnection, connect

from tests import regions
from tests.live import LiveServer

# The servers are plain HTTP on 127.0.0.1; one TLS context for every client, because
# making one per client (httpx's default) loads the CA store each time (~0.2 s loaded).
TLS = ssl.create_default_context()


def refusal(response: httpx.Response) -> str | None:
    """The message a form's refusal left for the page it goes back to (app/web/routes/flash.py)."""
    value = response.cookies.get("flash")
    return None if value is None else unquote(value.partition("|")[2])


class Person:
    """One browser: cookies from the JSON API, a socket that sends them."""

    def __init__(self, server: LiveServer) -> None:
        self.server = server
        self.http = httpx.AsyncClient(base_url=server.url, timeout=10, verify=TLS)
        self.ws: ClientConnection | None = None
        self.inbox: list[dict[str, Any]] = []
        self.log: list[str] = []  # the game log this socket holds (docs/contracts.md §3)
        self.log_base = 0  # the index of self.log[0] in the game log
        # a socket taking regions: the board it holds and its version (tests/regions.py)
        self.board: str | None = None
        self.board_version = -1

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        await self.http.aclose()

    async def use(self, server: LiveServer) -> None:
        """Talk to another server (a restart, or a second process) with the same cookies."""
        cookies = httpx.Cookies(self.http.cookies)
        await self.http.aclose()
        if self.ws is not None:
            await self.ws.close()
            self.ws = None
        self.server = server
        self.http = httpx.AsyncClient(base_url=server.url, timeout=10, cookies=cookies,
                                      verify=TLS)

    async def api(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        return await self.http.request(method, path, **kwargs)

    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.http.cookies.jar)

    async def connect(self, code: str, *, html: bool = False, regions: bool = False,
                      origin: str | None = None) -> ClientConnection:
        if self.ws is not None:
            await self.ws.close()
        query = ("?format=html&regions=1" if regions else "?format=html") if html else ""
        headers = {"Cookie": self.cookie_header()} if self.http.cookies else {}
        if origin:
            headers["Origin"] = origin
        self.ws = await connect(f"{self.server.ws_url}/ws/rooms/{code}{query}",
                                additional_headers=headers, max_size=2**22)
        self.inbox = []
        self.log = []
        self.log_base = 0
        self.board, self.board_version = None, -1
        return self.ws

    async def send(self, message: Any) -> None:
        assert self.ws is not None
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def receive(self, timeout: float = 10) -> dict[str, Any]:
        assert self.ws is not None
        if self.inbox:
            return self.inbox.pop(0)
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        return self.take(json.loads(raw))

    def take(self, message: dict[str, Any]) -> dict[str, Any]:
        """Follow the log as a client does: a reset replaces it, else the new lines
        continue it exactly where it ended. `log_text` is the whole log so far. A board
        message's whole board, `board`, is its `html` or its `regions` applied (as
        static/room/board.js does) to the board this socket holds, which must be at the
        message's `base`."""
        if message.get("type") == "board":
            if "regions" in message:
                assert "html" not in message, message
                assert self.board is not None and message["base"] == self.board_version, (
                    message["base"], self.board_version)
                self.board = regions.apply(self.board, message["regions"])
            else:
                self.board = message["html"]
            self.board_version = message["version"]
            message["board"] = self.board
        if message.get("type") in ("view", "board"):
            lines = [line["text"] for line in message["log"]]
            if message["log_reset"]:
                # a reset may send only the newest lines: log_start is where they begin
                self.log_base = message["log_start"]
                self.log = lines
            else:
                held = self.log_base + len(self.log)
                assert message["log_start"] == held, (message, self.log)
                self.log = self.log + lines
            message["log_text"] = self.log
        return message

    async def expect(self, kind: str, timeout: float = 10, **match: Any) -> dict[str, Any]:
        """The next message of this type (and these field values); others are kept."""
        kept: list[dict[str, Any]] = []
        try:
            async with asyncio.timeout(timeout):
                while True:
                    message = await self.receive(timeout)
                    if message["type"] == kind and all(
                        message.get(k) == v for k, v in match.items()
                    ):
                        return message
                    kept.append(message)
        finally:
            self.inbox = kept + self.inbox

    async def quiet(self, seconds: float = 0.3) -> list[dict[str, Any]]:
        """Everything that arrives within `seconds`."""
        got = list(self.inbox)
        self.inbox = []
        assert self.ws is not None
        while True:
            try:
                raw = await asyncio.wait_for(self.ws.recv(), seconds)
            except TimeoutError:
                return got
            got.append(self.take(json.loads(raw)))


async def autoplay(person: Person, rng: random.Random, limit: int = 5000) -> dict[str, Any]:
    """Pick random legal moves from this person's own views until the game is over.
    Returns the final view message."""
    acted = -1
    for _ in range(limit):
        message = await person.receive(timeout=20)
        if message["type"] == "error":
            # Someone else moved first; or their move ended the game just before ours.
            assert message["code"] in ("stale", "wrong_status"), message
            continue
        if message["type"] != "view" or message["view"] is None:
            continue
        if message["status"] == "finished":
            return message
        moves = message["view"].get("moves") or []
        if moves and message["version"] > acted:
            acted = message["version"]
            await person.send({"type": "move", "version": message["version"],
                               "move": rng.choice(moves)})
    raise AssertionError("the game did not end")


Make = Callable[[LiveServer], Person]


async def seated_room(server: LiveServer, make: Make, players: int, *, tricks: int = 3,
                      spectators: bool = True, game: str = "toy-high-card",
                      options: dict[str, Any] | None = None) -> tuple[str, list[Person]]:
    host = make(server)
    body = {"game": game, "options": options if options is not None else {"tricks": tricks},
            "seats": players, "spectators": spectators}
    response = await host.api("POST", "/api/rooms", json=body)
    assert response.status_code == 201, response.text
    code = response.json()["code"]
    seated = [host] + [make(server) for _ in range(players - 1)]
    for i, person in enumerate(seated):
        taken = await person.api("POST", f"/api/rooms/{code}/seats", json={"name": f"P{i}"})
        assert taken.status_code == 201, taken.text
    return code, seated


async def start(code: str, host: Person) -> None:
    response = await host.api("POST", f"/api/rooms/{code}/start")
    assert response.status_code == 200, response.text
