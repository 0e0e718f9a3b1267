"""A real uvicorn server in a background thread on a free 127.0.0.1 port."""

from __future__ import annotations

import socket
import threading

import httpx
import uvicorn
from fastapi import FastAPI


class _Server(uvicorn.Server):
    """uvicorn's server, saying when its start-up is over (`up`), however it went."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.up = threading.Event()

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        try:
            await super().startup(sockets=sockets)
        finally:
            self.up.set()


class LiveServer:
    def __init__(self, app: FastAPI, port: int = 0) -> None:
        """`port`: 0 for a free one; another's port to serve in its place once it
        stopped (a restart, as the pages see it)."""
        self.app = app
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", port))
        self.port: int = self.sock.getsockname()[1]
        # Idle keep-alive connections stay open a minute: on a loaded machine a client's
        # next request may come seconds later, and a server closing the connection just
        # as it is reused makes a ReadError that is no fault of the app.
        # Served as `make run` serves the app: websockets-sansio, no per-message
        # compression.
        config = uvicorn.Config(app, log_level="warning", lifespan="on", server_header=False,
                                ws="websockets-sansio", ws_per_message_deflate=False,
                                timeout_graceful_shutdown=2,
                                timeout_keep_alive=60)
        self.server = _Server(config)
        self.thread = threading.Thread(target=self._run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def _run(self) -> None:
        try:
            self.server.run(sockets=[self.sock])
        finally:
            self.server.up.set()  # a start-up that failed before it began

    def start(self) -> None:
        self.thread.start()
        # a ceiling for a loaded machine; the wait ends when start-up does
        if not self.server.up.wait(timeout=60) or not self.server.started:
            raise RuntimeError("the test server did not start")
        # FastAPI builds its routes' dependency models at the first request, and two
        # servers in one process share the route objects: building them in two threads
        # at once can fail. One request that walks every route builds them here.
        httpx.get(f"{self.url}/_/warm-up", timeout=20)

    def stop(self) -> None:
        if self.thread.is_alive():
            self.server.should_exit = True
            self.thread.join(timeout=10)
        self.sock.close()
