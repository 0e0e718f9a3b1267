"""Where a run's CPU went on this machine: the whole machine's busy share (/proc/stat),
the load client's own CPU, and PostgreSQL's and Redis's processes (by name). Used by the
two-process bench: once one process keeps most of the cores busy, a second one cannot
show its worth here, and these figures say whether that is so. Linux only; elsewhere
the figures are None."""

from __future__ import annotations

import os
import time
from typing import Any

_SIDE = ("postgres", "redis")  # the database and the bus, by their processes' names


def _stat() -> tuple[int, int] | None:
    try:
        with open("/proc/stat") as f:
            ticks = [int(x) for x in f.readline().split()[1:]]
    except OSError:
        return None
    return sum(ticks), ticks[3] + ticks[4]  # (all, idle + iowait)


def _side_seconds() -> float:
    total = 0
    for pid in os.listdir("/proc") if os.path.isdir("/proc") else ():
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/comm") as f:
                if not f.read().startswith(_SIDE):
                    continue
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime + stime, in ticks
        except (OSError, IndexError, ValueError):
            continue  # a process that ended meanwhile
    return total / os.sysconf("SC_CLK_TCK")


class Span:
    """`with Span() as span: ...`, then `span.figures()`."""

    def __enter__(self) -> Span:
        self.stat, self.side = _stat(), _side_seconds()
        self.client, self.wall = time.process_time(), time.monotonic()
        return self

    def __exit__(self, *_: Any) -> None:
        self.stat_end, self.side_end = _stat(), _side_seconds()
        self.client_end, self.wall_end = time.process_time(), time.monotonic()

    def figures(self) -> dict[str, Any]:
        wall = max(self.wall_end - self.wall, 1e-9)
        busy = None
        if self.stat is not None and self.stat_end is not None:
            ticks = self.stat_end[0] - self.stat[0]
            busy = round(1 - (self.stat_end[1] - self.stat[1]) / ticks, 2) if ticks else None
        return {"machine_busy": busy,
                "client_cores": round((self.client_end - self.client) / wall, 2),
                "pg_redis_cores": round((self.side_end - self.side) / wall, 2)}
