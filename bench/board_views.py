"""Seeded games of every game, player count and option variant, with every viewer's view
at every step (each seat, a spectator, OPEN): the boards' benchmark (`bench/boards.py`)
and its byte-for-byte check (`bench/board_hashes.py`) draw the same set."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from app.games.base import OPEN, Rules, Viewer, parse_options
from app.games.registry import GAMES

# Names with markup characters, so an escape that a cache skipped would show.
NAMES = ["Anna", "Ben <b>&amp;</b>", "Clara 'Cee'", 'Dirk "D"', "Eva & Co", "Fynn"]


def game_views(rules: Rules[Any], players: int, options: dict[str, Any], seed: int,
               steps: int) -> Iterator[tuple[int, Viewer, dict[str, Any]]]:
    """(version, viewer, view) for every viewer at every step of one seeded game: half
    its moves from the good bot, half random, so games end and controls vary."""
    rng = random.Random(seed)
    state = rules.setup(players, parse_options(rules.Options, options), seed)
    viewers: list[Viewer] = [*range(players), None, OPEN]
    for version in range(steps):
        for viewer in viewers:
            yield version, viewer, rules.view(state, viewer)
        acting = sorted(rules.to_act(state))
        if not acting:
            return
        seat = acting[rng.randrange(len(acting))]
        view = rules.view(state, seat)
        move = rules.bot_move(view, seat, rng) if rng.random() < 0.5 else None
        move = move or rng.choice(view["moves"])
        state, _ = rules.apply(state, seat, rules.check(state, seat, move))


def every_view(steps: int = 400, games: tuple[str, ...] = ()
               ) -> Iterator[tuple[str, str, int, Viewer, dict[str, Any]]]:
    """(game id, label, players, viewer, view) over every game, player count and
    variant."""
    for rules in GAMES.values():
        if games and rules.id not in games:
            continue
        for players in range(rules.min_players, rules.max_players + 1):
            for k, options in enumerate(rules.option_variants() or [{}]):
                seed = 1000 * players + k
                for version, viewer, view in game_views(rules, players, options, seed, steps):
                    yield rules.id, f"{players}p/{k}/v{version}", players, viewer, view
