"""The boards' render time, per game and language: every view of `bench.board_views`
(seeded games, every player count, each seat, a spectator and OPEN), rendered as the
server does (app/web/socket/messages.py `board_of`: the frames of one version share the room's
drawn regions, the public ones drawn once from the spectator's view), process time per
board. `--alone` renders each board from its own view alone (a page's first load,
`render_board`). `--profile` adds a cProfile of one game and language.

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
from app.rooms.live import Frame
from app.web.render.board import render_board
from app.web.socket.messages import board_of
from bench.board_views import NAMES, every_view

# (players, seat, view, the version's spectator's view, or None: drawn alone)
Board = tuple[int, int | None, dict[str, Any], dict[str, Any] | None]


def versions(steps: int, games: tuple[str, ...], alone: bool = False
             ) -> Iterator[tuple[str, list[tuple[str, Board]]]]:
    """(game id, [(label, (players, seat, view, spectator)), ...]) per version: the boards
    of one version share their spectator's view (as `LiveRoom.frame` gives them), unless
    `alone`."""
    group: list[tuple[str, int, Any, dict[str, Any]]] = []
    game = label = ""

    def flush() -> tuple[str, list[tuple[str, Board]]]:
        public = next((v for _, _, viewer, v in group if viewer is None), None)
        spectator = None if alone else public
        return game, [(f"{lbl}/{viewer}", (players, viewer if isinstance(viewer, int)
                                           else None, view, spectator))
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
    """Every board of `group` in `lang`: the boards of a version as a live room draws
    them (one drawn dict per version), or each alone."""
    drawn: dict[int, dict[Any, Any]] = {}
    out = []
    for _, (players, seat, view, spectator) in group:
        names = NAMES[:players]
        if spectator is None or "open" in view:
            out.append(render_board(game_id, view, seat, names, lang))
            continue
        frame = Frame(0, 1, seat, "playing", names, view, view.get("outcome"), [], game_id,
                      lang=lang, spectator=lambda s=spectator: s,
                      drawn=drawn.setdefault(id(spectator), {}))
        out.append(board_of(frame).html)
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
