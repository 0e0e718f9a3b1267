"""The async engine and session factory, and migrate-at-start.

SQLite (the default) gets a busy timeout and WAL so several connections, or two app
processes on one file, wait for each other instead of failing with "database is locked".
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import orjson
from alembic import command
from alembic.config import Config
from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine

ROOT = Path(__file__).resolve().parents[2]


def json_text(value: Any) -> str:
    """The JSON columns' serialiser: orjson (a move writes its state, move and events,
    and json.dumps was a twentieth of a move's CPU); json.dumps for what orjson refuses
    (integers beyond 64 bits). Int keys become strings, as json.dumps makes them."""
    try:
        # without OPT_NON_STR_KEYS first: the option costs a third of the dump, and no
        # game's state, move or event has a key that is not text (orjson refuses one
        # without it, so the same text comes out either way)
        return orjson.dumps(value).decode()
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        pass
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(value)


def make_engine(url: str) -> AsyncEngine:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_async_engine(url, pool_pre_ping=True, json_serializer=json_text)
    if parsed.database and parsed.database != ":memory:":
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_async_engine(url, connect_args={"timeout": SQLITE_TIMEOUT},
                                 json_serializer=json_text)

    @event.listens_for(engine.sync_engine, "connect")
    def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
        sqlite_pragmas(dbapi_connection)

    return engine


SQLITE_TIMEOUT = 30  # seconds a write waits for another connection's lock


def sqlite_pragmas(dbapi_connection: Any) -> None:
    """What every SQLite connection of the app sets (the engine's, and the move
    writer's own, app/db/movewriter.py)."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_TIMEOUT * 1000}")
    cursor.close()


def sessions(engine: AsyncEngine) -> async_sessionmaker[Any]:
    return async_sessionmaker(engine, expire_on_commit=False)


def alembic_config(url: str) -> Config:
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "migrations"))
    # ConfigParser interpolation: a literal % in a password must be doubled.
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    config.attributes["configure_logger"] = False
    return config


def migrate_sync(url: str) -> None:
    """`alembic upgrade head` for this URL (blocking; runs its own event loop)."""
    if make_url(url).get_backend_name() == "sqlite":
        database = make_url(url).database
        if database and database != ":memory:":
            Path(database).parent.mkdir(parents=True, exist_ok=True)
    command.upgrade(alembic_config(url), "head")


async def migrate(url: str) -> None:
    """Migrate from inside a running loop: Alembic's env.py runs its own loop in a thread."""
    await asyncio.to_thread(migrate_sync, url)
