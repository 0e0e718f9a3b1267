"""The toy game "High card", built as every game is: one package (its rules, phrases and
rulebook) and one registry entry, `GAME` (app/games/game.py). An app serves it when
given a registry with that entry (tests/games/test_toy_entry.py)."""

from pathlib import Path

from app.games.game import N_, Face, Game
from tests.games.toy.phrases import PHRASES
from tests.games.toy.rules import HighCard, ToyOptions, ToyState

__all__ = ["GAME", "HighCard", "ToyOptions", "ToyState"]

GAME = Game(
    rules=HighCard(),
    phrases=PHRASES,
    blurb=N_("Everyone picks a card in secret; the highest wins the trick."),
    time=N_("about 2 minutes"),
    how_to_play=(N_("Pick a card; the highest of the trick wins a point."),),
    samples=(Face("number", "T7", "7"),),
    rulebook=Path(__file__).parent / "rulebook",
    board=None,  # the generic board
)
