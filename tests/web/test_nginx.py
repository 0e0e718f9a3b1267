"""The real nginx of deploy/nginx.conf in front of two app processes on PostgreSQL and
Redis (issue 35): the WebSocket upgrade, the Origin and CSRF checks through the proxy,
the client address the limits see (X-Forwarded-For believed only from the proxies the
file trusts), and a move made through one process seen by a socket on the other.

nginx (Debian's, /usr/sbin/nginx; CI installs it) runs as a child of the test with its
own prefix, pid file, logs and temp dirs under tmp_path, on a loopback port; only its
`listen` and the upstream servers of the file are changed. It is stopped by its pid.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect

from tests.processes import ROOT, AppProcess, free_port

NGINX = os.environ.get("NGINX", "/usr/sbin/nginx")
OUTSIDE = "127.0.0.2"  # a client address deploy/nginx.conf does not trust (127.0.0.1 it does)


def site(ports: tuple[int, int], listen: int) -> str:
    """deploy/nginx.conf with its upstreams at the two app processes, on `listen`."""
    text = (ROOT / "deploy" / "nginx.conf").read_text()
    servers = re.findall(r"^\s*server app\d:8000;\n", text, flags=re.M)
    assert len(servers) == 2, "deploy/nginx.conf: the upstream's two servers moved"
    text = text.replace(servers[0], f"    server 127.0.0.1:{ports[0]};\n")
    text = text.replace(servers[1], f"    server 127.0.0.1:{ports[1]};\n")
    assert "    listen 80;\n" in text
    return text.replace("    listen 80;\n", f"    listen 127.0.0.1:{listen};\n")


class Nginx:
    def __init__(self, folder: Path, ports: tuple[int, int]) -> None:
        self.folder, self.port = folder, free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        for temp in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (folder / temp).mkdir()
        (folder / "site.conf").write_text(site(ports, self.port))
        (folder / "nginx.conf").write_text(f"""
daemon off;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 256; }}
http {{
    log_format upstream '$remote_addr "$request" $status $upstream_addr';
    access_log {folder}/access.log upstream;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    proxy_max_temp_file_size 0;
    include {folder}/site.conf;
}}
""")
        self.proc = subprocess.Popen(
            [NGINX, "-p", str(folder), "-c", str(folder / "nginx.conf"),
             "-e", str(folder / "error.log")],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 30
        while not (folder / "nginx.pid").exists():  # written once it listens
            assert self.proc.poll() is None, self.proc.stderr and self.proc.stderr.read()
            assert time.monotonic() < deadline, "nginx did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        pid = int((self.folder / "nginx.pid").read_text())
        os.kill(pid, signal.SIGQUIT)  # its graceful stop, by its pid
        self.proc.wait(timeout=15)
        if self.proc.stderr:
            self.proc.stderr.close()

    def access(self) -> list[str]:
        return (self.folder / "access.log").read_text().splitlines()


@pytest.fixture
def proxied(postgres_url: str, redis_url: str, tmp_path: Path) -> Iterator[Nginx]:
    if not shutil.which(NGINX):
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{NGINX} is missing, but CI=true (.ci/run installs nginx)")
        pytest.skip(f"{NGINX} is not installed")
    env = {"DATABASE_URL": postgres_url, "REDIS_URL": redis_url, "CHAT_PER_MINUTE": "2"}
    apps = [AppProcess(tmp_path / f"app{n}.log", env) for n in (1, 2)]
    (tmp_path / "nginx").mkdir()
    nginx = None
    try:
        for app in apps:
            app.start()
        nginx = Nginx(tmp_path / "nginx", (apps[0].port, apps[1].port))
        yield nginx
    finally:
        if nginx is not None:
            nginx.stop()
        for app in apps:
            app.stop()


def person(nginx: Nginx, address: str = "127.0.0.1") -> httpx.Client:
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(base_url=nginx.url, transport=transport, timeout=20,
                        headers={"origin": nginx.url})


def socket(nginx: Nginx, code: str, client: httpx.Client,
           origin: str | None = None) -> ClientConnection:
    cookies = "; ".join(f"{c.name}={c.value}" for c in client.cookies.jar)
    return connect(f"ws://127.0.0.1:{nginx.port}/ws/rooms/{code}",
                   additional_headers={"Cookie": cookies, "Origin": origin or nginx.url})


def next_view(ws: ClientConnection, version: int) -> dict[str, Any]:
    while True:
        message = json.loads(ws.recv(timeout=20))
        if message["type"] == "view" and message["version"] >= version:
            return message


def table(nginx: Nginx) -> tuple[str, httpx.Client, httpx.Client]:
    ann, bob = person(nginx), person(nginx)
    made = ann.post("/api/rooms", json={"game": "toy-high-card", "seats": 2,
                                        "options": {"tricks": 2}})
    assert made.status_code == 201, made.text
    code: str = made.json()["code"]
    for who, name in ((ann, "Ann"), (bob, "Bob")):
        assert who.post(f"/api/rooms/{code}/seats", json={"name": name}).status_code == 201
    return code, ann, bob


def test_through_nginx_sockets_origins_addresses_and_two_processes(proxied: Nginx) -> None:
    nginx = proxied
    code, ann, bob = table(nginx)
    # CSRF through the proxy: Host is passed on, so a foreign Origin is told apart
    evil = {"origin": "http://evil.example"}
    assert ann.post(f"/api/rooms/{code}/start", headers=evil).status_code == 403
    assert ann.post(f"/r/{code}/start", headers={"origin": f"http://127.0.0.1:{free_port()}"}
                    ).status_code == 403
    with pytest.raises(InvalidStatus) as refused:
        socket(nginx, code, ann, origin="http://evil.example")
    assert refused.value.response.status_code == 403
    assert ann.post(f"/api/rooms/{code}/start").status_code == 200

    # Two sockets one after the other: nginx's round robin puts them on both processes
    with socket(nginx, code, ann) as ann_ws, socket(nginx, code, bob) as bob_ws:
        for ws, who in ((ann_ws, ann), (bob_ws, bob)):
            view = next_view(ws, 1)
            move = who.post(f"/api/rooms/{code}/moves",
                            json={"version": view["version"], "move": view["view"]["moves"][0]})
            assert move.status_code == 200, move.text
        # each socket sees both moves, whichever process took each
        assert next_view(ann_ws, 3)["version"] == next_view(bob_ws, 3)["version"] == 3
    deadline = time.monotonic() + 20  # nginx logs a socket when it closes
    while len(sockets := [line for line in nginx.access() if "/ws/rooms/" in line
                          and " 101 " in line]) < 2:
        assert time.monotonic() < deadline, nginx.access()
        time.sleep(0.05)
    assert len({line.rsplit(" ", 1)[1] for line in sockets}) == 2, sockets

    # The client address the limits see (two chat lines a minute per process here):
    # from outside, a made-up X-Forwarded-For is not believed ...
    with person(nginx, OUTSIDE) as outsider:
        said = [outsider.post(f"/api/rooms/{code}/chat", json={"text": f"hi {i}"},
                              headers={"x-forwarded-for": f"10.9.8.{i}"}).status_code
                for i in range(10)]
        assert sorted(said) == [201] * 4 + [429] * 6  # one budget, on each process
    # ... from a proxy the file trusts (a TLS terminator on 127.0.0.1), it is
    with person(nginx) as terminator:
        said = [terminator.post(f"/api/rooms/{code}/chat", json={"text": f"hey {i}"},
                                headers={"x-forwarded-for": f"10.9.9.{i}"}).status_code
                for i in range(10)]
        assert said == [201] * 10  # ten clients behind it
    ann.close()
    bob.close()
