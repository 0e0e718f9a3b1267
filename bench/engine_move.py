"""An engine's share of one server move, stage by stage, in CPU time.

What the server calls per move (app/rooms/pipeline.py `_commit`, app/rooms/live.py
`LiveRoom.frame`): `apply` (with its legality check), `to_act`, `encode`, the events'
`to_json`, then one view per seat and the spectator's of the new version. Seeded random
games are recorded first (untimed), then replayed from their set-up, each stage over
the whole game in its own loop, in the server's order, so a state's views are made
fresh as the server makes them (a view may keep what it shares on its state).
`dumps` is orjson of the views: not the engine's, but what a view's shape costs.

    PYTHONPATH=. .venv/bin/python -m bench.engine_move [game-id] [players] [games] [repeats]

Figures are CPU µs per move (`time.process_time`), the best of `repeats` replays of
all the games, so compare two trees in the same minute, never across hours.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any

import orjson

from app.games.base import Move, Rules, parse_options
from app.games.registry import GAMES

STAGES = ("apply", "to_act", "encode", "events", "views", "dumps")

Game = tuple[Any, list[tuple[int, Move]]]
"""A set-up state and the (seat, move) list played from it."""


def record(rules: Rules[Any], players: int, seed: int) -> Game:
    """One random game (as the bench's load client plays: a random seat to act, a
    random listed move)."""
    rnd = random.Random(seed)
    options = parse_options(rules.Options, {})
    state = rules.setup(players, options, seed)
    played: list[tuple[int, Move]] = []
    while acting := sorted(rules.to_act(state)):
        seat = rnd.choice(acting)
        move = rnd.choice(list(rules.legal_moves(state, seat)))
        played.append((seat, move))
        state, _ = rules.apply(state, seat, move)
    return rules.setup(players, options, seed), played


def _timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.process_time()
    out = fn()
    return time.process_time() - start, out


def replay(rules: Rules[Any], players: int, game: Game) -> dict[str, float]:
    """CPU seconds per stage for one replay of `game`."""
    first, played = game
    viewers: list[int | None] = [*range(players), None]

    def apply() -> list[tuple[Any, list[Any]]]:
        out, state = [], first
        for seat, move in played:
            state, events = rules.apply(state, seat, dict(move))
            out.append((state, events))
        return out

    spent: dict[str, float] = {}
    spent["apply"], results = _timed(apply)
    states = [s for s, _ in results]
    spent["to_act"], _ = _timed(lambda: [rules.to_act(s) for s in states])
    spent["encode"], _ = _timed(lambda: [rules.encode(s) for s in states])
    spent["events"], _ = _timed(lambda: [[e.to_json() for e in ev] for _, ev in results])
    spent["views"], views = _timed(lambda: [[rules.view(s, v) for v in viewers]
                                            for s in states])
    spent["dumps"], _ = _timed(lambda: [[orjson.dumps(v) for v in vs] for vs in views])
    return spent


def run(game_id: str = "null-bock", players: int = 4, games: int = 20,
        repeats: int = 5) -> dict[str, Any]:
    rules = GAMES[game_id]
    recorded = [record(rules, players, seed) for seed in range(games)]
    moves = sum(len(p) for _, p in recorded)
    best = dict.fromkeys(STAGES, float("inf"))
    for _ in range(repeats):
        total = dict.fromkeys(STAGES, 0.0)
        for game in recorded:
            for stage, seconds in replay(rules, players, game).items():
                total[stage] += seconds
        best = {s: min(best[s], total[s]) for s in STAGES}
    row: dict[str, Any] = {"game": game_id, "players": players, "moves": moves}
    row.update({f"{s}_us": round(1e6 * best[s] / moves, 1) for s in STAGES})
    row["engine_us"] = round(1e6 * sum(best[s] for s in STAGES if s != "dumps") / moves, 1)
    return row


def main(argv: list[str]) -> None:
    game_id = argv[0] if argv else "null-bock"
    players = int(argv[1]) if len(argv) > 1 else 4
    games = int(argv[2]) if len(argv) > 2 else 20
    repeats = int(argv[3]) if len(argv) > 3 else 5
    print(run(game_id, players, games, repeats))


if __name__ == "__main__":
    main(sys.argv[1:])
