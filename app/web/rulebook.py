"""The rules of each game as HTML, for the room page and /rules/{game}.

The texts are copies of the binding rules files, kept in the repository
(`app/rules_text/<game-id>.md`) because the app never reads outside it at run time.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from markupsafe import Markup

from app.web.markdown import to_html

RULES_DIR = Path(__file__).resolve().parents[1] / "rules_text"

_GAME_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
_ALIASES = {
    "null_bock": "null-bock",
    "stier_zoekt_bier": "stier-zoekt-bier",
    "four_pints": "four-pints-please",
    "four-pints": "four-pints-please",
}


def rules_file(game_id: str) -> Path | None:
    stem = _ALIASES.get(game_id, game_id)
    if not _GAME_ID.fullmatch(stem):  # never a path from the URL: "..", "/", 300 x "x"
        return None
    path = RULES_DIR / f"{stem}.md"
    return path if path.is_file() else None


@lru_cache(maxsize=16)
def rules_html(game_id: str) -> Markup | None:
    """The game's rules as safe HTML, or None when the game has no rules text."""
    path = rules_file(game_id)
    if path is None:
        return None
    # to_html escapes every character of the source before adding its own tags.
    return Markup(to_html(path.read_text(encoding="utf-8")))
