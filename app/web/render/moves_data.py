"""The viewer's moves as data (docs/contracts.md §4): what a board's `mine` region puts in
its `data-moves` attribute for the controls that belong on the shared table, filled in by
the board's template and read by static/room/picks.js.

A template makes one with `moves_data()`, adds to it with `{% do %}`, and writes
`data-moves='{{ offer.data()|tojson }}'` on its `mine` root. Labels and words go in as
plain text (the client sets them as an accessible name and a text, never as HTML), so a
label the template made escaped (a name with "<" or "&" in it) is taken back to its text.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup


def _text(value: Any) -> str:
    """`value` as the plain text a person reads: a template's `Markup` without its tags
    and entities, anything else as it is."""
    if isinstance(value, Markup):
        return value.striptags()
    return str(value)


class MovesData:
    """`picks` (pick id -> where it is, its name and its destinations) and `at` (moves
    made by tapping a place with nothing picked), in the order the template adds them."""

    __slots__ = ("at", "picks")

    def __init__(self) -> None:
        self.picks: dict[str, dict[str, Any]] = {}
        self.at: list[dict[str, Any]] = []

    def pick(self, pick_id: Any, label: Any, at: str | None = None) -> None:
        """A pick: a card of `mine` (`at` None: its button is drawn there) or a place on
        the shared table the client makes a pick button of."""
        self.picks[str(pick_id)] = {"at": at, "label": _text(label), "dests": []}

    def dest(self, pick_id: Any, at: str, move: Any, label: Any, word: Any = "") -> None:
        """One destination of pick `pick_id`: the button at place `at` that makes `move`."""
        self.picks[str(pick_id)]["dests"].append(_dest(at, move, label, word))

    def tap(self, at: str, move: Any, label: Any, word: Any = "") -> None:
        """A move made by tapping place `at`, with nothing picked first."""
        self.at.append(_dest(at, move, label, word))

    def data(self) -> dict[str, Any]:
        return {"picks": self.picks, "at": self.at}


def _dest(at: str, move: Any, label: Any, word: Any) -> dict[str, Any]:
    out = {"at": at, "move": move, "label": _text(label)}
    if word:
        out["word"] = _text(word)
    return out


def moves_data() -> MovesData:
    """A template's empty `data-moves` (the environment's global of that name)."""
    return MovesData()
