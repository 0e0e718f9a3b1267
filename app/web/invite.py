"""What a room before the start shows a newcomer: the invite's QR code (for friends at
the same table: drawn on the server by segno as an inline SVG, no network) and a few
lines on how the game is played (issue 34)."""

from __future__ import annotations

from functools import lru_cache

import segno
from markupsafe import Markup

from app.web.speech import _
from app.web.words import N_


@lru_cache(maxsize=256)
def qr_svg(link: str) -> Markup:
    """The room's link as a QR code: an SVG made of paths (no script, no style
    attribute: the page's CSP allows it), dark on white, sized by CSS."""
    code = segno.make(link, error="m")
    return Markup(code.svg_inline(scale=1, omitsize=True, svgclass="qr__code",
                                  lineclass=None, dark="#22170f", light="#ffffff"))


# Two to four lines per game: the aim, a turn, the end. The rules are one tap away.
HOW_TO_PLAY: dict[str, tuple[str, ...]] = {
    "null-bock": (
        N_("Stags fight for does. On your turn, play a card into the Arena or on an "
           "Edge: yours or another player's."),
        N_("If your stag still tops the Arena when your turn comes round, its cards go "
           "to your harem; a stag on an Edge wins the doe lying there."),
        N_("Does in your harem score their value; does left in your hand count against "
           "you. The best total wins."),
    ),
    "stier-zoekt-bier": (
        N_("Each round, pick beer cards for your secret cellar, two at a time."),
        N_("Draught beer to bid: the highest bids choose the bulls first."),
        N_("Serve each bull its own beer type to score its points. Most points after "
           "the last round win."),
    ),
    "four-pints-please": (
        N_("On your turn, turn up buying cards one by one: money, luck and trouble."),
        N_("Stop in time and buy pints from the counter with the money you found."),
        N_("Each pint is worth points: the first to 12 points wins."),
    ),
    "bullenparty": (
        N_("Everyone bids a card in secret; the lowest bid takes a row first."),
        N_("Keep five cards in hand and lay the rest onto piles, each higher than the "
           "card below."),
        N_("Your biggest pile of bull heads scores plus, every other pile minus."),
    ),
}


def how_to_play(game_id: str) -> list[str]:
    """The game's lines in the language of the render ([] for a game without any)."""
    return [_(line) for line in HOW_TO_PLAY.get(game_id, ())]
