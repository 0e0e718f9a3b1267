"""What a room before the start shows a newcomer: the invite's QR code (for friends at
the same table: drawn on the server by segno as an inline SVG, no network) and a few
lines on how the game is played (issue 34)."""

from __future__ import annotations

from functools import lru_cache

import segno
from markupsafe import Markup

from app.games.game import Game
from app.sizes import lru, report
from app.web.render.speech import _


@lru_cache(maxsize=256)
def qr_svg(link: str) -> Markup:
    """The room's link as a QR code: an SVG made of paths (no script, no style
    attribute: the page's CSP allows it), dark on white, sized by CSS."""
    code = segno.make(link, error="m")
    return Markup(code.svg_inline(scale=1, omitsize=True, svgclass="qr__code",
                                  lineclass=None, dark="#22170f", light="#ffffff"))


def how_to_play(game: Game | None) -> list[str]:
    """The game's lines (its entry's `how_to_play`) in the language of the render ([] for
    a game without any)."""
    return [] if game is None else [_(line) for line in game.how_to_play]


report("invite.qr", lru(qr_svg))
