"""Why a Null Bock! move is refused, in the viewer's language: `moves.refusal`'s
sentences (all fixed) looked up in the catalogue. An unknown sentence stays as it is."""

from __future__ import annotations

from app.games.phrasing import Gettext, Ngettext


def _sentences(_: Gettext) -> list[str]:
    """Every refusal, in `moves.py`'s order; with `_` = identity, the English keys."""
    return [
        _("A doe can never be placed on a stag in the Arena."),
        _("A pretentious doe can never be placed on another pretentious doe."),
        _("A doe must be higher than the doe on top of the Arena."),
        _("A stag must be higher than the stag on top of the Arena."),
        _("You must play a doe into the empty Arena."),
        _("That Edge holds no card yet."),
        _("The 11, 13 and 15 does may only be played into the Arena."),
        _("A doe cannot be played on a doe on an Edge."),
        _("A stag on an Edge must be at least as high as the doe there."),
        _("A stag cannot be played on a stag on an Edge."),
        _("The game is over."),
        _("You have no seat at this table."),
        _("You have already chosen your Edge card; waiting for the others."),
        _("It is not your turn."),
        _("That is not a Null Bock! move."),
        _("First choose a card from your hand for your Edge."),
        _("The Edge cards are already chosen; play a card."),
        _("You do not hold that card."),
        _("That is not a valid Edge choice."),
        _("That is not a valid move."),
        _("Play into the Arena or on an Edge."),
        _("There is no such Edge."),
    ]


_ENGLISH = _sentences(lambda text: text)


def refusal_text(reason: str, _: Gettext, n_: Ngettext) -> str:
    if reason not in _ENGLISH:
        return reason
    return _sentences(_)[_ENGLISH.index(reason)]
