"""`make bench`: engine benchmarks, then the server load test. Loopback only, bounded."""

from __future__ import annotations

import os
import platform

from app.games.registry import GAMES
from bench import bots, engines, load


def table(rows: list[dict[str, object]]) -> str:
    if not rows:
        return "(nothing to report)"
    cols = list(rows[0])
    lines = ["  ".join(f"{c:>15}" for c in cols)]
    lines += ["  ".join(f"{r[c]!s:>15}" for c in cols) for r in rows]
    return "\n".join(lines)


def main() -> None:
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}")
    print("\n== engines: random games (tracemalloc on, so absolute speed is lower) ==")
    print(table(engines.run(int(os.environ.get("BENCH_GAMES", "30")))))
    count = int(os.environ.get("BENCH_BOT_GAMES", "500"))
    print(f"\n== bots: one good bot against random bots, seat rotated, {count} games ==")
    print(table(bots.run(GAMES, count)))
    rooms = int(os.environ.get("BENCH_ROOMS", "20"))
    seconds = float(os.environ.get("BENCH_SECONDS", "20"))
    print(f"\n== server: {rooms} rooms per game, random players over WebSockets, "
          f"SQLite, at most {seconds:.0f} s per game ==")
    print(table(load.run(rooms, seconds)))


if __name__ == "__main__":
    main()
