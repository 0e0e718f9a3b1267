"""The boards' render time, per game and language: every view of `bench.board_views`
(seeded games, every player count, each seat, a spectator and OPEN), rendered as the
server does (`render_board`), process time per board. `--profile` adds a cProfile of one
game and language.

    python -m bench.boards [game-id ...] [--steps N] [--profile]
"""

from __future__ import annotations

import cProfile
import pstats
import sys
import time
from typing import Any

from app.games.registry import GAMES
from app.i18n import LANGUAGES
from app.web.render import render_board
from bench.board_views import NAMES, every_view


def run(games: tuple[str, ...] = (), steps: int = 400) -> list[dict[str, Any]]:
    rows = []
    for game_id in games or tuple(GAMES):
        views = [(players, viewer, view)
                 for _, _, players, viewer, view in every_view(steps, (game_id,))]
        for lang in LANGUAGES:
            start = time.process_time()
            for players, viewer, view in views:
                render_board(game_id, view, viewer if isinstance(viewer, int) else None,
                             NAMES[:players], lang)
            spent = time.process_time() - start
            rows.append({"game": game_id, "lang": lang, "boards": len(views),
                         "ms/board": round(1000 * spent / len(views), 3)})
    return rows


def profile(game_id: str, lang: str, steps: int) -> None:
    views = [(p, v, view) for _, _, p, v, view in every_view(steps, (game_id,))]
    prof = cProfile.Profile()
    prof.enable()
    for players, viewer, view in views:
        render_board(game_id, view, viewer if isinstance(viewer, int) else None,
                     NAMES[:players], lang)
    prof.disable()
    pstats.Stats(prof).sort_stats("tottime").print_stats(25)


def main(argv: list[str]) -> None:
    from bench.__main__ import table

    steps = int(argv[argv.index("--steps") + 1]) if "--steps" in argv else 400
    games = tuple(a for a in argv if a in GAMES)
    if "--profile" in argv:
        profile(games[0] if games else "null-bock", "en", min(steps, 60))
        return
    print(table(run(games, steps)))


if __name__ == "__main__":
    main(sys.argv[1:])
