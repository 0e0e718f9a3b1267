"""The good bot: decides from its seat's view alone (docs/contracts.md §6)."""

from __future__ import annotations

from random import Random

from app.games.base import JSON, Move


def bot_move(view: JSON, seat: int, rng: Random) -> Move | None:
    moves = view["moves"]
    return moves[0] if moves else None
