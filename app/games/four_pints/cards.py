"""The cards of Four pints, please, as data tables (rules: four-pints-please.md).

The real card counts are not published; these are the project's. Every count, price,
value and threshold the rules use lives here, so a real list replaces them in one edit.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Beer:
    name: str
    price: int
    points: int
    count: int


BEERS: tuple[Beer, ...] = (
    Beer("Lager", 3, 1, 8),
    Beer("Bitter", 4, 2, 7),
    Beer("Red Ale", 5, 3, 6),
    Beer("Stout", 6, 4, 5),
    Beer("IPA", 7, 5, 3),
)
BARREL = "Barrel"
BARREL_COUNT = 1

PRICE: dict[str, int] = {beer.name: beer.price for beer in BEERS}
POINTS: dict[str, int] = {beer.name: beer.points for beer in BEERS}

# Buying cards. Money is worth its value; the Penny is a money card worth nothing.
MONEY: dict[str, int] = {"£1": 1, "£2": 2, "£3": 3, "£5": 5, "Penny": 0}
CREDIT = "Credit card"
DRUNK = "Drunk"
ON_ME = "On me!"
WALLET = "Wallet"
HAPPY_HOUR = "Happy Hour"
ST_PATRICKS = "St Patrick's"
ELBOW = "Elbow a pint"
SPILLED = "Spilled pint"
MOP = "Mop"
SMOKE = "Smoke"
SLIP = "Slip"
PISTACHIOS = "Pistachios"
PEANUTS = "Peanuts"

BUYING: tuple[tuple[str, int], ...] = (
    ("£1", 10),
    ("£2", 10),
    ("£3", 8),
    ("£5", 6),
    ("Penny", 4),
    (CREDIT, 2),
    (DRUNK, 6),
    (ON_ME, 3),
    (WALLET, 3),
    (HAPPY_HOUR, 3),
    (ST_PATRICKS, 2),
    (ELBOW, 4),
    (SPILLED, 4),
    (MOP, 3),
    (SMOKE, 3),
    (SLIP, 3),
    (PISTACHIOS, 2),
    (PEANUTS, 2),
)

# What Pistachios and Peanuts take from the gathered money.
SNACKS: dict[str, int] = {PISTACHIOS: 2, PEANUTS: 1}

COUNTER_SIZE = 4  # pints on the counter
WIN_POINTS = 12  # a score this high wins at once
DRUNK_LIMIT = 3  # the Drunk that ends the turn
MAX_PINTS = 2  # never more pints than this in one turn
SPILLED_POINTS = -1  # each Spilled pint in an area


def beer_deck() -> list[str]:
    """Every beer card, unshuffled."""
    deck = [beer.name for beer in BEERS for _ in range(beer.count)]
    return deck + [BARREL] * BARREL_COUNT


def buying_deck() -> list[str]:
    """Every buying card, unshuffled."""
    return [name for name, count in BUYING for _ in range(count)]


def by_value(pints: list[str]) -> list[str]:
    """Pints sorted from the most valuable, the order used for choices and tie-breaks."""
    return sorted(pints, key=lambda p: (-PRICE[p], p))
