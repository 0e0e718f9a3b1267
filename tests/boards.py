"""A board's controls as a browser has them (docs/contracts.md §4): the buttons the server
drew in the viewer's own region, and those static/room/picks.js makes from its
`data-moves` (a move on a place, a pick on a place, and each pick's destinations), so a
test can hold a board to its view's moves without a browser."""

from __future__ import annotations

import html
import json
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

BUTTON = re.compile(r"<button\b([^>]*)>(.*?)</button>", re.S)
ATTR = re.compile(r"""([\w-]+)=(?:"([^"]*)"|'([^']*)')""")
PLACE = re.compile(r'data-place="([^"]*)"')
DATA_MOVES = re.compile(r"data-moves='([^']*)'")


def attrs(tag: str) -> dict[str, str]:
    return {k: html.unescape(a if a or not b else b) for k, a, b in ATTR.findall(tag)}


def canon(move: Any) -> str:
    return json.dumps(move, sort_keys=True)


@dataclass(frozen=True)
class Control:
    """One control: `kind` "move" (a button the server drew), "pick" (a pick button, the
    server's or one the client puts on `place`), "at" (a move on `place`, no pick first)
    or "dest" (a destination of pick `pick` on `place`); `label` is its accessible name,
    `face` the card it shows (a server button's `data-card`), `word` a made button's text."""

    kind: str
    label: str
    move: Any = None
    pick: str | None = None
    place: str | None = None
    face: str | None = None
    word: str = ""


def moves_data(page: str) -> dict[str, Any] | None:
    """The `data-moves` of the board's `mine`, or None (a spectator's board)."""
    found = DATA_MOVES.findall(page)
    assert len(found) <= 1, "more than one data-moves"
    return json.loads(html.unescape(found[0])) if found else None


def places(page: str) -> Counter[str]:
    return Counter(PLACE.findall(page))


def controls(page: str) -> list[Control]:
    """Every control of `page` a person may use (a made pick's destinations included)."""
    out = []
    for tag, content in BUTTON.findall(page):
        a = attrs(tag)
        label = a.get("aria-label") or html.unescape(re.sub(r"<[^>]+>", "", content)).strip()
        face = re.search(r'data-card="([^"]*)"', content)
        card = face.group(1) if face else None
        classes = a.get("class", "").split()
        if "move" in classes:
            out.append(Control("move", label, json.loads(a["data-move"]), face=card))
        elif "pick" in classes:
            out.append(Control("pick", label, pick=a["data-pick"], face=card))
    data = moves_data(page) or {"picks": {}, "at": []}
    for dest in data["at"]:
        out.append(Control("at", dest["label"], dest["move"], place=dest["at"],
                           word=dest.get("word", "")))
    for pick_id, pick in data["picks"].items():
        if pick["at"] is not None:
            out.append(Control("pick", pick["label"], pick=pick_id, place=pick["at"]))
        for dest in pick["dests"]:
            out.append(Control("dest", dest["label"], dest["move"], pick=pick_id,
                               place=dest["at"], word=dest.get("word", "")))
    return out


def moves_of(page: str) -> list[str]:
    """The moves `page` offers, canonical, once per control that makes one."""
    return [canon(c.move) for c in controls(page) if c.move is not None]


def dests_at(page: str, place: str, pick: str | None = None) -> list[str]:
    """The labels of the destinations on `place` (of pick `pick`, or of any)."""
    return [c.label for c in controls(page)
            if c.kind == "dest" and c.place == place and (pick is None or c.pick == pick)]


def problems(page: str, moves: list[Any]) -> list[str]:
    """What breaks docs/contracts.md §4 in `page`, whose viewer's legal moves are `moves`:
    every listed move offered, nothing else; each move once per copy of what it moves
    (one kind of control, never twice on one place or under one pick); every place and
    pick it names on the board, every pick of `mine` in its data; every control named."""
    found = []
    offered = controls(page)
    legal = {canon(m) for m in moves}
    got = {canon(c.move) for c in offered if c.move is not None}
    if got != legal:
        found.append(f"offered {sorted(got - legal)} not listed; listed {sorted(legal - got)} "
                     "not offered")
    by_move: dict[str, list[Control]] = {}
    for c in offered:
        if c.move is not None:
            by_move.setdefault(canon(c.move), []).append(c)
    for move, made in by_move.items():
        kinds = {c.kind for c in made}
        if len(kinds) > 1:
            found.append(f"{move} is offered as {sorted(kinds)}")
        where = [(c.kind, c.place, c.pick) for c in made if c.kind != "move"]
        if len(where) != len(set(where)):
            found.append(f"{move} twice in one place or pick")
        faces = [c.face for c in made if c.kind == "move"]
        if len(faces) > 1 and (None in faces or len(set(faces)) > 1):
            found.append(f"{move} on {len(faces)} buttons that are not copies of one card")
    on_board = places(page)
    data = moves_data(page) or {"picks": {}, "at": []}
    for c in offered:
        if not c.label.strip():
            found.append(f"a {c.kind} without a name")
        if c.place is not None and on_board[c.place] != 1:
            found.append(f"{c.kind} {c.label!r} at place {c.place!r}, found {on_board[c.place]}")
    buttons = {c.pick for c in offered if c.kind == "pick" and c.place is None}
    for pick_id, pick in data["picks"].items():
        if pick["at"] is None and pick_id not in buttons:
            found.append(f"pick {pick_id} has no button in mine")
        if not pick["dests"]:
            found.append(f"pick {pick_id} has no destination")
    for pick_id in buttons - set(data["picks"]):
        found.append(f"pick button {pick_id} is not in data-moves")
    return found
