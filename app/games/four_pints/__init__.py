"""Four pints, please: push your luck at the bar, first to 12 points wins.

The game's registry entry, `GAME`, names its parts: the rules, the phrases, what the
lobby says of it, its card faces, its rulebook and its board."""

from pathlib import Path

from app.games.four_pints.money import cached_cover
from app.games.four_pints.phrases import PHRASES
from app.games.four_pints.rules import FourPintsPlease
from app.games.game import N_, Face, Game

__all__ = ["GAME", "FourPintsPlease"]

GAME = Game(
    rules=FourPintsPlease(),
    phrases=PHRASES,
    blurb=N_("Push your luck: turn up buying cards one by one and buy pints; first to 12 "
             "points wins."),
    time=N_("about 20 minutes"),
    how_to_play=(
        N_("On your turn, turn up buying cards one by one: money, luck and trouble."),
        N_("Stop in time and buy pints from the counter with the money you found."),
        N_("Each pint is worth points: the first to 12 points wins."),
    ),
    samples=(  # the beers' names are the same in every language
        Face("beer", "Lager", "Lager", N_("£3 · 1 pt"), same=True),
        Face("beer", "Red Ale", "Red Ale", N_("£5 · 3 pts"), same=True),
        Face("beer", "Stout", "Stout", N_("£6 · 4 pts"), same=True),
        Face("beer", "IPA", "IPA", N_("£7 · 5 pts"), same=True),
        Face("money", "£3", "£3"),
        Face("buying", "Pistachios", N_("Pistachios")),
        Face("spilled", "Spilled pint", N_("-1 Spilled pint")),
        Face("back", "", "23"),
    ),
    rulebook=Path(__file__).parent / "rulebook",
    board="boards/four-pints-please.html",
    caches={"covers": cached_cover},
)
