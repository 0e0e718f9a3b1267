"""Shared fixtures for the server tests: real databases made by the migrations, the toy
game registered, real uvicorn servers on free ports, real WebSocket clients.

PostgreSQL and Redis tests run when TEST_DATABASE_URL / TEST_REDIS_URL are set; without
them they are skipped locally but FAIL under CI=true, so CI cannot pass by skipping.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

from app.db.engine import migrate_sync
from app.games.game import Game
from app.games.registry import GAMES, REGISTRY
from app.main import create_app
from app.settings import Settings
from tests.games import toy as toy_module
from tests.live import LiveServer

TOY = toy_module.HighCard()
TOY_GAME = dataclasses.replace(toy_module.GAME, rules=TOY)
"""The toy's registry entry, with `TOY` its rules."""


def _required(var: str) -> str:
    value = os.environ.get(var)
    if value:
        return value
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{var} is not set, but CI=true: this test must run in CI")
    pytest.skip(f"{var} not set")


# Under pytest-xdist each worker ("gw0", "gw1", ...) gets a database and a Redis db of
# its own, so workers never drop each other's schema or read each other's messages.
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
WORKER_NO = int(WORKER[2:]) if WORKER.startswith("gw") and WORKER[2:].isdigit() else 0


def _worker_postgres(url: str) -> str:
    """The worker's own database beside the given one (the given one for no worker)."""
    if not WORKER:
        return url
    base, _, name = url.rpartition("/")
    return f"{base}/{name}_{WORKER}"


def _worker_redis(url: str) -> str:
    """The worker's own Redis db number (given db + worker number)."""
    base, _, db = url.rpartition("/")
    if not WORKER or not db.isdigit():
        return url
    return f"{base}/{int(db) + WORKER_NO}"


async def _reset_postgres(url: str) -> None:
    import asyncpg  # the worker's database is dropped and migrated once per session

    dsn = url.replace("postgresql+asyncpg://", "postgresql://", 1)
    try:
        conn = await asyncpg.connect(dsn)
    except asyncpg.InvalidCatalogNameError:  # a worker's database, made on first use
        base, _, name = dsn.rpartition("/")
        admin = await asyncpg.connect(f"{base}/postgres")
        try:
            await admin.execute(f'CREATE DATABASE "{name}"')
        finally:
            await admin.close()
        conn = await asyncpg.connect(dsn)
    try:
        await conn.execute("DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;")
    finally:
        await conn.close()


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> toy_module.HighCard:
    """The tiny "High card" game, registered in GAMES for this test (for the tests that
    build a RoomService on the registry; apps get theirs through `games`)."""
    monkeypatch.setitem(GAMES, TOY.id, TOY)
    return TOY


@pytest.fixture
def games() -> dict[str, Game]:
    """The games an app under test serves: every registered game and the toy (their
    registry entries), passed to `create_app(settings, games)`, so no test patches the
    global registry for an app."""
    return {**REGISTRY, TOY.id: TOY_GAME}


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One SQLite file made by `alembic upgrade head`, once per worker."""
    path = tmp_path_factory.mktemp("migrated") / "stammtisch.sqlite3"
    migrate_sync(f"sqlite+aiosqlite:///{path}")
    return path


@pytest.fixture
def sqlite_url(tmp_path: Path, migrated_sqlite: Path) -> str:
    """A fresh SQLite file made by `alembic upgrade head`: a copy (SQLite's backup) of the
    worker's migrated file, since running the migrations again took longer than many
    tests do."""
    path = tmp_path / "stammtisch.sqlite3"
    with closing(sqlite3.connect(migrated_sqlite)) as src, closing(sqlite3.connect(path)) as dst:
        src.backup(dst)
    return f"sqlite+aiosqlite:///{path}"


# The worker's PostgreSQL databases this session has migrated: a later test there gets
# every table emptied instead (the migrations insert no rows, so an emptied database is
# the one they make; migrating again took seconds per test on the 2-core machine).
MIGRATED_POSTGRES: set[str] = set()


async def _empty_postgres(url: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url.replace("postgresql+asyncpg://", "postgresql://", 1))
    try:
        tables = [row["tablename"] for row in await conn.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public' "
            "AND tablename <> 'alembic_version'")]
        await conn.execute(f"TRUNCATE {', '.join(f'public.{t}' for t in tables)} "
                           "RESTART IDENTITY CASCADE")
    finally:
        await conn.close()


@pytest.fixture
def postgres_url() -> str:
    """The PostgreSQL test database, as the migrations make it: dropped and migrated for
    the worker's first test, emptied for the others."""
    url = _worker_postgres(_required("TEST_DATABASE_URL"))
    if url in MIGRATED_POSTGRES:
        asyncio.run(_empty_postgres(url))
        return url
    asyncio.run(_reset_postgres(url))
    migrate_sync(url)
    MIGRATED_POSTGRES.add(url)
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest) -> str:
    """Each storage/pipeline test runs on SQLite and on PostgreSQL."""
    fixture = "sqlite_url" if request.param == "sqlite" else "postgres_url"
    url: str = request.getfixturevalue(fixture)
    return url


