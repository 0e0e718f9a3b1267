"""What the toy game says (English only: the toy has no catalogue of its own)."""

from __future__ import annotations

from app.games.base import who
from app.games.phrasing import Phrases

PHRASES = Phrases(
    events={
        "pick": lambda d, _, n_: _("{player} has chosen.").format(player=who(d["seat"])),
        "trick": lambda d, _, n_: _("{player} wins the trick.").format(player=who(d["seat"])),
    },
    refusals={"not_now": lambda d, _, n_: _("You cannot play that card now.")},
)
