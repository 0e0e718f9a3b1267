"""The schema comes only from Alembic: at app start, and down and up again."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from alembic import command

from app.db.engine import alembic_config, migrate_sync
from app.main import create_app
from tests.conftest import settings_for

ROOT = Path(__file__).resolve().parents[2]


def tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return {name for (name,) in rows}


async def test_the_app_migrates_an_empty_database_at_start(tmp_path: Path) -> None:
    path = tmp_path / "new" / "fresh.sqlite3"
    app = create_app(settings_for(f"sqlite+aiosqlite:///{path}"))
    async with app.router.lifespan_context(app):
        assert app.state.rooms is not None
    assert {"rooms", "seats", "moves", "chat", "alembic_version"} <= tables(path)


def test_migrations_go_down_and_up_again(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    url = f"sqlite+aiosqlite:///{path}"
    migrate_sync(url)
    command.downgrade(alembic_config(url), "base")
    assert tables(path) == {"alembic_version"}
    migrate_sync(url)
    assert {"rooms", "seats", "moves", "chat"} <= tables(path)


def test_the_alembic_command_line_migrates_database_url(tmp_path: Path) -> None:
    """What the Docker image runs before uvicorn: `alembic upgrade head` on DATABASE_URL."""
    path = tmp_path / "cli.sqlite3"
    env = {**os.environ, "DATABASE_URL": f"sqlite+aiosqlite:///{path}"}
    alembic = Path(sys.executable).parent / "alembic"
    result = subprocess.run([str(alembic), "upgrade", "head"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert {"rooms", "seats", "moves", "chat"} <= tables(path)
