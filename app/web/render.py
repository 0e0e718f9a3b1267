"""Jinja2 rendering of boards from views: the one place a view becomes HTML.

The same partial (`templates/boards/<game-id>.html`) renders the first page load and
every live update. A board sees only the viewer's view, never a game state. When the
view carries an outcome and no `summary` of its own (docs/contracts.md §1), the final
scores (`boards/_outcome.html`) follow the board; with a final summary, the board's
`m.summary` is the display (added here if a board leaves it out). So there is one
result display, and a live update that ends the game shows it without a reload. A
hidden `.board-turn` tells the page shell who must act (header, seat list, title dot).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

from app.web.kit import Kit
from app.web.kit_null_bock import NullBockKit

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
# A board's Python helpers (`kit` in its template): the generic kit unless it has its own.
KITS: dict[str, type[Kit]] = {"null-bock": NullBockKit}


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


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = ViewEnvironment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["move_label"] = move_label
    return env


def move_label(move: dict[str, Any]) -> str:
    """A plain label for a move a board has no words for: "play D7+ arena"."""
    parts = [str(move.get("type", "move"))]
    parts += [str(v) for k, v in move.items() if k != "type"]
    return " ".join(parts)


@lru_cache(maxsize=64)
def board_template(game_id: str) -> str:
    """The partial that draws `game_id`'s board: its own, or the generic fallback."""
    name = f"boards/{game_id}.html"
    if name not in environment().list_templates():
        name = "boards/_generic.html"
    return name


def render_board(game_id: str, view: dict[str, Any], seat: int | None, names: list[str]) -> str:
    """The board HTML for one viewer."""
    env = environment()
    kit = KITS.get(game_id, Kit)(env, names, seat)
    board = env.get_template(board_template(game_id)).render(
        view=view, seat=seat, names=names, kit=kit)
    to_act = " ".join(str(int(s)) for s in view.get("to_act") or [])
    turn = f'<div class="board-turn" hidden data-to-act="{to_act}"></div>'
    summary = view.get("summary") or {}
    if summary.get("final"):
        if "summary--final" not in board:  # a board that forgot m.summary: still one display
            macros = env.get_template("boards/_macros.html").make_module(
                {"names": names, "seat": seat})
            board += str(macros.summary(summary))
        return board + turn
    if not view.get("outcome"):
        return board + turn
    result = env.get_template("boards/_outcome.html").render(
        rows=outcome_rows(view["outcome"], names), seat=seat
    )
    return board + result + turn


def outcome_rows(outcome: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """One row per seat, best rank first: seat, name, score, rank, winner."""
    winners = set(outcome.get("winners", []))
    rows = [
        {
            "seat": s,
            "name": names[s] if s < len(names) else f"Seat {s + 1}",
            "score": score,
            "rank": outcome["ranks"][s],
            "winner": s in winners,
        }
        for s, score in enumerate(outcome["scores"])
    ]
    return sorted(rows, key=lambda r: (r["rank"], r["seat"]))
