"""Every count, value and threshold of Bullenparty, in one place.

The heads per number card are the project's reconstruction (only 53 = 5 heads is
published); replacing `HEADS_BY_TENS` is the one edit real values need.
"""

from __future__ import annotations

# Heads on the number cards 1..100, ten cards per line.
HEADS_BY_TENS: tuple[tuple[int, ...], ...] = (
    (1, 1, 2, 1, 3, 2, 4, 5, 1, 6),  # 1-10
    (1, 2, 1, 3, 2, 4, 5, 1, 6, 1),  # 11-20
    (2, 1, 3, 2, 4, 5, 1, 6, 1, 1),  # 21-30
    (1, 3, 2, 4, 5, 1, 6, 1, 1, 2),  # 31-40
    (3, 2, 4, 5, 1, 6, 1, 1, 2, 1),  # 41-50
    (2, 4, 5, 1, 7, 1, 1, 2, 1, 3),  # 51-60
    (4, 5, 1, 6, 1, 1, 2, 1, 3, 2),  # 61-70
    (5, 1, 6, 1, 1, 2, 7, 3, 2, 4),  # 71-80
    (1, 6, 1, 1, 2, 1, 3, 2, 4, 5),  # 81-90
    (6, 1, 1, 2, 1, 3, 2, 4, 5, 1),  # 91-100
)

NUMBER_CARDS: tuple[int, ...] = tuple(range(1, 101))

# HEADS[n] is the heads on number card n (index 0 unused, so a view can carry the list).
HEADS: tuple[int, ...] = (0, *(h for tens in HEADS_BY_TENS for h in tens))

# The bull stack is not shuffled: top first.
BULL_STACK: tuple[int, ...] = (4, 4, 4, 5, 5, 5, 6, 6, 7, 7)

ZERO_CARDS: tuple[str, ...] = ("A", "B", "C", "D", "E")

# Number cards removed unseen, by player count.
REMOVED_FOR_PLAYERS: dict[int, int] = {2: 50, 3: 25}

HAND_SIZE = 5  # number cards kept in hand (the zero card does not count)
ROW_START = 2  # cards in a row when it is laid out
ROW_LIMIT = 5  # a row with this many number cards is closed

MIN_PLAYERS = 2
MAX_PLAYERS = 5


# The same as one digit per card, for views: HEADS_TEXT[n] is card n's heads as a digit
# (a short string keeps every view small).
HEADS_TEXT: str = "".join(str(h) for h in HEADS)


def heads(cards: list[int]) -> int:
    """The bull heads on some number cards."""
    return sum(map(HEADS.__getitem__, cards))


def bull_label(heads: int) -> str:
    """A bull card as a card string (`cards()` and logs): "B4"."""
    return f"B{heads}"


def zero_label(letter: str) -> str:
    """A zero card as a card string: "0A"."""
    return f"0{letter}"
