"""Replays (issue 14): how long a whole game's record takes to replay through the rules,
how long one step's board takes to draw (the replay page's fragment), and how big the
record is. Games are played by good bots, 4 players (or the most a game allows)."""

from __future__ import annotations

import json
import random
import time
from typing import Any

from app.games.base import OPEN, Rules, parse_options
from app.games.registry import GAMES
from app.replay import replay
from app.web.render.board import render_board


def record_of(rules: Rules[Any], players: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    state = rules.setup(players, parse_options(rules.Options, {}), seed)
    moves = []
    while acting := sorted(rules.to_act(state)):
        seat = acting[0]
        view = rules.view(state, seat)
        move = rules.bot_move(view, seat, rng) or rng.choice(view["moves"])
        state, _ = rules.apply(state, seat, rules.check(state, seat, move))
        moves.append({"version": len(moves) + 2, "seat": seat, "move": move})
    return {"game": rules.id, "options": {}, "seed": seed, "started_version": 1,
            "players": [{"seat": s, "name": f"P{s}", "bot": True, "level": "good"}
                        for s in range(players)],
            "moves": moves, "outcome": rules.view(state, None)["outcome"]}


def run(games: int = 3) -> list[dict[str, Any]]:
    rows = []
    for rules in GAMES.values():
        players = min(4, rules.max_players)
        replay_s = render_s = 0.0
        steps = size = 0
        for seed in range(games):
            record = record_of(rules, players, seed)
            size += len(json.dumps(record))
            start = time.perf_counter()
            done = replay(record, GAMES)
            replay_s += time.perf_counter() - start
            names = [p["name"] for p in record["players"]]
            start = time.perf_counter()
            for state in done.states:
                render_board(rules.id, {**rules.view(state, OPEN), "moves": []}, None, names)
            render_s += time.perf_counter() - start
            steps += len(done.states)
        rows.append({"game": rules.id, "players": players,
                     "moves/game": (steps - games) // games,
                     "replay ms/game": round(1000 * replay_s / games, 1),
                     "step draw ms": round(1000 * render_s / steps, 2),
                     "record KB": round(size / games / 1024, 1)})
    return rows
