"""What the lobby says about each game: one line, and a typical playing time.

The times are the project's estimates for a first game at the default options with
three players (people, not bots), not measurements.
"""

from __future__ import annotations

from app.web.words import N_

BLURBS: dict[str, tuple[str, str]] = {
    "null-bock": (
        N_("Stags fight for does: play a card into the Arena or on an Edge; the best harem "
           "wins."),
        N_("about 20 minutes"),
    ),
    "stier-zoekt-bier": (
        N_("Draft beer into a secret cellar, outbid the others for bulls and serve each "
           "bull its favourite beer."),
        N_("about 40 minutes"),
    ),
    "four-pints-please": (
        N_("Push your luck: turn up buying cards one by one and buy pints; first to 12 "
           "points wins."),
        N_("about 20 minutes"),
    ),
    "bullenparty": (
        N_("Bid for rows of numbered cards: build one big pile of bull heads, keep the "
           "others small."),
        N_("about 30 minutes"),
    ),
}


def blurb(game_id: str) -> tuple[str, str]:
    """(one line, typical time); a game without a blurb gets neither."""
    return BLURBS.get(game_id, ("", ""))
