"""Engine speed: random games per game and player count, moves per second.

Figures depend on the machine; compare them as ratios between runs on one machine.
"""

from __future__ import annotations

import json
import random
import time
import tracemalloc
from typing import Any

from app.games.base import Rules, parse_options
from app.games.registry import GAMES


def play_random(rules: Rules[Any], players: int, seed: int) -> tuple[int, int]:
    """Play one random game; return (moves, bytes of the final encoded state)."""
    rnd = random.Random(seed)
    state = rules.setup(players, parse_options(rules.Options, {}), seed)
    moves = 0
    while acting := sorted(rules.to_act(state)):
        seat = rnd.choice(acting)
        state, _ = rules.apply(state, seat, rnd.choice(list(rules.legal_moves(state, seat))))
        moves += 1
    return moves, len(json.dumps(rules.encode(state)))


def run(games: int = 30) -> list[dict[str, Any]]:
    rows = []
    for rules in GAMES.values():
        for players in range(rules.min_players, rules.max_players + 1):
            tracemalloc.start()
            start = time.perf_counter()
            total_moves = 0
            state_bytes = 0
            for seed in range(games):
                moves, size = play_random(rules, players, seed)
                total_moves += moves
                state_bytes = max(state_bytes, size)
            elapsed = time.perf_counter() - start
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            rows.append({
                "game": rules.id,
                "players": players,
                "games": games,
                "moves_per_game": round(total_moves / games, 1),
                "moves_per_s": round(total_moves / elapsed),
                "ms_per_game": round(1000 * elapsed / games, 2),
                "max_state_bytes": state_bytes,
                "peak_kib": peak // 1024,
            })
    return rows
