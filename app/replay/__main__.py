"""`python -m app.replay record.json`: replay a game record through the rules and print
its outcome; exit 1 with the reason when it does not replay (illegal move, other
outcome), 2 when the file cannot be read."""

from __future__ import annotations

import json
import sys

from app.games.registry import GAMES
from app.replay import ReplayError, replay


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m app.replay record.json", file=sys.stderr)
        return 2
    try:
        with open(argv[0], encoding="utf-8") as handle:
            record = json.load(handle)
    except (OSError, ValueError) as exc:
        print(f"cannot read {argv[0]}: {exc}", file=sys.stderr)
        return 2
    try:
        done = replay(record, GAMES)
    except ReplayError as exc:
        print(f"the record does not replay: {exc}", file=sys.stderr)
        return 1
    outcome = done.outcome or {}
    names = [p.get("name", f"Seat {i + 1}") if isinstance(p, dict) else str(p)
             for i, p in enumerate(record["players"])]
    print(f"{done.rules.title}: {len(done.states) - 1} moves replayed, the outcome matches.")
    for seat, score in enumerate(outcome.get("scores", [])):
        won = " (winner)" if seat in outcome.get("winners", []) else ""
        print(f"  {names[seat]}: {score}, rank {outcome['ranks'][seat]}{won}")
    print(json.dumps(outcome))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
