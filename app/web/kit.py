"""The board toolkit of `templates/boards/_macros.html` in Python, for the hot path.

A Jinja macro call costs ~15 µs; a board calls dozens of them per render, 4+ renders
per move. `Kit` gives a board the same controls as plain methods (a few µs each) with
byte-identical output: `render_board` passes one as `kit`, and a board that wants the
speed writes `{% set m = kit %}` instead of importing the macros. The rarely drawn
round summary is still the Jinja macro (one source for its markup).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jinja2 import Environment
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup, escape


def tojson(value: Any) -> Markup:
    """Jinja's `tojson` filter with its default policy (sorted keys)."""
    return htmlsafe_json_dumps(value, sort_keys=True)


class Kit:
    """The macros of `_macros.html` for one render (they read `names` and `seat`)."""

    __slots__ = ("env", "names", "seat")

    def __init__(self, env: Environment, names: Sequence[str], seat: int | None) -> None:
        self.env, self.names, self.seat = env, names, seat

    def _display(self, s: int) -> str:
        return self.names[s] if s < len(self.names) else f"Seat {s + 1}"

    def player(self, s: int | None, you: bool = False) -> Markup:
        if s is None:
            return Markup("nobody")
        text = "you" if you and s == self.seat else self._display(s)
        return Markup(f'<span class="who seat-c{s}">{escape(text)}</span>')

    def name(self, s: int | None) -> Markup:
        if s is not None and s < len(self.names):
            return escape(self.names[s])
        return Markup(f"Seat {(s or 0) + 1}")

    def players(self, seats: Sequence[int]) -> Markup:
        parts: list[str] = []
        count = len(seats)
        for i, s in enumerate(seats):
            parts.append(self.player(s))
            if i < count - 1:
                parts.append(" and " if i == count - 2 else ", ")
        return Markup("".join(parts))

    def waiting(self, seats: Sequence[int], what: str = "") -> Markup:
        tail = escape(" " + what) if what else ""
        return Markup(f'<span class="status__waiting">Waiting for {self.players(seats)}'
                      f"{tail}.</span>")

    def move(self, mv: Any, label: str, cls: str = "", content: Any = None) -> Markup:
        inner = escape(label) if content is None else escape(content)
        return Markup(f'<button type="button" class="move {escape(cls)}" '
                      f"data-move='{tojson(mv)}' aria-label=\"{escape(label)}\">"
                      f"{inner}</button>")

    def pick(self, pick_id: str, label: str, cls: str = "", content: Any = "") -> Markup:
        return Markup(f'<button type="button" class="pick {escape(cls)}" '
                      f'data-pick="{escape(pick_id)}" aria-pressed="false" '
                      f'aria-label="{escape(label)}">{escape(content)}</button>')

    def dest(self, pick_id: str, mv: Any, label: str, cls: str = "") -> Markup:
        text = escape(label)
        return Markup(f'<button type="button" class="move dest {escape(cls)}" '
                      f"data-pick-for=\"{escape(pick_id)}\" data-move='{tojson(mv)}' "
                      f'aria-label="{text}" hidden>{text}</button>')

    def status(self, prompt: Any, round_text: Any = "", yours: bool = False) -> Markup:
        mark = " is-yours" if yours else ""
        line = (f'<p class="table-status__round">{escape(round_text)}</p>'
                if round_text else "")
        return Markup(f'<div class="table-status{mark}" data-role="status">\n'
                      f'    <p class="table-status__prompt">{escape(prompt)}</p>\n'
                      f"{line}  </div>")

    def count(self, n: Any, one: str, many: str) -> Markup:
        return Markup(f"{escape(n)} {escape(one if n == 1 else many)}")

    def summary(self, sm: Any) -> Markup:
        if not sm:
            return Markup("")
        macros = self.env.get_template("boards/_macros.html").make_module(
            {"names": self.names, "seat": self.seat})
        return Markup(str(macros.summary(sm)))
