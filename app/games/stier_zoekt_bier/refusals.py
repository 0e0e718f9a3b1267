"""Why a Stier zoekt Bier move is refused, in the viewer's language: `moves.refusal`'s
sentences looked up in the catalogue, the few with a number or a bull in them matched
and said again. An unknown sentence stays as it is."""

from __future__ import annotations

import re

from app.games.phrasing import Gettext, Ngettext
from app.games.stier_zoekt_bier import cards as C
from app.games.stier_zoekt_bier import lingo as L


def _sentences(_: Gettext) -> list[str]:
    """The fixed refusals of `moves.py`; with `_` = identity, the English keys."""
    return [
        _("The game is over."),
        _("There is no such seat at this table."),
        _("That is not a move."),
        _("That card is not in your draft hand."),
        _("In the basic game you keep exactly two cards."),
        _("That bull is not in the middle."),
        _("Two bulls can only join a single bull of their own type."),
        _("Now you pick beer cards for your stock."),
        _("Now you draught beer: choose how many cellar cards to turn up."),
        _("Now you choose a bull from the middle."),
        _("Now you serve beer to your bulls."),
        _("You have chosen; wait for the other players."),
        _("It is not your turn to draught."),
        _("It is not your turn to choose a bull."),
        _("You have finished serving this round."),
        _("In the Grand Café you draught one beer type only."),
        _("Name only the number of cellar cards to turn up."),
        _("First serve or pour away your draughted beer."),
        _("That card is not among your draughted beer."),
        _("You can only serve the top card of your cellar."),
        _("You can only pour away the top card of your cellar."),
        _("You have no such bull."),
        _("You cannot serve that now."),
    ]


_ENGLISH = _sentences(lambda text: text)
_BULL = {bull.name: code for code, bull in C.BULLS.items()}
_NAMED = re.compile(r"(?P<bull>.+?) (?P<rest>drinks only \w+\.|is full and takes no more "
                    r"beer\.|has already had a card this round\.)")
_CELLAR = re.compile(r"You can turn up 0 to (?P<n>\d+) cards from your cellar\.")


def refusal_text(reason: str, _: Gettext, n_: Ngettext) -> str:
    if reason in _ENGLISH:
        return _sentences(_)[_ENGLISH.index(reason)]
    if match := _CELLAR.fullmatch(reason):
        return _("You can turn up 0 to {n} cards from your cellar.").format(n=match["n"])
    match = _NAMED.fullmatch(reason)
    if match is None or match["bull"] not in _BULL:
        return reason
    code = _BULL[match["bull"]]
    rest = match["rest"]
    if rest.startswith("drinks only"):
        text = {
            C.LAGER: _("{bull} drinks only lager."),
            C.WHITE: _("{bull} drinks only white."),
            C.DARK: _("{bull} drinks only dark."),
            C.ALE: _("{bull} drinks only ale."),
        }[C.BULLS[code].beer]
    elif rest.startswith("is full"):
        text = _("{bull} is full and takes no more beer.")
    else:
        text = _("{bull} has already had a card this round.")
    return text.format(bull=L.bull(code, _))
