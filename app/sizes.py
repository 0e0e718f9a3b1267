"""What the process keeps in memory, by name, with its bound: `/metrics` reports it
(issue 35.6: memory grew for minutes under a soak, and nothing said what held it).

Every cache and table that grows with traffic is bounded by size (a setting where
traffic decides how much is worth keeping) and reports `(size now, bound)` here:
- process-wide caches (a module's `lru_cache`...) register once, at import:
  `report("log.pieces", lru(_pieces))`;
- an app's own tables (limits, presence, live rooms...) are named by `create_app`
  (app/main.py: `app_sizes`).

The board renderer's caches (app/web/render/render.py, memo.py, pieces.py, ...) report the
same way: `from app.sizes import lru, report` and `report("render.<name>", lru(cache))`
beside each cache, or `report(name, lambda: (len(table), bound))` for a table.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from typing import Any

Size = Callable[[], tuple[int, int | None]]  # (entries now, the bound; None: fixed by code)

_PROCESS: dict[str, Size] = {}


def report(name: str, size: Size) -> None:
    """Name a process-wide cache's size for /metrics."""
    _PROCESS[name] = size


def lru(cached: Any) -> Size:
    """The size of a functools cache (`lru_cache`, `cache`): entries and maxsize."""
    def size() -> tuple[int, int | None]:
        info = cached.cache_info()
        return info.currsize, info.maxsize
    return size


def sizes(own: Mapping[str, Size] | None = None) -> dict[str, dict[str, int | None]]:
    """Every named size: the process's and `own` (an app's)."""
    out = {}
    for name, size in sorted({**_PROCESS, **(own or {})}.items()):
        now, bound = size()
        out[name] = {"size": now, "max": bound}
    return out


def rss_bytes() -> int:
    """The process's resident memory now (Linux); 0 where /proc is not there."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0
