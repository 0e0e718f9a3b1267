"""Every game the server offers: one entry per game (its package's `GAME`, app/games/
game.py), in the order /cards shows them. A fifth game is one more line in `REGISTRY`."""

from __future__ import annotations

from typing import Any

from app.games import bullenparty, four_pints, null_bock, stier_zoekt_bier
from app.games.base import Rules
from app.games.game import Game, registry

REGISTRY: dict[str, Game] = registry([
    null_bock.GAME,
    stier_zoekt_bier.GAME,
    four_pints.GAME,
    bullenparty.GAME,
])

GAMES: dict[str, Rules[Any]] = {game_id: game.rules for game_id, game in REGISTRY.items()}
"""The rules of each game by id: what the rooms, bots and tests play."""
