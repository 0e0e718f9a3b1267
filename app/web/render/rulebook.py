"""The rules of each game as HTML, for the room page and /rules/{game}.

A game's registry entry names its rulebook folder (app/games/<game>/rulebook/): `en.md`
is a copy of the binding rules file, kept in the repository because the app never reads
outside it at run time, and `de.md`, `nl.md` translate it; a language without one shows
the English text.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from markupsafe import Markup

from app.games.game import Game
from app.i18n import DEFAULT, LANGUAGES
from app.sizes import lru, report
from app.web.render.markdown import to_html


def rules_file(game: Game | None, lang: str = DEFAULT) -> Path | None:
    """The game's rules in `lang`, else in English; None for a game without any."""
    if game is None or game.rulebook is None:
        return None
    if lang in LANGUAGES and lang != DEFAULT:
        translated = game.rulebook / f"{lang}.md"
        if translated.is_file():
            return translated
    path = game.rulebook / f"{DEFAULT}.md"
    return path if path.is_file() else None


def rules_lang(game: Game | None, lang: str = DEFAULT) -> str:
    """The language the rules of `game` are shown in for `lang` (English if untranslated):
    the page marks the text with it (`lang="en"` inside a German page)."""
    path = rules_file(game, lang)
    return path.stem if path is not None else DEFAULT


def rules_html(game: Game | None, lang: str = DEFAULT) -> Markup | None:
    """The game's rules as safe HTML in `lang` (else English), or None without any."""
    path = rules_file(game, lang)
    return None if path is None else _html(path)


@lru_cache(maxsize=64)
def _html(path: Path) -> Markup:
    # to_html escapes every character of the source before adding its own tags.
    return Markup(to_html(path.read_text(encoding="utf-8")))


report("rules.html", lru(_html))
