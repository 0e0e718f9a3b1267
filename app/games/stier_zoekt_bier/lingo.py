"""The small words of Stier zoekt Bier in any language: cards as their faces name them,
beer, lists, counts and ordinals. `_`/`n_` are the catalogue's gettext/ngettext
(app/i18n/games.py); English goes through them too (the msgids).

A card's words are made once per card and catalogue (`cache`): every event says a card
or two, and English too says them here.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from app.games import phrasing
from app.games.phrasing import Gettext, Ngettext
from app.games.stier_zoekt_bier import cards as C


@cache
def card_words(code: str, _: Gettext, n_: Ngettext) -> str:
    """A card as its face names it: "L3" -> "3 lager", "BA" -> "Andy Ale"."""
    if code in C.BULLS:
        return bull(code, _)
    if code == C.BEER_BOSS:
        return _("Beer boss")
    return amount(C.glasses(code), C.beer_type(code), _)


@cache
def bull(code: str, _: Gettext) -> str:
    return {
        "BL": _("Lenny Lager"),
        "BW": _("Wally White"),
        "BD": _("Derek Dark"),
        "BA": _("Andy Ale"),
    }[code]


@cache
def amount(n: int, kind: str, _: Gettext) -> str:
    """So many glasses of one beer, as a card's face or a bid says it: "3 lager"."""
    template = {
        C.LAGER: _("{n} lager"),
        C.WHITE: _("{n} white"),
        C.DARK: _("{n} dark"),
        C.ALE: _("{n} ale"),
    }[kind]
    return template.format(n=n)


def listing(items: Sequence[str], _: Gettext) -> str:
    """"a", "a and b", "a, b and c" in the language."""
    return phrasing.listing(list(items), _("{items} and {last}"))


def cards(codes: Sequence[str], _: Gettext, n_: Ngettext) -> str:
    return listing([card_words(code, _, n_) for code in codes], _)


def glasses(n: int, n_: Ngettext) -> str:
    return n_("{n} glass", "{n} glasses", n).format(n=n)


def points(n: int, n_: Ngettext) -> str:
    return n_("{n} point", "{n} points", n).format(n=n)


def ordinal(n: int, _: Gettext) -> str:
    """English picks its suffix; the other languages give each pattern their own form."""
    if 10 <= n % 100 <= 20:
        return _("{n}th").format(n=n)
    pattern = {1: _("{n}st"), 2: _("{n}nd"), 3: _("{n}rd")}.get(n % 10) or _("{n}th")
    return pattern.format(n=n)
