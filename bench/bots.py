"""The good bots against random bots: win rate with the seat rotated, thinking time.

One good bot (`rules.bot_move`, deciding from its seat's view alone) plays against
random bots; the seat it sits in rotates game by game. A shared win counts as
1/len(winners), so the random baseline is 1/players exactly. Engines only: no server.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any

from app.games.base import Rules, parse_options

MAX_STEPS = 20_000


def play(rules: Rules[Any], players: int, seed: int, good: int,
         think: list[float]) -> float:
    """One game: the good bot in seat `good`. Returns its share of the win."""
    state = rules.setup(players, parse_options(rules.Options, {}), seed)
    rng = random.Random(f"bench-bots:{seed}")
    for _ in range(MAX_STEPS):
        acting = sorted(rules.to_act(state))
        if not acting:
            break
        seat = rng.choice(acting)
        moves = list(rules.legal_moves(state, seat))
        move = None
        if seat == good:
            started = time.perf_counter()
            move = rules.bot_move(rules.view(state, seat), seat, rng)
            think.append(time.perf_counter() - started)
        if move is None or move not in moves:
            move = rng.choice(moves)
        state, _ = rules.apply(state, seat, move)
    outcome = rules.outcome(state)
    if outcome is None or good not in outcome.winners:
        return 0.0
    return 1 / len(outcome.winners)


def run(games: Mapping[str, Rules[Any]], count: int) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for rules in games.values():
        for players in range(rules.min_players, rules.max_players + 1):
            think: list[float] = []
            wins = sum(play(rules, players, seed, seed % players, think)
                       for seed in range(count))
            rate = wins / count
            think.sort()
            p99 = think[int(len(think) * 0.99)] if think else 0.0
            rows.append({
                "game": rules.id, "players": players, "games": count,
                "win rate": f"{rate:.0%}", "x random": f"{rate * players:.2f}",
                "think mean ms": f"{1000 * sum(think) / max(1, len(think)):.2f}",
                "think p99 ms": f"{1000 * p99:.2f}",
            })
    return rows


if __name__ == "__main__":
    import sys

    from app.games.registry import GAMES
    from bench.__main__ import table

    wanted = sys.argv[1:] or list(GAMES)
    print(table(run({k: GAMES[k] for k in wanted}, 500)))
