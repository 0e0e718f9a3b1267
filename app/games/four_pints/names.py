"""How Four pints, please names its cards, lists and counts in each language.

`_` and `n_` are the game catalogue's gettext and ngettext (app/i18n/games.py). Cards
named with an article ("a Lager") are object forms: German translators write the
accusative, and the only sentences that use them as subjects name beers, which are
neuter ("ein Lager"), so one form serves both.

A card's words are made once per card and catalogue (`cache`): every event says a card
or two, and English too says them here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from app.games.base import who
from app.games.four_pints.cards import SPILLED
from app.games.phrasing import Gettext, Ngettext, listing


def N_(message: str) -> str:
    """Marks a msgid for extraction; translated where it is used."""
    return message


# A card as its face names it.
FACE: dict[str, str] = {
    "Lager": N_("Lager"),
    "Bitter": N_("Bitter"),
    "Red Ale": N_("Red Ale"),
    "Stout": N_("Stout"),
    "IPA": N_("IPA"),
    "Barrel": N_("Barrel"),
    "Penny": N_("Penny"),
    "Credit card": N_("Credit card"),
    "Drunk": N_("Drunk"),
    "On me!": N_("On me!"),
    "Wallet": N_("Wallet"),
    "Happy Hour": N_("Happy Hour"),
    "St Patrick's": N_("St Patrick's"),
    "Elbow a pint": N_("Elbow a pint"),
    "Spilled pint": N_("Spilled pint"),
    "Mop": N_("Mop"),
    "Smoke": N_("Smoke"),
    "Slip": N_("Slip"),
    "Pistachios": N_("Pistachios"),
    "Peanuts": N_("Peanuts"),
}

# The card with its article, as the log names it ("reveals a Drunk"); cards missing here
# read like a call at the bar, without one ("reveals Smoke", "£5").
WITH_ARTICLE: dict[str, str] = {
    "Lager": N_("a Lager"),
    "Bitter": N_("a Bitter"),
    "Red Ale": N_("a Red Ale"),
    "Stout": N_("a Stout"),
    "IPA": N_("an IPA"),
    "Barrel": N_("a Barrel"),
    "Penny": N_("a Penny"),
    "Credit card": N_("a Credit card"),
    "Drunk": N_("a Drunk"),
    "Wallet": N_("a Wallet"),
    "Mop": N_("a Mop"),
    "Slip": N_("a Slip"),
}

# Cards the English names without an article, as a call at the bar ("reveals Smoke"):
# the same words as the face in English, another form elsewhere ("eine Raucherpause"),
# so their msgids carry a context (written out, so the extractor finds each).
def pgettext(context: str, message: str, _: Gettext) -> str:
    """gettext with a msgctxt, through a plain gettext: the catalogue keys such entries
    as context + EOT + msgid; without a translation the msgid itself comes back."""
    key = f"{context}\x04{message}"
    text = _(key)
    return message if "\x04" in text else text


IN_SENTENCE: dict[str, Callable[[Gettext], str]] = {
    "On me!": lambda _: pgettext("in a sentence", "On me!", _),
    "Happy Hour": lambda _: pgettext("in a sentence", "Happy Hour", _),
    "St Patrick's": lambda _: pgettext("in a sentence", "St Patrick's", _),
    "Elbow a pint": lambda _: pgettext("in a sentence", "Elbow a pint", _),
    "Smoke": lambda _: pgettext("in a sentence", "Smoke", _),
    "Pistachios": lambda _: pgettext("in a sentence", "Pistachios", _),
    "Peanuts": lambda _: pgettext("in a sentence", "Peanuts", _),
}


@cache
def card_words(code: str, _: Gettext, n_: Ngettext) -> str:
    """The card's name as its face shows it ("Red Ale", "Credit card"); money ("£5") is
    the same in every language."""
    face = FACE.get(code)
    return code if face is None else _(face)


@cache
def an(card: str, _: Gettext, n_: Ngettext) -> str:
    """The card as an object of a sentence ("a Drunk", "Smoke", "£5")."""
    article = WITH_ARTICLE.get(card)
    if article:
        return _(article)
    bare = IN_SENTENCE.get(card)
    if bare:
        return bare(_)
    return card_words(card, _, n_)


def and_list(words: Sequence[str], _: Gettext) -> str:
    if not words:
        return _("nothing")
    return listing(words, _("{items} and {last}"))


def listed(cards: Sequence[str], _: Gettext, n_: Ngettext, article: bool = True) -> str:
    return and_list([an(c, _, n_) if article else card_words(c, _, n_) for c in cards], _)


def names(seats: Sequence[int], _: Gettext) -> str:
    return and_list([who(s) for s in seats], _)


def points(n: int, n_: Ngettext) -> str:
    """ "1 point", "-1 point", "4 points" """
    return n_("{n} point", "{n} points", abs(n)).format(n=n)


def pints(n: int, pint: str, n_: Ngettext) -> str:
    """ "1 Lager", "3 IPAs" """
    forms = {
        "Lager": lambda: n_("{n} Lager", "{n} Lagers", n),
        "Bitter": lambda: n_("{n} Bitter", "{n} Bitters", n),
        "Red Ale": lambda: n_("{n} Red Ale", "{n} Red Ales", n),
        "Stout": lambda: n_("{n} Stout", "{n} Stouts", n),
        "IPA": lambda: n_("{n} IPA", "{n} IPAs", n),
        SPILLED: lambda: n_("{n} Spilled pint", "{n} Spilled pints", n),
    }
    return forms[pint]().format(n=n)
