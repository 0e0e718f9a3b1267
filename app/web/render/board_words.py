"""What a board's template says that a plain function says better than a macro: a card's
name or CSS name, a count of points or heads, a move's accessible name. Each game's are
handed to its template with its view (app/web/render/board.py), under the names its template
calls them by. They speak the render's language and escape as the template's gettext
does: each returns `Markup`, the same text the macro it replaced drew (a macro call
and its own calls cost several times a function's, and a board makes hundreds)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from markupsafe import Markup, escape

from app.web.render.render import card_words
from app.web.render.render import html_gettext as gettext
from app.web.render.render import html_ngettext as ngettext
from app.web.render.speech import seat_names

Helpers = dict[str, Callable[..., Any]]


def name(seat: int | None) -> Markup:
    """A seat's plain name (the toolkit's `m.name`)."""
    names = seat_names()
    if seat is not None and seat < len(names):
        return escape(names[seat])
    return gettext("Seat %(n)s", n=(seat or 0) + 1)


# --- Null Bock! -----------------------------------------------------------------------

def null_bock_words(card: str) -> Markup:
    """A card's name: the game's own words (app/games/null_bock/phrases.py) when it has
    them, else the board's."""
    own: str
    if card == "S0":
        own = "Null Bock"
    elif card[0] == "S":
        own = gettext("%(n)s stag", n=card[1:])
    elif card.endswith("+"):
        own = gettext("pretentious %(n)s doe", n=card[1:-1])
    else:
        own = gettext("%(n)s doe", n=card[1:])
    return escape(card_words("null-bock", card, own))


def null_bock_label(move: dict[str, Any], view: dict[str, Any], seat: int) -> Markup:
    """The whole action of `move`, for its control's accessible name."""
    card = null_bock_words(move["card"])
    if move["type"] == "edge":
        return gettext("Put the %(card)s on your Edge, face down", card=card)
    if move.get("to") == "arena":
        return gettext("Play %(card)s into the Arena", card=card)
    edge = move["edge"]
    top = view["edges"][edge]
    old = null_bock_words(top)
    if edge == seat:
        if top[0] == "D":
            return gettext("Play %(card)s on your Edge, winning the %(old)s", card=card, old=old)
        return gettext("Play %(card)s on your Edge, taking the %(old)s into your hand",
                       card=card, old=old)
    if top[0] == "D":
        return gettext("Play %(card)s on %(name)s's Edge, winning the %(old)s",
                       card=card, name=name(edge), old=old)
    return gettext("Play %(card)s on %(name)s's Edge, taking the %(old)s into your hand",
                   card=card, name=name(edge), old=old)


# --- Four pints, please ---------------------------------------------------------------

def four_pints_words(card: str) -> Markup:
    """A card's name on its face, in the viewer's language (app/games/four_pints/phrases.py)."""
    return escape(card_words("four-pints-please", card, card))


def four_pints_slug(card: str) -> Markup:
    """A card's CSS name: "Pale Ale" -> "pale-ale", "£2" -> "gbp2"."""
    return escape(card.lower().replace(" ", "-").replace("!", "").replace("'", "")
                  .replace("£", "gbp"))


def four_pints_points(n: int) -> Markup:
    """"1 point", "-1 point", "0 points"."""
    return gettext("%(n)s point", n=n) if n in (1, -1) else gettext("%(n)s points", n=n)


# --- Bullenparty ----------------------------------------------------------------------

def bullenparty_heads(n: int) -> Markup:
    """"1 head", "5 heads"."""
    return ngettext("%(num)s head", "%(num)s heads", n)


HELPERS: dict[str, Helpers] = {
    "null-bock": {"words": null_bock_words, "label": null_bock_label},
    "four-pints-please": {"cw": four_pints_words, "slug": four_pints_slug,
                          "pts": four_pints_points},
    "bullenparty": {"heads": bullenparty_heads},
}
