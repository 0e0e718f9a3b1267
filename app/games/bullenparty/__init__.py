"""Bullenparty (Wolfgang Kramer): bid for rows of number cards, build one big pile of
bull heads and keep the others small. Rules: shared/rules/bullenparty.md.

The game's registry entry, `GAME`, names its parts: the rules, the phrases, what the
lobby says of it, its card faces, its rulebook and its board."""

from pathlib import Path

from app.games.bullenparty.phrases import PHRASES
from app.games.bullenparty.rules import Bullenparty
from app.games.game import N_, Face, Game

__all__ = ["GAME", "Bullenparty"]

GAME = Game(
    rules=Bullenparty(),
    phrases=PHRASES,
    blurb=N_("Bid for rows of numbered cards: build one big pile of bull heads, keep the "
             "others small."),
    time=N_("about 30 minutes"),
    how_to_play=(
        N_("Everyone bids a card in secret; the lowest bid takes a row first."),
        N_("Keep five cards in hand and lay the rest onto piles, each higher than the "
           "card below."),
        N_("Your biggest pile of bull heads scores plus, every other pile minus."),
    ),
    samples=(
        Face("number", "7", "7", "4"),
        Face("number", "55", "55", "7"),
        Face("bull", "B7", "7"),
        Face("zero", "0A", "0A", same=True),
        Face("back", ""),
    ),
    rulebook=Path(__file__).parent / "rulebook",
    board="boards/bullenparty.html",
)
