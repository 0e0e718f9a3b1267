"""`make bench`: engine benchmarks, then the server load test. Loopback only, bounded."""

from __future__ import annotations

import os
import platform

from app.games.registry import GAMES
from bench import bots, engines, floor_run, replays, soak


def table(rows: list[dict[str, object]]) -> str:
    if not rows:
        return "(nothing to report)"
    cols = list(dict.fromkeys(c for r in rows for c in r))  # a later row may add one
    lines = ["  ".join(f"{c:>15}" for c in cols)]
    lines += ["  ".join(f"{r.get(c, '')!s:>15}" for c in cols) for r in rows]
    return "\n".join(lines)


def main() -> None:
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}")
    parts = os.environ.get("BENCH_PARTS", "engines,bots,replays,server").split(",")
    if "engines" in parts:
        print("\n== engines: random games (tracemalloc on, so absolute speed is lower) ==")
        print(table(engines.run(int(os.environ.get("BENCH_GAMES", "30")))))
    if "bots" in parts:
        count = int(os.environ.get("BENCH_BOT_GAMES", "500"))
        print(f"\n== bots: one good bot against random bots, seat rotated, {count} games ==")
        print(table(bots.run(GAMES, count)))
    if "replays" in parts:
        print("\n== replays: a good bots' game replayed from its record, each step drawn "
              "(OPEN view) ==")
        print(table(replays.run(int(os.environ.get("BENCH_REPLAY_GAMES", "3")))))
    if "server" in parts:
        server()
    minutes = float(os.environ.get("BENCH_SOAK_MINUTES", "0"))
    if minutes > 0:  # memory over time (issue 35.6): `python -m bench.soak` alone too
        print(f"\n== soak: rooms over real sockets for {minutes:g} min, RSS each minute ==")
        soak.main(["--minutes", str(minutes), "--database",
                   os.environ.get("BENCH_SOAK_DATABASE", "sqlite")])


def server() -> None:
    games = os.environ.get("BENCH_GAME_IDS", ",".join(GAMES)).split(",")
    formats = os.environ.get("BENCH_FORMATS", "json,html").split(",")
    rooms = int(os.environ.get("BENCH_ROOMS", "50"))
    seconds = float(os.environ.get("BENCH_SECONDS", "15"))
    repeats = int(os.environ.get("BENCH_REPEATS", "1"))
    print(f"\n== every game against the floor: {rooms} rooms x 4 players over WebSockets, "
          f"SQLite, JSON views and HTML regions (the browser's), {seconds:.0f} s per run, "
          f"the floor then the game; target: CPU ms per move <= "
          f"{floor_run.TARGETS['json']} JSON, <= {floor_run.TARGETS['html']} HTML ==")
    print(table(floor_run.against_floor(games, formats, rooms, seconds, repeats)))
    print(f"\n== a long game: per move around move 10 and move 300 (30 rooms side by side; "
          f"target: move 300 within {floor_run.FLAT}x of move 10) ==")
    print(table(floor_run.long_game(games, formats)))
    if os.environ.get("BENCH_IDLE", "1") == "1":
        print("\n== 2,000 idle sockets: memory and connects ==")
        print(table(floor_run.idle_sockets()))
    scaled = floor_run.scaled(50, seconds)
    if scaled:
        print("\n== PostgreSQL + Redis: two processes against one (Null Bock!, JSON, 50 x 4) ==")
        print(table(scaled))


if __name__ == "__main__":
    main()
