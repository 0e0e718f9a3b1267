"""The words of the game: cards named as their faces show them, lists and plurals.

Every text a player reads (the log, `last`, the summary, refusals) is made here, so a
card is never named by its code ("L3") and a count is never a "(s)" plural.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.games.stier_zoekt_bier import cards as C


def card(code: str) -> str:
    """As the face shows it: "L3" -> "3 lager", "BA" -> "Andy Ale"."""
    if code in C.BULLS:
        return C.BULLS[code].name
    return C.card_text(code)


def listing(items: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def cards(codes: Sequence[str]) -> str:
    return listing([card(code) for code in codes])


def count(n: int, one: str, many: str | None = None) -> str:
    """"1 point", "2 points"; `many` when the plural is not just one + "s"."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def glasses(n: int) -> str:
    return count(n, "glass", "glasses")


def points(n: int) -> str:
    return count(n, "point")


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def bid(total: int, kind: str | None) -> str:
    return f"a bid of {total} {C.beer_name(kind)}" if kind else "no bid"
