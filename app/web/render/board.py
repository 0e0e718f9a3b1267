"""The one board renderer (docs/contracts.md §4-§5): a board is its template's regions.

Each game's template (`templates/boards/<game-id>.html`, else `boards/_generic.html`)
says its regions as macros drawn from the template's `view`, `seat` and `names` (and
`m`, the boards' toolkit, boards/_macros.html):
`status()`, `last()`, `opponent(s)`, `middle()` and `summary()` are PUBLIC (drawn from
the spectator's view, the same text for every viewer of a version and language: no
control, no "you"), and `mine()` is the viewer's own (their cards, prompt, controls and
`data-moves`). A macro that draws nothing leaves its region out. Every region's root
element carries `data-region="<name>"`.

This module puts a viewer's board together from them, the same way for every game: the
skeleton (`<div class="board board--<game-id>" data-me="<seat>">`, the other players'
section) around the public regions, the seat's own panel left out and its `mine` put in.
A live room draws the public regions once per (version, language) and each `mine` once
per (version, seat, language) (app/web/socket/messages.py); a page, a replay or a test draws
them here from one view (`board_of`), the same text.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from jinja2 import Template
from jinja2.environment import TemplateModule
from markupsafe import escape

from app.i18n import DEFAULT
from app.i18n import games as game_words
from app.sizes import lru, report
from app.web.render.board_words import HELPERS
from app.web.render.regions import Board
from app.web.render.render import environment
from app.web.render.speech import _, speaking

Regions = Mapping[str, str]  # a region's name -> its outer HTML, in board order


@lru_cache(maxsize=64)
def board_template(game_id: str) -> str:
    """The template that draws `game_id`'s board: its own, or the generic fallback."""
    name = f"boards/{game_id}.html"
    if name not in environment().list_templates():
        name = "boards/_generic.html"
    return name


@lru_cache(maxsize=64)
def _board(game_id: str) -> tuple[Template, dict[str, Any]]:
    """`game_id`'s board template, compiled once, and what every render of it is given
    besides its view: the template's globals, the boards' toolkit `m` and the game's
    own helpers (app/web/render/board_words.py)."""
    template = environment().get_template(board_template(game_id))
    return template, {**template.globals, "m": _toolkit(), **HELPERS.get(game_id, {})}


@lru_cache(maxsize=1)
def _toolkit() -> TemplateModule:
    """The boards' toolkit (boards/_macros.html) as a module, made once: it is handed to
    every board as `m`. (Imported by each board, it was looked up and its globals
    compared at every render.)"""
    return environment().get_template("boards/_macros.html").module


def public_of(view: dict[str, Any]) -> dict[str, Any]:
    """What the spectator sees of `view`'s version: the view without what is only its
    viewer's (`mine`, `moves`). The engines' views are the spectator's plus those two
    (docs/contracts.md §1), so this is the spectator's view (tests/web/test_board_regions.py
    holds every game to it)."""
    return {**view, "mine": None, "moves": []}


def _module(game_id: str, view: dict[str, Any], seat: int | None, names: list[str]) -> Any:
    """The game's template evaluated for (`view`, `seat`, `names`): its region macros."""
    template, given = _board(game_id)
    # `shared`: the context is this dict as it is, the globals already in it (a
    # template's globals are a ChainMap: copied into each context, one key at a time)
    return template.make_module({**given, "view": view, "seat": seat, "names": names},
                                shared=True)


def _region(name: str, drawn: Any) -> str:
    """A region macro's output, or "" when it drew nothing; its root must be the region."""
    text = str(drawn).strip()
    if text and f'data-region="{name}"' not in text[:text.find(">")]:
        raise ValueError(f"the {name} region's root element has no data-region={name!r}")
    return text


def public_regions(game_id: str, spectator: dict[str, Any], names: list[str],
                   lang: str = DEFAULT) -> dict[str, str]:
    """Every public region of a version in `lang`, drawn from its spectator's view:
    status, last, opponent-<s> for every seat, middle, summary, turn (those drawn)."""
    with speaking(lang, names):
        view = game_words.localize_view(game_id, spectator, lang)
        board = _module(game_id, view, None, names)
        out: dict[str, str] = {}
        drawn = [("status", board.status()), ("last", board.last())]
        drawn += [(f"opponent-{s}", board.opponent(s)) for s in range(len(names))]
        drawn += [("middle", board.middle()), ("summary", board.summary())]
        for name, text in drawn:
            if region := _region(name, text):
                out[name] = region
    to_act, phase = tuple(view.get("to_act") or ()), view.get("phase", _NO_PHASE)
    try:  # the same few a game over: made once each
        out["turn"] = _turn(to_act, phase)
    except TypeError:  # an unhashable phase (no game has one): made this once
        out["turn"] = _turn.__wrapped__(to_act, phase)
    return out


def own_region(game_id: str, view: dict[str, Any], seat: int, names: list[str],
               lang: str = DEFAULT) -> str:
    """Seat `seat`'s own region (`mine`) in `lang`, drawn from its view; "" if none."""
    with speaking(lang, names):
        view = game_words.localize_view(game_id, view, lang)
        return _region("mine", _module(game_id, view, seat, names).mine())


_PUBLIC_AFTER_MINE = ("summary", "turn")


def compose(game_id: str, seat: int | None, public: Regions, mine: str,
            lang: str = DEFAULT) -> Board:
    """Seat `seat`'s board (None: a spectator's) of a version's public regions and the
    seat's own region `mine` (""; none), as its skeleton and regions."""
    me = "" if seat is None else str(seat)
    skeleton = [f'<div class="board board--{escape(game_id)}" data-me="{me}">']
    names: list[str] = []
    texts: list[str] = []

    def put(name: str, text: str) -> None:
        names.append(name)
        texts.append(text)
        skeleton.append("")

    for name in ("status", "last"):
        if name in public:
            put(name, public[name])
    others = [n for n in public if n.startswith("opponent-") and n != f"opponent-{me}"]
    if others:
        with speaking(lang):
            label = _("The players") if seat is None else _("The other players")
        skeleton[-1] += f'<section class="opponents" aria-label="{escape(label)}">'
        for name in others:
            put(name, public[name])
        skeleton[-1] += "</section>"
    if "middle" in public:
        put("middle", public["middle"])
    if mine:
        put("mine", mine)
    for name in _PUBLIC_AFTER_MINE:
        if name in public:
            put(name, public[name])
    skeleton[-1] += "</div>"
    return Board(tuple(skeleton), tuple(names), tuple(texts))


def board_of(game_id: str, view: dict[str, Any], seat: int | None, names: list[str],
             lang: str = DEFAULT) -> Board:
    """`seat`'s board (None: a spectator's) of `view` (that viewer's view), in `lang`."""
    public = public_regions(game_id, public_of(view), names, lang)
    mine = "" if seat is None else own_region(game_id, view, seat, names, lang)
    return compose(game_id, seat, public, mine, lang)


def render_board(game_id: str, view: dict[str, Any], seat: int | None, names: list[str],
                 lang: str = DEFAULT) -> str:
    """The board HTML of `seat` (None: a spectator) from its `view`, in `lang`."""
    return board_of(game_id, view, seat, names, lang).html


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


report("render.turn", lru(_turn))
