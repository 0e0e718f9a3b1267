"""Null Bock!: stags fight for does in the Arena and on the Edges (rules: null-bock.md)."""

from app.games.null_bock.rules import NullBock, NullBockOptions
from app.games.null_bock.state import NullBockState

__all__ = ["NullBock", "NullBockOptions", "NullBockState"]
