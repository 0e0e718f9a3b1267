"""Two processes on one SQLite file without Redis never see each other's moves (issue
35.7): the second is refused at start, with a message that says why; a process with
Redis beside one without is refused too; the lock of a process killed with -9 does not
block its restart; processes that share Redis may share the file."""

from __future__ import annotations

from pathlib import Path

import httpx

from app.db.single import sqlite_file
from tests.processes import AppProcess


def refused(process: AppProcess) -> str:
    """The log of a process that must not start."""
    process.launch()
    try:
        assert process.wait_exit(timeout=60) != 0, process.log()
    finally:
        process.stop()  # one that started after all must not outlive the test
    return process.log()


def test_a_second_process_without_redis_is_refused_until_the_first_is_gone(
    sqlite_url: str, tmp_path: Path,
) -> None:
    env = {"DATABASE_URL": sqlite_url}
    first = AppProcess(tmp_path / "first.log", env).start()
    try:
        assert first.proc is not None
        log = refused(AppProcess(tmp_path / "second.log", env))
        assert (f"Another process (pid {first.proc.pid}) already serves the SQLite file "
                f"{sqlite_file(sqlite_url)} without REDIS_URL") in log
        with_redis = {**env, "REDIS_URL": "redis://127.0.0.1:1/0"}  # refused before use
        log = refused(AppProcess(tmp_path / "third.log", with_redis))
        assert f"(pid {first.proc.pid}) serves the SQLite file" in log
        assert "without REDIS_URL" in log
        made = httpx.post(f"{first.url}/api/rooms", json={"game": "four-pints-please",
                                                         "seats": 2})
        assert made.status_code == 201  # the first one serves on, untouched
        first.kill()  # its lock goes with it: a restart is not blocked
        again = AppProcess(tmp_path / "again.log", env).start()
        room = httpx.get(f"{again.url}/api/rooms/{made.json()['code']}")
        assert room.status_code == 200
        again.stop()
    finally:
        first.stop()


def test_processes_sharing_redis_may_share_the_file_but_not_one_without(
    sqlite_url: str, redis_url: str, tmp_path: Path,
) -> None:
    env = {"DATABASE_URL": sqlite_url, "REDIS_URL": redis_url}
    one = AppProcess(tmp_path / "one.log", env).start()
    two = AppProcess(tmp_path / "two.log", env)
    try:
        two.start()
        log = refused(AppProcess(tmp_path / "lone.log", {"DATABASE_URL": sqlite_url}))
        assert "Other processes serve the SQLite file" in log and "with REDIS_URL" in log
    finally:
        one.stop()
        two.stop()
