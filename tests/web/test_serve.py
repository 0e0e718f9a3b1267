"""Served directly (`make run HOST=0.0.0.0`, app/serve.py): half-open requests do not
hold their connections for ever (issue 35.5). A real `python -m app.serve` process with
short timeouts: sockets that send a request's headers and half its body are answered
408 and closed; sockets idle after an answer are closed. uvicorn cannot time out a
request whose headers never end: the command says so on any address but loopback."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.serve import exposure_notice
from tests.processes import AppProcess

BODY_SECONDS = 1.0
KEEP_ALIVE_SECONDS = 1
SLACK = 10.0  # a loaded 2-core machine: the close may come late, never early
SOCKETS = 20


@pytest.fixture
def served(sqlite_url: str, tmp_path: Path) -> Iterator[AppProcess]:
    server = AppProcess(tmp_path / "app.log", {
        "DATABASE_URL": sqlite_url, "BODY_SECONDS": str(BODY_SECONDS),
        "KEEP_ALIVE_SECONDS": str(KEEP_ALIVE_SECONDS)})
    server.start()
    yield server
    server.stop()


def open_sockets(port: int, first: bytes) -> list[socket.socket]:
    sockets = []
    for _ in range(SOCKETS):
        sock = socket.create_connection(("127.0.0.1", port), timeout=BODY_SECONDS + SLACK)
        sock.sendall(first)
        sockets.append(sock)
    return sockets


def read_to_close(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (a socket timeout,
    the configured time and the slack, fails the test)."""
    got = b""
    while chunk := sock.recv(4096):
        got += chunk
    sock.close()
    return got


def test_half_a_body_is_answered_408_and_closed(served: AppProcess) -> None:
    head = (b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nContent-Length: 64\r\n\r\n{\"game\": ")
    began = time.monotonic()
    sockets = open_sockets(served.port, head)
    answers = [read_to_close(sock) for sock in sockets]
    took = time.monotonic() - began
    assert all(a.startswith(b"HTTP/1.1 408 ") for a in answers), answers[0]
    assert all(b'"code":"timeout"' in a.replace(b" ", b"") for a in answers)
    assert BODY_SECONDS <= took < BODY_SECONDS + SLACK


def test_an_idle_keep_alive_connection_is_closed(served: AppProcess) -> None:
    request = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    began = time.monotonic()
    sockets = open_sockets(served.port, request)
    answers = [read_to_close(sock) for sock in sockets]
    took = time.monotonic() - began
    assert all(a.startswith(b"HTTP/1.1 200 ") for a in answers)
    assert KEEP_ALIVE_SECONDS <= took < KEEP_ALIVE_SECONDS + SLACK


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.20", "stammtisch.lan"])
def test_serving_other_machines_says_a_proxy_must_front_it(host: str) -> None:
    notice = exposure_notice(host, 8000)
    assert notice is not None and "deploy/nginx.conf" in notice and f"{host}:8000" in notice


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "::1", "[::1]", "localhost"])
def test_loopback_needs_no_notice(host: str) -> None:
    assert exposure_notice(host, 8000) is None
