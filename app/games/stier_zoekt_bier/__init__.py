"""Stier zoekt Bier (Bull needs Beer): draft beer into a secret cellar, draught beer to win
bulls, serve each bull its favourite beer. Rules: shared/rules/stier-zoekt-bier.md.

The game's registry entry, `GAME`, names its parts: the rules, the phrases, what the
lobby says of it, its card faces, its rulebook and its board."""

from pathlib import Path

from app.games.game import N_, Face, Game
from app.games.stier_zoekt_bier.phrases import PHRASES
from app.games.stier_zoekt_bier.rules import StierOptions, StierZoektBier

__all__ = ["GAME", "StierOptions", "StierZoektBier"]

GAME = Game(
    rules=StierZoektBier(),
    phrases=PHRASES,
    blurb=N_("Draft beer into a secret cellar, outbid the others for bulls and serve each "
             "bull its favourite beer."),
    time=N_("about 40 minutes"),
    how_to_play=(
        N_("Each round, pick beer cards for your secret cellar, two at a time."),
        N_("Draught beer to bid: the highest bids choose the bulls first."),
        N_("Serve each bull its own beer type to score its points. Most points after "
           "the last round win."),
    ),
    samples=(
        Face("beer card--lager", "L3", N_("3 lager")),
        Face("beer card--white", "W2", N_("2 white")),
        Face("beer card--dark", "D4", N_("4 dark")),
        Face("beer card--ale", "A5", N_("5 ale")),
        Face("bull card--lager", "B1", N_("Lenny Lager"), N_("(10: 2 pts, 19: 4 pts)")),
        Face("boss", "BOSS", N_("Beer boss")),
        Face("back", ""),
    ),
    rulebook=Path(__file__).parent / "rulebook",
    board="boards/stier-zoekt-bier.html",
)
