"""The pieces of a board that several viewers see the same way, rendered once per
(room, version, language) and joined into each viewer's board.

A live room hands every frame of one version and language the same dict (`Frame.shared`,
app/rooms/live.py) with a thunk of the spectator's view under "public". A board template
marks a region that is the same for every viewer it is shared with:

    {% call shared("opponent", s) %}{{ panel(public, s) }}{% endcall %}

and draws it from `public` alone: the first board that needs the region renders it from
the spectator's view and every later board of the version takes the string. So a
shared piece is seat-free by construction: it is made from what a spectator may see and
from nothing of a seat's view; a region that shows a viewer its own controls, hand or
"you" stays in the viewer's own part (the template does not call `shared` for it).
Without a dict (a page's first load, a replay) `public` is the viewer's own view and
`shared` renders the region every time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from markupsafe import Markup

PIECES: ContextVar[dict[Any, Any] | None] = ContextVar("pieces", default=None)
_VIEW = ("public", "localised")


@contextmanager
def sharing(pieces: dict[Any, Any] | None) -> Iterator[None]:
    """Share the regions of the boards rendered inside this block through `pieces`."""
    token = PIECES.set(pieces)
    try:
        yield
    finally:
        PIECES.reset(token)


def like_public(view: dict[str, Any], public: dict[str, Any]) -> bool:
    """Is `view` the spectator's `public` but for the viewer's own keys (`mine`, `moves`)?
    Only then may a board drawn from its own view add to the pieces it shares: a view
    that differs anywhere else (a contract allows none, docs/contracts.md §1) shares
    nothing."""
    if len(view) != len(public):
        return False
    for k, v in view.items():
        if k != "mine" and k != "moves" and (k not in public or public[k] != v):
            return False
    return True


def public_view(pieces: dict[Any, Any], localise: Callable[[dict[str, Any]], dict[str, Any]]
                ) -> dict[str, Any] | None:
    """The spectator's view of `pieces`' version, localised once for all its boards."""
    found = pieces.get(_VIEW)
    if found is None:
        thunk = pieces.get("public")
        made = thunk() if thunk is not None else None
        found = pieces[_VIEW] = localise(made) if made is not None else {}
    return found or None


# Where a shared piece holds the viewer's own controls: an HTML comment, which no escaped
# text can spell (its "<" would be "&lt;") and no board writes.
HOLE = Markup("<!--controls-->")


def shared(region: str, *key: Any, fill: str = "", when: Any = True,
           caller: Callable[[], str]) -> Markup:
    """The region `(region, *key)` of this version: rendered by the first board that
    needs it (`caller`, the `{% call %}` block), the same string for the others. The
    block draws `hole` where a viewer's controls go; each board puts its own `fill`
    there (most boards: nothing). `when` false: this board draws the region itself (it
    holds this viewer's controls), and keeps nothing."""
    if not when:
        return Markup(caller())
    pieces = PIECES.get()
    found = None if pieces is None else pieces.get((region, *key))
    if found is None:
        found = str(caller())
        if pieces is not None:
            pieces[(region, *key)] = found
    return Markup(found.replace(HOLE, fill))


def piece(key: tuple[Any, ...], make: Callable[..., str], *args: Any, fill: str = "") -> str:
    """`shared` for a board put together in Python: the region `key` of this version,
    made by `make(*args)` (from the spectator's view, `hole` where the viewer's controls
    go) by the first board that needs it, with this board's `fill` in the hole. Kept
    split at its holes (no search for one per board) and returned as plain text: HTML to
    join, not to hand to a template. (The arguments passed, not bound in a lambda made
    for each board: only the first board of a version calls `make`.)"""
    pieces = PIECES.get()
    found = None if pieces is None else pieces.get(key)
    if found is None:
        parts = str(make(*args)).split(HOLE)
        # with its holes empty too, joined once: the boards without controls there (all
        # but the seat to act's) take one string, not a join each
        found = (parts, "".join(parts))
        if pieces is not None:
            pieces[key] = found
    # (str.join: a `Markup` fill's own join would escape the parts)
    return str.join(fill, found[0]) if fill else found[1]


def plain_piece(pieces: dict[Any, Any], key: tuple[Any, ...]) -> str | None:
    """`piece(key, ...)` with nothing in its holes, if the version has made it: the text
    as it is kept, for a board that looks up several pieces from one `pieces`."""
    found = pieces.get(key)
    return None if found is None else found[1]  # type: ignore[no-any-return]
