"""The HTML boards' share of a server move, replayed in one process: rooms x 4 seats of
seeded random games of one game (Null Bock! unless named), moved in turn as the load
client moves them (one move per room, room after room), and after each move every
seat's message made as a browser's socket gets it (`state_text` with the seat's last
board as its base: the regions that changed, serialised), the four frames sharing
their version's drawn regions as a live room's do. Views are made before the replay,
so what it spends is the boards' (render, regions, `dumps`), not the engine's.

    PYTHONPATH=. .venv/bin/python -m bench.board_moves [game-id] [rooms] [moves] [--views-only]

Deterministic (seeded games, no clock in what is replayed): under
`PYTHONHASHSEED=0 valgrind --tool=cachegrind` the instructions of a run less those of
the same run with `--views-only` are the boards' own, comparable between two trees on a
loaded machine. Prints CPU µs per move and a digest of every message sent.
"""

from __future__ import annotations

import gc
import hashlib
import random
import sys
import time
from typing import Any

from app.games.base import parse_options
from app.games.registry import GAMES
from app.rooms.live import Frame
from app.web.render.regions import Board
from app.web.socket.messages import board_of, state_text

PLAYERS = 4
NAMES = ["Anna", "Ben", "Clara", "Dirk"]
Version = tuple[list[dict[str, Any]], dict[str, Any]]
"""The seats' views and the spectator's view of one version."""


def game(seed: int, moves: int, game_id: str = "null-bock") -> list[Version]:
    """The views of the first `moves` + 1 versions of one seeded random game."""
    rules = GAMES[game_id]
    rng = random.Random(seed)
    state = rules.setup(PLAYERS, parse_options(rules.Options, {}), seed)
    out: list[Version] = []
    for _ in range(moves + 1):
        out.append(([rules.view(state, s) for s in range(PLAYERS)], rules.view(state, None)))
        acting = sorted(rules.to_act(state))
        if not acting:
            break
        seat = rng.choice(acting)
        move = rng.choice(list(rules.legal_moves(state, seat)))
        state, _ = rules.apply(state, seat, move)
    return out


def replay(games: list[list[Version]], game_id: str = "null-bock") -> tuple[int, bytes]:
    """Every version of every game, room after room, each seat's regions message after
    each move (its first version: the whole board). (moves, digest of the messages)."""
    digest = hashlib.sha256()
    last: list[list[tuple[Board, int] | None]] = [[None] * PLAYERS for _ in games]
    moves = 0
    for step in range(max(len(g) for g in games)):
        for room, versions in enumerate(games):
            if step >= len(versions):
                continue
            views, public = versions[step]
            drawn: dict[Any, Any] = {}
            for seat, view in enumerate(views):
                frame = Frame(step, 1, seat, "playing", NAMES, view, view["outcome"], [],
                              game_id, spectator=lambda public=public: public,
                              drawn=drawn)
                base = last[room][seat]
                digest.update(state_text(frame, True, 0, base is None, base))
                last[room][seat] = (board_of(frame), step)
            moves += step > 0
    return moves, digest.digest()


def main(argv: list[str]) -> None:
    args = [int(a) for a in argv if a.isdigit()]
    game_id = next((a for a in argv if a in GAMES), "null-bock")
    rooms = args[0] if args else 50
    length = args[1] if len(args) > 1 else 60
    gc.set_threshold(100_000, 10, 10)  # as the server runs (app/main.py)
    games = [game(seed, length, game_id) for seed in range(rooms)]
    if "--views-only" in argv:
        print("views only:", sum(len(g) for g in games), "versions")
        return
    start = time.process_time()
    moves, digest = replay(games, game_id)
    spent = time.process_time() - start
    print(f"{moves} moves, {1e6 * spent / moves:.1f} us a move, messages {digest.hex()[:16]}")


if __name__ == "__main__":
    main(sys.argv[1:])
