"""One process per SQLite file unless they share Redis (issue 35.7).

Two processes on one SQLite file without REDIS_URL each serve rooms from memory and
never hear the other's moves: their tables go silently stale. So at start an app locks
a file beside the database (`<database>.lock`, `flock`): exclusively without Redis,
shared with Redis. A second process without Redis, or any process beside one without
Redis, is refused with a message that says why. The kernel drops a lock when its
process ends, however it ends, so the lock of a dead process (kill -9, a crash) never
blocks a restart; the file itself stays, holding the pid of its last exclusive holder.

The lock belongs to the process: two apps in one process (the tests run several
servers in threads) share it.
"""

from __future__ import annotations

import fcntl
import logging
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy.engine import make_url

log = logging.getLogger(__name__)

# lock file -> (its descriptor, how many apps of this process use it)
_HELD: dict[Path, tuple[int, int]] = {}


class SQLiteInUse(RuntimeError):
    """Another process serves this SQLite file, and the two would not see each other."""


def sqlite_file(database_url: str) -> Path | None:
    """The database file of a SQLite URL; None for another database or one in memory."""
    url = make_url(database_url)
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    return Path(url.database).resolve()


@contextmanager
def one_process_per_sqlite(database_url: str, redis: bool) -> Iterator[None]:
    """Hold the lock beside the SQLite file of `database_url` while the app runs; raise
    SQLiteInUse when another process stands in the way. Nothing for other databases."""
    database = sqlite_file(database_url)
    if database is None:
        yield
        return
    lock = database.with_name(database.name + ".lock")
    _acquire(lock, database, exclusive=not redis)
    try:
        yield
    finally:
        _release(lock)


def _acquire(lock: Path, database: Path, exclusive: bool) -> None:
    held = _HELD.get(lock)
    if held is not None:
        _HELD[lock] = (held[0], held[1] + 1)
        return
    lock.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
    except BlockingIOError:
        shared = exclusive and _can_share(fd)  # held by processes with Redis, then
        other = "" if shared else os.read(fd, 32).decode(errors="replace").strip()
        os.close(fd)
        message = _refusal(database, exclusive, shared, other)
        log.error("%s", message)  # first, above the start-up's traceback
        raise SQLiteInUse(message) from None
    except BaseException:
        os.close(fd)
        raise
    if exclusive:  # who holds it, for the message of the one refused
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    _HELD[lock] = (fd, 1)


def _release(lock: Path) -> None:
    fd, users = _HELD[lock]
    if users > 1:
        _HELD[lock] = (fd, users - 1)
        return
    del _HELD[lock]
    os.close(fd)  # the lock goes with the last descriptor


def _can_share(fd: int) -> bool:
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _refusal(database: Path, exclusive: bool, shared: bool, other: str) -> str:
    who = f"process (pid {other})" if other.isdigit() else "process"
    if shared:
        return (f"Other processes serve the SQLite file {database} with REDIS_URL; "
                "without it this one would never see their moves: start it with the "
                "same REDIS_URL.")
    if exclusive:
        return (f"Another {who} already serves the SQLite file {database} without "
                "REDIS_URL; two processes would never see each other's moves: stop the "
                "other one, or give both the same REDIS_URL.")
    return (f"Another {who} serves the SQLite file {database} without REDIS_URL, so it "
            "would never see this one's moves: stop it, or start both with REDIS_URL.")
