"""The last play: what the board marks (docs/contracts.md §1 `last`), public or, for a
secret draft pick, its maker's own; `base.last_play` makes one."""

from __future__ import annotations

from app.games.base import JSON
from app.games.stier_zoekt_bier.state import State


def record(state: State, play: JSON) -> None:
    """A public play: everyone's `last` from now on."""
    state.plays += 1
    state.last = play


def record_secret(state: State, seat: int, play: JSON) -> None:
    """A play only `seat` may see: its own `last` until the next public play."""
    me = state.seats[seat]
    me.last, me.last_at = play, state.plays
