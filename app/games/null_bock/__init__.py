"""Null Bock!: stags fight for does in the Arena and on the Edges (rules: null-bock.md).

The game's registry entry, `GAME`, names its parts: the rules, the phrases, what the
lobby says of it, its card faces, its rulebook and its board."""

from pathlib import Path

from app.games.game import N_, Face, Game
from app.games.null_bock.phrases import PHRASES
from app.games.null_bock.rules import NullBock, NullBockOptions
from app.games.null_bock.state import NullBockState

__all__ = ["GAME", "NullBock", "NullBockOptions", "NullBockState"]

GAME = Game(
    rules=NullBock(),
    phrases=PHRASES,
    blurb=N_("Stags fight for does: play a card into the Arena or on an Edge; the best harem "
             "wins."),
    time=N_("about 20 minutes"),
    how_to_play=(
        N_("Stags fight for does. On your turn, play a card into the Arena or on an "
           "Edge: yours or another player's."),
        N_("If your stag still tops the Arena when your turn comes round, its cards go "
           "to your harem; a stag on an Edge wins the doe lying there."),
        N_("Does in your harem score their value; does left in your hand count against "
           "you. The best total wins."),
    ),
    samples=(
        Face("doe", "D3", N_("3 doe")),
        Face("doe card--pretentious", "D7+", N_("7+ doe")),
        Face("doe", "D15", N_("15 doe")),
        Face("stag", "S9", N_("9 stag")),
        Face("nullbock", "S0", "0 Null Bock", same=True),
        Face("back", ""),
    ),
    rulebook=Path(__file__).parent / "rulebook",
    board="boards/null-bock.html",
)
