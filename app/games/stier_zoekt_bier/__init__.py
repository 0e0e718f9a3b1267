"""Stier zoekt Bier (Bull needs Beer): draft beer into a secret cellar, draught beer to win
bulls, serve each bull its favourite beer. Rules: shared/rules/stier-zoekt-bier.md."""

from app.games.stier_zoekt_bier.rules import StierOptions, StierZoektBier

__all__ = ["StierOptions", "StierZoektBier"]
