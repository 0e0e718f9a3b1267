"""App processes for the tests: `python -m app.serve` (what `make run` runs) in a
subprocess, on a listening socket the test made and handed over, so one request says
when it is up (a request made while it starts waits in the socket's queue)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
# The real app with the toy game (tests/web/kill_app.py), as the other process tests.
TOY_APP = "tests.web.kill_app:app"


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port


class AppProcess:
    """One app process on 127.0.0.1:`port`; `env` on top of this one's (REDIS_URL is
    dropped unless given)."""

    def __init__(self, log: Path, env: dict[str, str], *, port: int | None = None,
                 app: str = TOY_APP, extra: tuple[str, ...] = ()) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path, self.app, self.extra = log, app, extra
        self.env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
        self.env.update({"BOT_DELAY_MS": "0", **env})
        self.proc: subprocess.Popen[bytes] | None = None

    def launch(self) -> None:
        """Start it; `wait_up()` or `wait_refused()` says how it went."""
        with socket.socket() as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            # uvicorn takes a handed-over socket for a Unix one (`--fd`), so asyncio does
            # not turn Nagle off for its connections as it does on a port: an answer's
            # body then waited ~40 ms for the ACK of its headers. Accepted sockets
            # inherit it from the listening one.
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sock.bind(("127.0.0.1", self.port))
            sock.listen(128)
            fd = sock.fileno()
            with self.log_path.open("ab") as log:
                self.proc = subprocess.Popen(
                    [sys.executable, "-m", "app.serve", "--fd", str(fd), "--app", self.app,
                     "--log-level", "warning", *self.extra],
                    cwd=ROOT, env=self.env, pass_fds=(fd,), stdout=log, stderr=log)
        # only the server holds the socket now: once it is gone, connecting is refused

    def start(self) -> AppProcess:
        self.launch()
        self.wait_up()
        return self

    def wait_up(self) -> None:
        try:  # a ceiling: a loaded machine imports slowly
            answer = httpx.get(f"{self.url}/healthz", timeout=90)
        except httpx.TransportError as exc:
            raise AssertionError(f"the app did not start: {self.log()}") from exc
        assert answer.status_code == 200, answer.text

    def wait_exit(self, timeout: float = 90) -> int:
        """Its exit code; AssertionError if it is still running after `timeout`."""
        assert self.proc is not None
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"still running after {timeout} s: {self.log()}") from None

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        """SIGTERM (a graceful shutdown), SIGKILL if it lingers."""
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.kill()
