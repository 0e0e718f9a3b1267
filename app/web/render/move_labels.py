"""A seat's moves by the names its own board gives them (docs/contracts.md §4): every
listed move is a `.move` button of `mine` (its aria-label, else its text) or a
destination or tap in `mine`'s `data-moves`, each with its label. The replay's advice
names a move so (app/web/advice.py): as the player's own button said it.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser
from typing import Any


def canon(move: Any) -> str:
    """A move as a key: its JSON with sorted keys."""
    return json.dumps(move, sort_keys=True)


class _Controls(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.labels: dict[str, str] = {}
        self._button: tuple[str, str | None] | None = None  # (its move, its aria-label)
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        data = found.get("data-moves")
        if data:
            self._take_data(json.loads(data))
        move = found.get("data-move")
        if tag == "button" and move and "move" in (found.get("class") or "").split():
            self._button, self._text = (canon(json.loads(move)), found.get("aria-label")), []

    def handle_data(self, data: str) -> None:
        if self._button is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "button" and self._button is not None:
            key, label = self._button
            self.labels.setdefault(key, label or " ".join("".join(self._text).split()))
            self._button = None

    def _take_data(self, data: dict[str, Any]) -> None:
        dests = list(data.get("at", []))
        for pick in data.get("picks", {}).values():
            dests += pick.get("dests", [])
        for dest in dests:
            self.labels.setdefault(canon(dest["move"]), dest["label"])


def move_labels(region: str) -> dict[str, str]:
    """canon(move) -> the accessible name of its control, for every move `region` (a
    board, or its `mine`) offers."""
    parser = _Controls()
    parser.feed(region)
    parser.close()
    return parser.labels
