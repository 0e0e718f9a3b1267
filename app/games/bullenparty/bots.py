"""The Bullenparty bot (filled in by the bot step): no opinion yet, so the caller plays a
random listed move."""

from __future__ import annotations

from random import Random

from app.games.base import JSON, Move


def bot_move(view: JSON, seat: int, rng: Random) -> Move | None:
    return None
