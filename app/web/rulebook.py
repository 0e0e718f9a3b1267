"""The rules of each game as HTML, for the room page and /rules/{game}.

The texts are copies of the binding rules files, kept in the repository
(`app/rules_text/<game-id>.md`) because the app never reads outside it at run time.
Their translations are `app/rules_text/<lang>/<game-id>.md`; a game whose rules are not
translated yet shows the English text.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from markupsafe import Markup

from app.i18n import DEFAULT, LANGUAGES
from app.sizes import lru, report
from app.web.markdown import to_html

RULES_DIR = Path(__file__).resolve().parents[1] / "rules_text"

_GAME_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
_ALIASES = {
    "null_bock": "null-bock",
    "stier_zoekt_bier": "stier-zoekt-bier",
    "four_pints": "four-pints-please",
    "four-pints": "four-pints-please",
}


def rules_file(game_id: str, lang: str = DEFAULT) -> Path | None:
    stem = _ALIASES.get(game_id, game_id)
    if not _GAME_ID.fullmatch(stem):  # never a path from the URL: "..", "/", 300 x "x"
        return None
    if lang in LANGUAGES and lang != DEFAULT:
        translated = RULES_DIR / lang / f"{stem}.md"
        if translated.is_file():
            return translated
    path = RULES_DIR / f"{stem}.md"
    return path if path.is_file() else None


def rules_lang(game_id: str, lang: str = DEFAULT) -> str:
    """The language the rules of `game_id` are shown in for `lang` (English if untranslated):
    the page marks the text with it (`lang="en"` inside a German page)."""
    path = rules_file(game_id, lang)
    return path.parent.name if path is not None and path.parent != RULES_DIR else DEFAULT


@lru_cache(maxsize=64)
def rules_html(game_id: str, lang: str = DEFAULT) -> Markup | None:
    """The game's rules as safe HTML in `lang` (else English), or None without any."""
    path = rules_file(game_id, lang)
    if path is None:
        return None
    # to_html escapes every character of the source before adding its own tags.
    return Markup(to_html(path.read_text(encoding="utf-8")))


report("rules.html", lru(rules_html))
