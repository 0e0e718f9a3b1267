"""`make bench`: engine benchmarks (and the server load test, when present)."""

from __future__ import annotations

import os
import platform

from bench import engines


def main() -> None:
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}")
    print("\n== engines: random games (tracemalloc on, so absolute speed is lower) ==")
    print(engines.report(engines.run(int(os.environ.get("BENCH_GAMES", "30")))))


if __name__ == "__main__":
    main()
