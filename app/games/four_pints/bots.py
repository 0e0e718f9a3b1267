"""The good bot: decides from its seat's view alone (docs/contracts.md §6)."""

from __future__ import annotations

import random

from app.games.base import JSON, Move


def bot_move(view: JSON, seat: int, rng: random.Random) -> Move | None:
    """None for now: the caller plays a random listed move."""
    return None
