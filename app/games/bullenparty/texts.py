"""The words of Bullenparty: how cards, rows, piles and counts read in the log and views.

Cards are named as their faces show them: a number card by its number ("37"), a zero
card as the rulebook says ("zero card A"), a bull card by its heads.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def plural(n: int, one: str, many: str | None = None) -> str:
    """ "1 head", "3 heads"; "-1 head" reads as a count of one too."""
    word = one if abs(n) == 1 else (many or one + "s")
    return f"{n} {word}"


def cards_text(cards: Sequence[int]) -> str:
    return ", ".join(str(c) for c in cards)


def bid_text(bid: int | str) -> str:
    return str(bid) if isinstance(bid, int) else f"zero card {bid}"


def row_name(index: int) -> str:
    return f"row {index + 1}"


def and_list(items: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c" """
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def laid_text(move: Mapping[str, Any], you: bool = False) -> str:
    """ "starts a new pile with 37", "lays 37 on pile 2" (or "start", "lay" for "You")."""
    s = "" if you else "s"
    if move["type"] == "new_pile":
        return f"start{s} a new pile with {move['card']}"
    return f"lay{s} {move['card']} on pile {move['pile'] + 1}"


def laid(move: Mapping[str, Any]) -> dict[str, Any]:
    """What a laid card's sentence is made of: the card and its pile (None: a new one)."""
    return {"card": move["card"], "pile": None if move["type"] == "new_pile" else move["pile"]}
