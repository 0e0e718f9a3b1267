"""Jinja2 rendering of boards from views: the one place a view becomes HTML.

The same partial (`templates/boards/<game-id>.html`) renders the first page load and
every live update; a game in `ASSEMBLED` (Null Bock!) has its board put together in
Python from that partial's macros, region by region (app/web/null_bock_board.py). A
board sees only the viewer's view, never a game state. When the
view carries an outcome and no `summary` of its own (docs/contracts.md §1), the final
scores (`boards/_outcome.html`) follow the board; with a final summary, the board's
`m.summary` is the display (added here if a board leaves it out). So there is one
result display, and a live update that ends the game shows it without a reload. A
hidden `.board-turn` tells the page shell who must act (header, seat list, title dot).

Every render speaks one language: `speaking(lang)` sets it for the current context
(a `ContextVar`), and the environment's `gettext`/`ngettext`/`card_words` read it. So
two renders in two languages at once (two tasks, two threads) never mix, and imported
macros see the language without being imported "with context".
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, pass_context, select_autoescape
from jinja2.runtime import Context
from markupsafe import Markup, escape

from app.i18n import DEFAULT, translations
from app.i18n import games as game_words
from app.web import lists, null_bock_board
from app.web.compact import Compact
from app.web.memo import (
    BY_NAMES,
    BY_VIEWER,
    VIEWING,
    FastContext,
    Viewer,
    memo,
    memoised,
    viewing_of,
)
from app.web.pieces import HOLE, PIECES, like_public, public_view, shared
from app.web.regions import Board, region
from app.web.speech import LANG, _, current_language, speaking  # noqa: F401 (templating)
from app.web.words import script_words, status_word

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
# Boards put together in Python from their template's macros, region by region (each
# region kept by its inputs): the game id -> board(view, public, seat).
ASSEMBLED: dict[str, Callable[[dict[str, Any], dict[str, Any], int | None], Board]] = {
    "null-bock": null_bock_board.board,
}


class ViewEnvironment(Environment):
    """Views are dicts: `view.edges` looks up the key first. (Jinja tries the attribute
    first, and the AttributeError of every lookup was a tenth of a board's render.)"""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


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


def _translate(autoescape: bool, message: str, plural: str | None, n: int,
               variables: dict[str, Any]) -> str:
    if not variables:
        items: tuple[tuple[str, type, Any], ...] = ()
    elif len(variables) == 1:  # the common case, without a generator's frame
        ((k, v),) = variables.items()
        items = ((k, type(v), v),)
    else:
        items = tuple([(k, type(v), v) for k, v in variables.items()])
    try:
        return _formatted(LANG.get(), autoescape, message, plural, n, items)
    except TypeError:  # an unhashable variable: format it this once
        text = _catalogue_text(LANG.get(), message, plural, n)
        return (Markup(text) if autoescape else text) % variables


@pass_context
def _gettext(context: Context, message: str, **variables: Any) -> str:
    return _translate(context.eval_ctx.autoescape, message, None, 0, variables)


@pass_context
def _ngettext(context: Context, singular: str, plural: str, n: int, **variables: Any) -> str:
    variables.setdefault("num", n)
    return _translate(context.eval_ctx.autoescape, singular, plural, n, variables)


class BoardContext(FastContext):
    direct = frozenset({_gettext, _ngettext})  # they read only the eval context


def card_words(game_id: str, code: str, fallback: str = "") -> str:
    """A card's name in the current language. Until a game has its phrases, the board's
    own English words (`fallback`) stand; the code only if there are none."""
    words = game_words.card_words(game_id, code, LANG.get())
    return fallback if words == code and fallback else words


def with_names(text: str) -> Markup:
    """A view's text ("{p0} plays ...") with the render's names put in, escaped: what a
    template loop over `viewer.names` replacing each "{pN}" in turn printed (each name
    in seat order, so a name that spells "{p2}" is replaced as before), without the
    loop, which cost ~30 us a line in Jinja (every new last play, every summary note)."""
    for seat, name in enumerate(VIEWING.get().names):
        text = text.replace(f"{{p{seat}}}", name)
    return escape(text)


_SORTED_JSON = json.JSONEncoder(sort_keys=True)


def _sorted_json(value: Any, **options: Any) -> str:
    """`json.dumps(value, sort_keys=True)`, `tojson`'s own default, with its encoder made
    once: `json.dumps` given any option makes a `JSONEncoder` per call (every move
    button a board draws anew has its move's `tojson`)."""
    if options:  # `tojson(indent=...)`: its own encoder, keys sorted as ever
        return json.dumps(value, **{"sort_keys": True, **options})
    return _SORTED_JSON.encode(value)


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = ViewEnvironment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n", Compact],  # Compact: the boards' layout whitespace
        auto_reload=False,  # no stat of two files per board: a new template, a new process
    )
    env.policies["ext.i18n.trimmed"] = True  # a {% trans %} block's text, one line
    env.policies["json.dumps_function"] = _sorted_json  # `tojson`: the same text
    env.policies["json.dumps_kwargs"] = {}
    env.newstyle_gettext = True  # type: ignore[attr-defined]
    # Templates call `gettext(...)`: boards use `_` as a throwaway name ({% set _ = %}).
    env.context_class = BoardContext
    env.globals.update(gettext=_gettext, ngettext=_ngettext, _=_gettext, memo=memo,
                       memoised=memoised, viewer=Viewer(), by_names=BY_NAMES,
                       by_viewer=BY_VIEWER, shared=shared, hole=HOLE, region=region,
                       card_words=card_words, with_names=with_names,
                       current_language=current_language,
                       status_word=status_word, script_words=script_words,
                       where=lists.where, first_where=lists.first_where,
                       where_not=lists.where_not, where_in=lists.where_in,
                       without=lists.without, group=lists.group, pairs_by=lists.pairs_by)
    env.filters["move_label"] = move_label
    env.filters["translated"] = _  # a message handed over (an alert): as it is, translated
    # The toolkit, for the macros of a board template used as a module (a board put
    # together in Python, `ASSEMBLED`): a render hands the same module over as `m`.
    env.globals["m"] = env.get_template("boards/_macros.html").module
    return env


