"""A board as a skeleton and named regions (docs/contracts.md §3, §5), so a board message
can carry only the regions that changed since the socket's last board.

A region is an element whose root tag carries `data-region="<name>"`, drawn by its
board's template (app/web/render/board.py puts a board together of them); the skeleton is the
text before, between and after them.
"""

from __future__ import annotations


class Board:
    """A board's skeleton (the text before, between and after its regions), its regions'
    names and texts. The whole board is made only when a socket needs it."""

    __slots__ = ("_html", "names", "skeleton", "texts")

    def __init__(self, skeleton: tuple[str, ...], names: tuple[str, ...],
                 texts: tuple[str, ...]) -> None:
        assert len(skeleton) == len(names) + 1 == len(texts) + 1
        self.skeleton, self.names, self.texts = skeleton, names, texts
        self._html: str | None = None

    @property
    def html(self) -> str:
        """The whole board, as a browser shows it."""
        if self._html is None:
            parts = [self.skeleton[0]]
            for text, after in zip(self.texts, self.skeleton[1:], strict=True):
                parts += (text, after)
            self._html = "".join(parts)
        return self._html

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
