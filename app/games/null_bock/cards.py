"""The cards of Null Bock! as data: every count, value and threshold of the rules.

A card is a short string: "D7" is a 7 doe, "D7+" the pretentious 7 doe, "S7" a 7 stag
and "S0" a Null Bock (a stag of value 0).
"""

from __future__ import annotations

from dataclasses import dataclass

DOE = "D"
STAG = "S"
PRETENTIOUS = "+"

COPIES = 3
"""Cards of each ordinary doe and stag value."""

DOE_VALUES = tuple(range(1, 10))
"""Does of these values come in COPIES each."""

BIG_DOE_VALUES = (11, 13, 15)
"""One doe of each; they may only ever be played into the Arena."""

PRETENTIOUS_VALUES = (1, 3, 5, 7, 9)
"""Exactly one doe of each of these values is pretentious ("+")."""

STAG_VALUES = tuple(range(2, 11))
"""Stags of these values come in COPIES each."""

NULL_BOCK_VALUE = 0
NULL_BOCK = f"{STAG}{NULL_BOCK_VALUE}"
NULL_BOCK_COPIES = 3

NULL_BOCK_POINTS = 15
"""Won with an Arena: +15 each; left in hand at the end of a round: -15 each."""

DEFAULT_TARGET = 150
MIN_TARGET = 1
MAX_TARGET = 1000
MIN_ROUNDS = 1
MAX_ROUNDS = 20


@dataclass(frozen=True)
class Setup:
    """What a player count removes from the game, and how many of each kind a hand gets."""

    removed_stag_values: tuple[int, ...]
    removed_doe_values: tuple[int, ...]
    does_in_hand: int
    stags_in_hand: int


SETUPS: dict[int, Setup] = {
    3: Setup((2, 3, 4, 5), (1, 2, 3, 4), 6, 6),
    4: Setup((2, 3), (1, 2), 6, 6),
    5: Setup((), (), 6, 6),
    6: Setup((), (), 5, 5),
}

MIN_PLAYERS = min(SETUPS)
MAX_PLAYERS = max(SETUPS)


def doe(value: int, pretentious: bool = False) -> str:
    return f"{DOE}{value}{PRETENTIOUS if pretentious else ''}"


def stag(value: int) -> str:
    return f"{STAG}{value}"


def full_deck() -> list[str]:
    """All 60 cards: 30 does and 30 stags."""
    does = [doe(v) for v in DOE_VALUES for _ in range(COPIES)]
    for v in PRETENTIOUS_VALUES:
        does.remove(doe(v))
        does.append(doe(v, pretentious=True))
    does += [doe(v) for v in BIG_DOE_VALUES]
    stags = [stag(v) for v in STAG_VALUES for _ in range(COPIES)]
    stags += [NULL_BOCK] * NULL_BOCK_COPIES
    return does + stags


def is_doe(card: str) -> bool:
    return card[0] == DOE


def is_stag(card: str) -> bool:
    return card[0] == STAG


def is_pretentious(card: str) -> bool:
    return card[-1] == PRETENTIOUS


def is_null_bock(card: str) -> bool:
    return card == NULL_BOCK


def is_big_doe(card: str) -> bool:
    return is_doe(card) and value(card) in BIG_DOE_VALUES


def value(card: str) -> int:
    known = _VALUES.get(card)
    return int(card[1:].rstrip(PRETENTIOUS)) if known is None else known


def is_removed(card: str, setup: Setup) -> bool:
    removed = setup.removed_doe_values if is_doe(card) else setup.removed_stag_values
    return value(card) in removed


def sort_key(card: str) -> tuple[int, int, int]:
    """Does before stags, low to high, the pretentious doe after its plain twins."""
    known = _SORT_KEYS.get(card)
    return _sort_key(card) if known is None else known


def _sort_key(card: str) -> tuple[int, int, int]:
    return (0 if is_doe(card) else 1, value(card), 1 if is_pretentious(card) else 0)


# Every hand, harem and view sorts by these: looked up, not parsed, per card.
_VALUES: dict[str, int] = {}
_VALUES.update({c: int(c[1:].rstrip(PRETENTIOUS)) for c in full_deck()})
_SORT_KEYS = {c: _sort_key(c) for c in full_deck()}


INFO: dict[str, tuple[bool, int, bool, bool]] = {
    card: (is_doe(card), value(card), is_pretentious(card), is_big_doe(card))
    for card in full_deck()
}
"""Per card: (is a doe, value, is pretentious, is an 11/13/15 doe), for fast legality."""