def move_label(move: dict[str, Any]) -> str:
    """A plain label for a move a board has no words for: "play D7+ arena"."""
    parts = [str(move.get("type", "move"))]
    parts += [str(v) for k, v in move.items() if k != "type"]
    return " ".join(parts)


def toolkit() -> Any:
    """The board toolkit (boards/_macros.html) as a module, made once: every board gets
    it as `m` (an `{% import %}` per render cost a tenth of a board in Jinja's checks)."""
    return environment().globals["m"]


@lru_cache(maxsize=64)
def board_template(game_id: str) -> str:
    """The partial that draws `game_id`'s board: its own, or the generic fallback."""
    name = f"boards/{game_id}.html"
    if name not in environment().list_templates():
        name = "boards/_generic.html"
    return name


def render_board(game_id: str, view: dict[str, Any], seat: int | None, names: list[str],
                 lang: str = DEFAULT, pieces: dict[Any, Any] | None = None) -> str:
    """The board HTML for one viewer, in `lang` (its view's texts localised first).
    `pieces`: what the boards of this version and language share (app/web/pieces.py)."""
    return board_of(game_id, view, seat, names, lang, pieces).html


def board_of(game_id: str, view: dict[str, Any], seat: int | None, names: list[str],
             lang: str = DEFAULT, pieces: dict[Any, Any] | None = None) -> Board:
    """`render_board`'s board as its skeleton and regions (app/web/regions.py)."""
    view = game_words.localize_view(game_id, view, lang)
    public: dict[str, Any] | None  # public_view's None is replaced just below
    public = view
    if pieces is not None:
        public = public_view(pieces, lambda v: game_words.localize_view(game_id, v, lang))
        if public is None:  # no spectator's view to share from: nothing is shared
            public, pieces = view, None
        elif game_id not in ASSEMBLED and not like_public(view, public):
            # a template draws its shared regions from the viewer's own view
            public, pieces = view, None
    # the three context variables set and reset directly: three `with` blocks of
    # generator context managers were ~5 % of a board
    lang_token, viewing_token = LANG.set(lang), VIEWING.set(viewing_of(names, seat))
    pieces_token = PIECES.set(pieces)
    try:
        return _render_board(game_id, view, public, seat, names)
    finally:
        PIECES.reset(pieces_token)
        VIEWING.reset(viewing_token)
        LANG.reset(lang_token)


def _render_board(game_id: str, view: dict[str, Any], public: dict[str, Any],
                  seat: int | None, names: list[str]) -> Board:
    env = environment()
    assemble = ASSEMBLED.get(game_id)
    final = bool((view.get("summary") or {}).get("final"))
    phase = view.get("phase", _NO_PHASE)
    try:  # the same few a game over: made once each
        turn = _turn(tuple(view.get("to_act") or ()), phase)
    except TypeError:  # an unhashable phase (no game has one): made this once
        turn = _turn.__wrapped__(tuple(view.get("to_act") or ()), phase)
    if assemble is not None:  # handed over as its regions
        board = assemble(view, public, seat)
        after = _after_board(view, names, seat, final and board.has("summary--final"))
        return (board.then(after) if after else board).add("turn", turn)
    drawn = env.get_template(board_template(game_id)).render(
        view=view, public=public, seat=seat, names=names, m=toolkit())
    after = _after_board(view, names, seat, final and "summary--final" in drawn)
    return Board.split(drawn + after).add("turn", turn)


_NO_PHASE = object()


@lru_cache(maxsize=4096, typed=True)  # typed: a phase 1 is not a phase True
def _turn(to_act: tuple[Any, ...], phase: Any) -> str:
    """The hidden `.board-turn` region: who must act (`int` of each: equal seats print
    alike), and the phase if the view has one."""
    seats = " ".join(str(int(s)) for s in to_act)
    # the phase is said here, in a region, not on the board's root: a phase change (most
    # of Bullenparty's moves) would change the skeleton and send the whole board
    said = "" if phase is _NO_PHASE else f' data-phase="{escape(phase)}"'
    return f'<div class="board-turn" hidden data-to-act="{seats}"{said} data-region="turn"></div>'


def _after_board(view: dict[str, Any], names: list[str], seat: int | None,
                 has_final: bool) -> str:
    """What follows a board (marked) before the turn: the final scores, where the board
    has none."""
    summary = view.get("summary") or {}
    if summary.get("final"):
        # a board that forgot m.summary: still one display
        return "" if has_final else str(toolkit().summary(summary))
    if not view.get("outcome"):
        return ""
    return environment().get_template("boards/_outcome.html").render(
        rows=outcome_rows(view["outcome"], names), seat=seat
    )


def outcome_rows(outcome: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """One row per seat, best rank first: seat, name, score, rank, winner."""
    winners = set(outcome.get("winners", []))
    rows = [
        {
            "seat": s,
            "name": names[s] if s < len(names) else _("Seat %(n)s") % {"n": s + 1},
            "score": score,
            "rank": outcome["ranks"][s],
            "winner": s in winners,
        }
        for s, score in enumerate(outcome["scores"])
    ]
    return sorted(rows, key=lambda r: (r["rank"], r["seat"]))
