"""A board as a skeleton and named regions (docs/contracts.md §3, §5), so a board message
can carry only the regions that changed since the socket's last board.

A template marks a region with `{% call region("middle") %}<section ...
data-region="middle">...</section>{% endcall %}`: the call puts private markers around
the element (an HTML comment, which no escaped text can spell: its "<" would be "&lt;"),
and `Board.split` takes the marked text apart with one `str.split`. The markers never
leave the server: `Board.html` joins the parts without them. A board put together in
Python (Null Bock!'s) is handed over as a `Board` directly, its regions unmarked.
"""

from __future__ import annotations

from collections.abc import Callable

from markupsafe import Markup

# One marker, three to a region: MARK name MARK outer html MARK. So one `str.split` takes a
# board apart, the skeleton, names and texts every third part.
MARK = "<!--@-->"


def region(name: str, caller: Callable[[], str]) -> Markup:
    """The `{% call %}` block's element, marked as the region `name`. The whitespace
    around the element stays in the skeleton, so a region's text is its outer HTML."""
    body = str(caller())
    core = body.strip()
    if not core:
        return Markup(body)
    start = body.index(core[0])
    return Markup(f"{body[:start]}{MARK}{name}{MARK}{core}{MARK}{body[start + len(core):]}")


class Board:
    """A board's skeleton (the text before, between and after its regions), its regions'
    names and texts. The whole board is made only when a socket needs it."""

    __slots__ = ("_html", "names", "skeleton", "texts")

    def __init__(self, skeleton: tuple[str, ...], names: tuple[str, ...],
                 texts: tuple[str, ...]) -> None:
        self.skeleton, self.names, self.texts = skeleton, names, texts
        self._html: str | None = None

    @classmethod
    def split(cls, marked: str) -> Board:
        """The board of a render's marked text."""
        parts = marked.split(MARK)
        return cls(tuple(parts[0::3]), tuple(parts[1::3]), tuple(parts[2::3]))

    @property
    def html(self) -> str:
        """The whole board, as a browser shows it (no markers)."""
        if self._html is None:
            parts = [self.skeleton[0]]
            for text, after in zip(self.texts, self.skeleton[1:], strict=True):
                parts += (text, after)
            self._html = "".join(parts)
        return self._html

    def has(self, text: str) -> bool:
        """Whether `text` is in the board (within one of its parts)."""
        return any(text in part for part in (*self.skeleton, *self.texts))

    def then(self, marked: str) -> Board:
        """This board followed by the marked text `marked`."""
        more = Board.split(marked)
        return Board((*self.skeleton[:-1], self.skeleton[-1] + more.skeleton[0],
                      *more.skeleton[1:]), self.names + more.names, self.texts + more.texts)

    def add(self, name: str, text: str) -> Board:
        """This board followed at once by the region `name`."""
        return Board((*self.skeleton, ""), (*self.names, name), (*self.texts, text))

    def changed_since(self, base: Board) -> dict[str, str] | None:
        """The regions whose text differs from `base`'s, by name; None when the skeleton
        or the names differ (then only the whole board will do)."""
        if base.names != self.names or base.skeleton != self.skeleton:
            return None
        out: dict[str, str] = {}
        for name, text, old in zip(self.names, self.texts, base.texts, strict=True):
            if text is not old and text != old:
                out[name] = text
        return out


def unmarked(text: str) -> str:
    """A marked text without its markers: the HTML a browser gets."""
    return Board.split(text).html if MARK in text else text
