"""Bullenparty (Wolfgang Kramer): bid for rows of number cards, build one big pile of
bull heads and keep the others small. Rules: shared/rules/bullenparty.md."""

from app.games.bullenparty.rules import Bullenparty

__all__ = ["Bullenparty"]
