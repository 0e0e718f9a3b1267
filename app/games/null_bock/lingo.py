"""The small words of Null Bock! in any language: cards as their faces name them, with
the article a sentence needs, lists and points. `_`/`n_` are the catalogue's
gettext/ngettext (app/i18n/games.py); English goes through them too (the msgids).

A card's words depend on its kind ("doe", "pretentious doe", "stag", "Null Bock"), so
each form is one whole msgid per kind: German declines the article ("einen Hirsch",
"eine Hirschkuh"), which a glued "a" + face could not.

A card's words are made once per card and catalogue (`cache`): every event says a card
or two, and English too says them here.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from app.games import phrasing
from app.games.null_bock.cards import is_doe, is_null_bock, is_pretentious, value
from app.games.phrasing import Gettext, Ngettext


def _kind(card: str) -> str:
    if is_null_bock(card):
        return "bock"
    if not is_doe(card):
        return "stag"
    return "pretentious" if is_pretentious(card) else "doe"


def _an(card: str) -> bool:
    """English says "an 8 doe", "an 11 doe"."""
    return not is_null_bock(card) and not is_pretentious(card) and value(card) in (8, 11)


@cache
def card_words(code: str, _: Gettext, n_: Ngettext) -> str:
    """The face: "7 doe", "pretentious 7 doe", "7 stag", "Null Bock"."""
    template = {
        "doe": _("{n} doe"),
        "pretentious": _("pretentious {n} doe"),
        "stag": _("{n} stag"),
        "bock": _("Null Bock"),
    }[_kind(code)]
    return template.format(n=value(code))


@cache
def a(card: str, _: Gettext) -> str:
    """The card with its indefinite article, as the object of a sentence."""
    kind = _kind(card)
    if kind == "doe":
        template = _("an {n} doe") if _an(card) else _("a {n} doe")
    elif kind == "stag":
        template = _("an {n} stag") if _an(card) else _("a {n} stag")
    else:
        template = {"pretentious": _("a pretentious {n} doe"), "bock": _("a Null Bock")}[kind]
    return template.format(n=value(card))


@cache
def the(card: str, _: Gettext) -> str:
    """The card with its definite article, as the object of a sentence."""
    template = {
        "doe": _("the {n} doe"),
        "pretentious": _("the pretentious {n} doe"),
        "stag": _("the {n} stag"),
        "bock": _("the Null Bock"),
    }[_kind(card)]
    return template.format(n=value(card))


@cache
def shown(player: str, card: str, _: Gettext) -> str:
    """One Edge card turned up, in a list: "{p0} a 7 doe"."""
    kind = _kind(card)
    if kind == "doe":
        template = _("{player} an {n} doe") if _an(card) else _("{player} a {n} doe")
    elif kind == "stag":
        template = _("{player} an {n} stag") if _an(card) else _("{player} a {n} stag")
    else:
        template = {"pretentious": _("{player} a pretentious {n} doe"),
                    "bock": _("{player} a Null Bock")}[kind]
    return template.format(player=player, n=value(card))


def listing(items: Sequence[str], _: Gettext) -> str:
    """"a", "a and b", "a, b and c" in the language."""
    return phrasing.listing(list(items), _("{items} and {last}"))


def faces(cards: Sequence[str], _: Gettext, n_: Ngettext) -> str:
    return listing([card_words(c, _, n_) for c in cards], _)


def points(n: int, n_: Ngettext) -> str:
    """"1 point", "-1 point", "3 points": the plural goes by the size."""
    return n_("{n} point", "{n} points", abs(n)).format(n=n)
