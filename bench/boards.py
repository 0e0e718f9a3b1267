"""The boards' render time, per game and language: every view of `bench.board_views`
(seeded games, every player count, each seat, a spectator and OPEN), rendered as the
server does (`render_board`, the boards of one version sharing their pieces through one
dict as a live room's frames do), process time per board. `--alone` renders each board
without sharing (a page's first load). `--profile` adds a cProfile of one game and
language.

    python -m bench.boards [game-id ...] [--steps N] [--alone] [--profile]
"""

from __future__ import annotations

import cProfile
import pstats
import sys
import time
from collections.abc import Iterator
from typing import Any

from app.games.registry import GAMES
from app.i18n import LANGUAGES
from app.web.render import render_board
from bench.board_views import NAMES, every_view

Board = tuple[int, int | None, dict[str, Any], dict[Any, Any] | None]


def versions(steps: int, games: tuple[str, ...], alone: bool = False
             ) -> Iterator[tuple[str, list[tuple[str, Board]]]]:
    """(game id, [(label, (players, seat, view, pieces)), ...]) per version: the boards of
    one version share one pieces dict whose public view is the spectator's (as
    `LiveRoom.frame` gives them), unless `alone`."""
    group: list[tuple[str, int, Any, dict[str, Any]]] = []
    game = label = ""

    def flush() -> tuple[str, list[tuple[str, Board]]]:
        public = next((v for _, _, viewer, v in group if viewer is None), None)
        pieces = None if alone or public is None else {"public": lambda: public}
        return game, [(f"{lbl}/{viewer}", (players, viewer if isinstance(viewer, int)
                                           else None, view, pieces))
                      for lbl, players, viewer, view in group]

    for game_id, lbl, players, viewer, view in every_view(steps, games):
        if group and (game_id, lbl) != (game, label):
            yield flush()
            group = []
        game, label = game_id, lbl
        group.append((lbl, players, viewer, view))
    if group:
        yield flush()


def boards(steps: int, games: tuple[str, ...], alone: bool = False
           ) -> dict[str, list[tuple[str, Board]]]:
    out: dict[str, list[tuple[str, Board]]] = {}
    for game_id, group in versions(steps, games, alone):
        out.setdefault(game_id, []).extend(group)
    return out


def draw(game_id: str, lang: str, group: list[tuple[str, Board]]) -> list[str]:
    """Every board of `group` in `lang`; the pieces of a version are made again per
    language (a frame is per language)."""
    fresh: dict[int, dict[Any, Any]] = {}
    out = []
    for _, (players, seat, view, pieces) in group:
        if pieces is not None:  # one dict per version and language, as a live room's
            pieces = fresh.setdefault(id(pieces), {"public": pieces["public"]})
        out.append(render_board(game_id, view, seat, NAMES[:players], lang, pieces))
    return out


def run(games: tuple[str, ...] = (), steps: int = 400, alone: bool = False
        ) -> list[dict[str, Any]]:
    rows = []
    for game_id, group in boards(steps, games or tuple(GAMES), alone).items():
        for lang in LANGUAGES:
            start = time.process_time()
            draw(game_id, lang, group)
            spent = time.process_time() - start
            rows.append({"game": game_id, "lang": lang, "boards": len(group),
                         "ms/board": round(1000 * spent / len(group), 3)})
    return rows


def profile(game_id: str, lang: str, steps: int, alone: bool) -> None:
    group = boards(steps, (game_id,), alone)[game_id]
    prof = cProfile.Profile()
    prof.enable()
    draw(game_id, lang, group)
    prof.disable()
    pstats.Stats(prof).sort_stats("tottime").print_stats(25)


def main(argv: list[str]) -> None:
    from bench.__main__ import table

    steps = int(argv[argv.index("--steps") + 1]) if "--steps" in argv else 400
    games = tuple(a for a in argv if a in GAMES)
    alone = "--alone" in argv
    if "--profile" in argv:
        profile(games[0] if games else "null-bock", "en", min(steps, 60), alone)
        return
    print(table(run(games, steps, alone)))


if __name__ == "__main__":
    main(sys.argv[1:])
