"""Null Bock!'s board helpers in Python (card faces, labels, the hand's controls).

They were Jinja macros of `templates/boards/null-bock.html`; called for every card of
every board, they were most of an HTML move's cost. The output is byte-identical. A
face depends only on (card, class), so it is made once per process.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from markupsafe import Markup, escape

from app.web.kit import Kit


@lru_cache(maxsize=256)
def words(c: str) -> str:
    if c == "S0":
        return "Null Bock"
    if c[0] == "S":
        return f"{c[1:]} stag"
    if c.endswith("+"):
        return f"pretentious {c[1:-1]} doe"
    return f"{c[1:]} doe"


def face(c: str, cls: Any = "") -> Markup:
    return _face(c, str(cls or ""))  # `"x" if false` in a template is Undefined: ""


@lru_cache(maxsize=1024)
def _face(c: str, cls: str) -> Markup:
    k = escape(cls)
    if c == "S0":
        return Markup(f'<span class="card card--nullbock {k}" data-card="S0"><span class='
                      '"card__value card__value--zero"></span> <span class="card__kind">'
                      "Null Bock</span></span>")
    e = escape(c)
    if c[0] == "S":
        return Markup(f'<span class="card card--stag {k}" data-card="{e}"><span class='
                      f'"card__value">{escape(c[1:])}</span> <span class="card__kind">'
                      "stag</span></span>")
    if c.endswith("+"):
        return Markup(f'<span class="card card--doe card--pretentious {k}" data-card="{e}">'
                      '<span class="visually-hidden">pretentious </span><span class='
                      f'"card__value">{escape(c[1:-1])}<span aria-hidden="true">+</span>'
                      '</span> <span class="card__kind">doe</span></span>')
    return Markup(f'<span class="card card--doe {k}" data-card="{e}"><span class='
                  f'"card__value">{escape(c[1:])}</span> <span class="card__kind">doe'
                  "</span></span>")


class NullBockKit(Kit):
    """The generic kit plus this board's words; one per render (names, seat)."""

    __slots__ = ()

    words = staticmethod(words)
    face = staticmethod(face)

    def back(self, label: Any) -> Markup:
        return Markup(f'<span class="card card--back" role="img" aria-label="'
                      f'{escape(label)}"></span>')

    def fmt(self, text: str) -> Markup:
        for i, name in enumerate(self.names):
            text = text.replace(f"{{p{i}}}", name)
        return escape(text)

    def whose(self, e: int) -> Markup:
        return Markup("your") if e == self.seat else self.name(e) + "'s"

    def label(self, mv: dict[str, Any], edges: list[Any]) -> Markup:
        """The whole action, for the accessible name (and the text of a destination)."""
        card = escape(words(mv["card"]))
        if mv.get("type") == "edge":
            return Markup(f"Put the {card} on your Edge, face down")
        if mv.get("to") == "arena":
            return Markup(f"Play {card} into the Arena")
        old = edges[mv["edge"]]
        tail = (f" winning the {escape(words(old))}" if old[0] == "D"
                else f" taking the {escape(words(old))} into your hand")
        return Markup(f"Play {card} on {self.whose(mv['edge'])} Edge,{tail}")

    def hand(self, view: dict[str, Any], hand: list[str]) -> list[tuple[str, str, list[Any]]]:
        """Each card of the hand with its pick id ("D7-0": card and copy) and its moves."""
        by_card: dict[Any, list[Any]] = {}
        for mv in view.get("moves") or []:
            by_card.setdefault(mv.get("card"), []).append(mv)
        seen: dict[str, int] = {}
        out = []
        for c in hand:
            k = seen.get(c, 0)
            seen[c] = k + 1
            out.append((c, f"{c}-{k}", by_card.get(c, [])))
        return out

    def picks(self, cards: list[tuple[str, str, list[Any]]]) -> list[tuple[str, Any]]:
        """(pick id, move) for every destination of every card with several moves."""
        return [(pid, mv) for _c, pid, mvs in cards if len(mvs) > 1 for mv in mvs]

    def dests(self, picks: list[tuple[str, Any]], edges: list[Any], to: str,
              edge: int | None = None) -> Markup:
        return Markup("").join(
            self.dest(pid, mv, self.label(mv, edges)) for pid, mv in picks
            if mv.get("to") == to and (edge is None or mv.get("edge") == edge))
