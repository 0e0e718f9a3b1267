"""Jinja2 rendering of boards from views: the one place a view becomes HTML.

The same partial (`templates/boards/<game-id>.html`) renders the first page load and
every live update. A board sees only the viewer's view, never a game state.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


@lru_cache(maxsize=1)
def environment() -> Environment:
    return Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render_board(game_id: str, view: dict[str, Any], seat: int | None, names: list[str]) -> str:
    """The board HTML for one viewer."""
    env = environment()
    name = f"boards/{game_id}.html"
    if name not in env.list_templates():
        name = "boards/_generic.html"
    return env.get_template(name).render(view=view, seat=seat, names=names)