@pytest.fixture
def redis_url() -> Iterator[str]:
    url = _worker_redis(_required("TEST_REDIS_URL"))
    import redis

    client = redis.Redis.from_url(url)
    client.flushdb()
    client.close()
    yield url


def settings_for(database_url: str, redis_url: str | None = None) -> Settings:
    # The fixture migrated already; the app's migrate-at-start then finds nothing to do.
    # Bots move at once in tests.
    return Settings(database_url=database_url, redis_url=redis_url, bot_delay_ms=0,  # type: ignore[call-arg]
                    _env_file=None)


@pytest.fixture
async def app(sqlite_url: str, games: dict[str, Any]) -> AsyncIterator[FastAPI]:
    """An app on a fresh SQLite database with its lifespan running (for httpx)."""
    application = create_app(settings_for(sqlite_url), games)
    async with application.router.lifespan_context(application):
        yield application


@pytest.fixture
def live_server(games: dict[str, Any]) -> Iterator[Callable[..., LiveServer]]:
    """Start real uvicorn servers in threads: `live_server(database_url, redis_url=None)`."""
    started: list[LiveServer] = []

    def start(database_url: str, redis_url: str | None = None) -> LiveServer:
        server = LiveServer(create_app(settings_for(database_url, redis_url), games))
        server.start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


# The slowest tests start first, so that the workers of `-n auto` end together: under
# `--dist load` every worker takes its tests in the collected order, and a long test
# picked up last would keep one worker busy alone. Seconds each took in `make test` on
# the 2-core CI machine (pytest --durations, 2026-12-01), by node id prefix (the longest
# matching prefix counts); every other test keeps its place after these.
SLOWEST: dict[str, float] = {
    "tests/web/test_records.py::test_a_whole_game": 25,
    "tests/web/test_records.py::test_a_whole_game_replays_to_its_outcome_and_every_served_view"
    "[stier-zoekt-bier]": 47,
    "tests/games/test_conformance.py::test_random_games_keep_the_contract": 15,
    "tests/games/test_conformance.py::test_random_games_keep_the_contract[null-bock-6p": 50,
    "tests/games/test_conformance.py::test_random_games_keep_the_contract[stier-zoekt-bier-5p":
        41,
    "tests/games/test_conformance.py::test_random_games_keep_the_contract[bullenparty-5p": 40,
    "tests/games/test_conformance.py::test_random_games_keep_the_contract[null-bock-5p": 39,
    "tests/games/test_conformance.py::test_random_games_keep_the_contract[stier-zoekt-bier-4p":
        28,
    "tests/games/test_conformance.py::test_random_games_keep_the_contract[bullenparty-4p": 29,
    "tests/games/test_conformance.py::test_random_games_keep_the_contract[bullenparty-3p": 24,
    "tests/web/test_fuzz.py::test_hostile_http": 49,
    "tests/web/test_fuzz.py::test_hostile_socket": 20,
    # measured alone on the quiet machine: 25 s wall, 25 s CPU, ~2,500 requests
    "tests/web/test_schema.py": 25,
    "tests/web/test_kill9.py": 27,
    "tests/web/test_simultaneous.py::test_fifty_pairs": 21,
    # slower than the top 25 by a fifth of their time in a loaded run (x5): estimated
    "tests/games/stier_zoekt_bier/test_board.py::test_whole_games": 26,
    "tests/web/test_games.py::test_random_whole_game_through_the_server": 15,
}
# The browser tests stay last (tests/browser/conftest.py) and each module together (one
# server per module): the module of the whole games goes first among them.
SLOWEST_BROWSER_MODULES = {"tests/browser/test_games.py": 173,
                           "tests/browser/test_walk.py": 55,
                           "tests/browser/test_board_languages.py": 40}


def _expected_seconds(nodeid: str, table: dict[str, float]) -> float:
    prefixes = [prefix for prefix in table if nodeid.startswith(prefix)]
    return table[max(prefixes, key=len)] if prefixes else 0.0


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def key(item: pytest.Item) -> tuple[bool, float]:
        if item.nodeid.startswith("tests/browser/"):
            module = item.nodeid.split("::", 1)[0]
            return True, -_expected_seconds(module, SLOWEST_BROWSER_MODULES)
        return False, -_expected_seconds(item.nodeid, SLOWEST)

    items.sort(key=key)  # stable: equal keys keep their collected order
