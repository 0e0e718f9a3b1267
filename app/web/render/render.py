"""The Jinja2 environment the pages and the boards are drawn with, and what their
templates call: gettext/ngettext in the render's language, a card's words, a view's text
with the names put in, the viewer's moves as data (app/web/render/moves_data.py).

Every render speaks one language: `speaking(lang)` sets it for the current context
(a `ContextVar`), and the environment's `gettext`/`ngettext`/`card_words` read it. So
two renders in two languages at once (two tasks, two threads) never mix, and imported
macros see the language without being imported "with context". How a board is made of
its template's regions is app/web/render/board.py.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, pass_eval_context, select_autoescape
from jinja2.nodes import EvalContext
from markupsafe import Markup, escape

from app.i18n import games as game_words
from app.i18n import translations
from app.sizes import lru, report
from app.web.render import lists
from app.web.render.compact import Compact
from app.web.render.moves_data import moves_data
from app.web.render.speech import LANG, _, current_language, seat_names, speaking  # noqa: F401
from app.web.render.words import script_words, status_word

TEMPLATES = Path(__file__).resolve().parents[3] / "templates"


# Jinja's "newstyle" gettext: the template passes its variables, we format and escape.
# Each msgid is translated once per language (`_catalogue_text`), and each formatted
# result once per (language, msgid, variables): a board says the same few dozen phrases
# with the same few values over and over. Variables are keyed with their types, so a
# `Markup` value (not escaped) never stands for an equal `str` (escaped).
@lru_cache(maxsize=8192)
def _catalogue_text(lang: str, message: str, plural: str | None, n: int) -> str:
    if plural is None:
        return translations(lang).gettext(message)
    return translations(lang).ngettext(message, plural, n)


@lru_cache(maxsize=32768)
def _formatted(lang: str, autoescape: bool, message: str, plural: str | None, n: int,
               items: tuple[tuple[str, type, Any], ...]) -> str:
    text = _catalogue_text(lang, message, plural, n)
    if autoescape:
        text = Markup(text)
    return text % {k: v for k, _t, v in items}  # as Jinja's own: "%%" is a literal "%"


report("render.catalogue_text", lru(_catalogue_text))
report("render.formatted", lru(_formatted))


def _translate(autoescape: bool, message: str, plural: str | None, n: int,
               variables: dict[str, Any]) -> str:
    items = tuple([(k, type(v), v) for k, v in variables.items()])
    try:
        return _formatted(LANG.get(), autoescape, message, plural, n, items)
    except TypeError:  # an unhashable variable: format it this once
        text = _catalogue_text(LANG.get(), message, plural, n)
        return (Markup(text) if autoescape else text) % variables


# Given the evaluation context only (whether to escape), not the template's context: a
# function given that is called, in a loop that sets a variable, with a context derived
# for the loop (a new Context each call, ~10 us: a board says dozens of phrases in loops).
@pass_eval_context
def _gettext(eval_ctx: EvalContext, message: str, **variables: Any) -> str:
    return _translate(eval_ctx.autoescape, message, None, 0, variables)


@pass_eval_context
def _ngettext(eval_ctx: EvalContext, singular: str, plural: str, n: int, **variables: Any
              ) -> str:
    variables.setdefault("num", n)
    return _translate(eval_ctx.autoescape, singular, plural, n, variables)


def html_gettext(message: str, **variables: Any) -> Markup:
    """`gettext` as an HTML template says it, for Python the boards call
    (app/web/render/board_words.py): translated, its variables escaped, a `Markup`."""
    return Markup(_translate(True, message, None, 0, variables))


def html_ngettext(singular: str, plural: str, n: int, **variables: Any) -> Markup:
    """`ngettext` as an HTML template says it (`num` is `n` unless given)."""
    variables.setdefault("num", n)
    return Markup(_translate(True, singular, plural, n, variables))


def card_words(game_id: str, code: str, fallback: str = "") -> str:
    """A card's name in the current language. Until a game has its phrases, the board's
    own English words (`fallback`) stand; the code only if there are none."""
    words = game_words.card_words(game_id, code, LANG.get())
    return fallback if words == code and fallback else words


def with_names(text: str, names: list[str]) -> Markup:
    """A view's text ("{p0} plays ...") with `names` put in, escaped: each name in seat
    order, so a name that spells "{p2}" is replaced in turn."""
    for seat, name in enumerate(names):
        text = text.replace(f"{{p{seat}}}", name)
    return escape(text)


_SORTED_JSON = json.JSONEncoder(sort_keys=True)


def _sorted_json(value: Any, **options: Any) -> str:
    """`json.dumps(value, sort_keys=True)`, `tojson`'s own default, with its encoder made
    once: `json.dumps` given any option makes a `JSONEncoder` per call."""
    if options:  # `tojson(indent=...)`: its own encoder, keys sorted as ever
        return json.dumps(value, **{"sort_keys": True, **options})
    return _SORTED_JSON.encode(value)


def move_label(move: dict[str, Any]) -> str:
    """A plain label for a move a board has no words for: "play D7+ arena"."""
    parts = [str(move.get("type", "move"))]
    parts += [str(v) for k, v in move.items() if k != "type"]
    return " ".join(parts)


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
        # Compact: the boards' layout whitespace; do: a board fills its `data-moves`
        extensions=["jinja2.ext.i18n", "jinja2.ext.do", Compact],
        auto_reload=False,  # no stat of two files per board: a new template, a new process
    )
    env.policies["ext.i18n.trimmed"] = True  # a {% trans %} block's text, one line
    env.policies["json.dumps_function"] = _sorted_json  # `tojson`: the same text
    env.policies["json.dumps_kwargs"] = {}
    env.newstyle_gettext = True  # type: ignore[attr-defined]
    # Templates call `gettext(...)`: boards use `_` as a throwaway name ({% set _ = %}).
    env.globals.update(gettext=_gettext, ngettext=_ngettext, _=_gettext,
                       card_words=card_words, with_names=with_names, moves_data=moves_data,
                       current_language=current_language, seat_names=seat_names,
                       status_word=status_word, script_words=script_words,
                       where=lists.where, first_where=lists.first_where,
                       where_not=lists.where_not, where_in=lists.where_in,
                       without=lists.without, group=lists.group,
                       numbered=lists.numbered)
    env.filters["move_label"] = move_label
    env.filters["translated"] = _  # a message handed over (an alert): as it is, translated
    return env
