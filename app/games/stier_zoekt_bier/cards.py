"""Card data for Stier zoekt Bier: every count, value and threshold of the rules.

The real card values are unpublished; these tables are the project's reconstruction
(see shared/rules/stier-zoekt-bier.md). Replacing a value here changes the game.

Card literals: a beer card is its type letter and its glasses, "L3" (3 lager); a bull
card is "B" and the type letter of the beer it drinks, "BA" (Andy Ale). "BOSS" is the
beer boss card.
"""

from __future__ import annotations

from dataclasses import dataclass

LAGER, WHITE, DARK, ALE = "L", "W", "D", "A"

BEER_RANK: tuple[str, ...] = (ALE, DARK, WHITE, LAGER)
"""Beer types from highest to lowest rank (ties in the bidding)."""

BEER_COUNTS: dict[str, dict[int, int]] = {
    LAGER: {1: 6, 2: 6, 3: 6, 4: 4, 5: 4},
    WHITE: {1: 5, 2: 5, 3: 5, 4: 3, 5: 3},
    DARK: {1: 4, 2: 4, 3: 4, 4: 3, 5: 3},
    ALE: {1: 3, 2: 3, 3: 3, 4: 3, 5: 3},
}
"""Beer cards by type and glasses: 80 in all."""


@dataclass(frozen=True)
class Bull:
    name: str
    dutch_name: str
    beer: str
    tiers: tuple[tuple[int, int], ...]
    """(glasses needed, points) from low to high; the last tier means full."""


BULLS: dict[str, Bull] = {
    "BL": Bull("Lenny Lager", "Pietje Pils", LAGER, ((10, 2), (19, 4))),
    "BW": Bull("Wally White", "Bennie Blond", WHITE, ((8, 2), (16, 4))),
    "BD": Bull("Derek Dark", "Bruno de Bruyne", DARK, ((7, 3), (15, 5))),
    "BA": Bull("Andy Ale", "Ozzy Oerstier", ALE, ((6, 3), (12, 5))),
}
BULLS_PER_TYPE = 6
BULL_OF_BEER: dict[str, str] = {bull.beer: card for card, bull in BULLS.items()}

BEER_BOSS = "BOSS"

ROUNDS = 7
"""Playing rounds; the bonus round follows them."""
BULLS_PER_ROUND: dict[int, int] = {3: 2, 4: 2, 5: 3}
"""Bulls drawn each round by player count; 7 rounds of them are in play (14 or 21)."""
CELLAR_SIZE = 5
DRAFT_DEAL = 6
DRAFT_KEEP = 2
PAIR_FACTOR = 2
MIN_PLAYERS, MAX_PLAYERS = 3, 5


def beer_type(card: str) -> str:
    return card[0]


_GLASSES = {f"{kind}{value}": value for kind in BEER_COUNTS for value in range(1, 6)}


def glasses(card: str) -> int:
    return _GLASSES[card]


def beer_deck() -> list[str]:
    return [
        f"{kind}{value}"
        for kind, counts in BEER_COUNTS.items()
        for value, count in counts.items()
        for _ in range(count)
    ]


def bull_deck() -> list[str]:
    return [card for card in BULLS for _ in range(BULLS_PER_TYPE)]


def bull_points(bull: str, total: int) -> int:
    """The highest tier a served total reaches (0 below the first)."""
    points = 0
    for needed, tier_points in BULLS[bull].tiers:
        if total >= needed:
            points = tier_points
    return points


def is_full(bull: str, total: int) -> bool:
    return total >= BULLS[bull].tiers[-1][0]

