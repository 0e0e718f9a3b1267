"""An engine's share of one server move, stage by stage, in CPU time.

What the server calls per move (app/rooms/pipeline.py `_commit`, app/rooms/live.py
`LiveRoom.frame`): `apply` (with its legality check), `to_act`, `encode`, the events'
`to_json`, then one view per seat and the spectator's of the new version. Seeded random
games are recorded first (untimed), then replayed from their set-up move by move,
each stage timed on its own in the server's order (one clock call's cost taken off).
`dumps` is orjson of the views: not the engine's, but what a view's shape costs.

    PYTHONPATH=. .venv/bin/python -m bench.engine_move [game-id] [players] [games] [repeats]

Figures are CPU µs per move (`time.process_time`), the best of `repeats` replays of
all the games, with the server's collector thresholds: compare two trees in the same
minute, never across hours.
"""

from __future__ import annotations

import gc
import random
import sys
import time
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


def _clock_cost(repeats: int = 20_000) -> float:
    """What one `process_time()` call adds to a stage timed between two of them."""
    clock = time.process_time
    start = clock()
    for _ in range(repeats):
        clock()
    return (clock() - start) / repeats


def replay(rules: Rules[Any], players: int, game: Game) -> dict[str, float]:
    """CPU seconds per stage for one replay of `game`, move by move as the server goes
    (a state's views are made before the next move is applied, so what a view keeps
    from the state before is there, as on the server)."""
    state, played = game
    viewers: list[int | None] = [*range(players), None]
    clock = time.process_time
    spent = dict.fromkeys(STAGES, 0.0)
    for seat, move in played:
        t0 = clock()
        state, events = rules.apply(state, seat, dict(move))
        t1 = clock()
        rules.to_act(state)
        t2 = clock()
        rules.encode(state)
        t3 = clock()
        [e.to_json() for e in events]
        t4 = clock()
        views = [rules.view(state, v) for v in viewers]
        t5 = clock()
        [orjson.dumps(v) for v in views]
        t6 = clock()
        spent["apply"] += t1 - t0
        spent["to_act"] += t2 - t1
        spent["encode"] += t3 - t2
        spent["events"] += t4 - t3
        spent["views"] += t5 - t4
        spent["dumps"] += t6 - t5
    return spent


def run(game_id: str = "null-bock", players: int = 4, games: int = 20,
        repeats: int = 5) -> dict[str, Any]:
    rules = GAMES[game_id]
    gc.set_threshold(100_000, 10, 10)  # as the server runs (app/main.py)
    recorded = [record(rules, players, seed) for seed in range(games)]
    moves = sum(len(p) for _, p in recorded)
    clock = _clock_cost()
    best = dict.fromkeys(STAGES, float("inf"))
    for _ in range(repeats):
        total = dict.fromkeys(STAGES, 0.0)
        for game in recorded:
            for stage, seconds in replay(rules, players, game).items():
                total[stage] += seconds
        best = {s: min(best[s], total[s]) for s in STAGES}
    row: dict[str, Any] = {"game": game_id, "players": players, "moves": moves}
    per_move = {s: max(0.0, 1e6 * (best[s] / moves - clock)) for s in STAGES}
    row.update({f"{s}_us": round(per_move[s], 1) for s in STAGES})
    row["engine_us"] = round(sum(per_move[s] for s in STAGES if s != "dumps"), 1)
    return row


def main(argv: list[str]) -> None:
    game_id = argv[0] if argv else "null-bock"
    players = int(argv[1]) if len(argv) > 1 else 4
    games = int(argv[2]) if len(argv) > 2 else 20
    repeats = int(argv[3]) if len(argv) > 3 else 5
    print(run(game_id, players, games, repeats))


if __name__ == "__main__":
    main(sys.argv[1:])
