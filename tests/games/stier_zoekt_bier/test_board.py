"""The board partial: every legal move is one button, spectators see no secret."""

from __future__ import annotations

import html
import json
import random
import re
from typing import Any

import pytest
from jinja2 import Environment, FileSystemLoader

from app.games.base import parse_options
from tests.games.stier_zoekt_bier.helpers import RULES
from tests.games.stier_zoekt_bier.test_views import _mutate_hidden

ENV = Environment(loader=FileSystemLoader("templates"), autoescape=True)
TEMPLATE = ENV.get_template("boards/stier-zoekt-bier.html")
NAMES = ["<b>Anton</b>", "Bas & co", "Charlotte", "Dirk", "Eva"]
MOVE = re.compile(r"<button type=\"button\" class=\"move\" data-move='([^']*)'>")


def render(state: Any, seat: int | None) -> str:
    return TEMPLATE.render(view=RULES.view(state, seat), seat=seat, names=NAMES)


def buttons(page: str) -> list[dict[str, Any]]:
    return [json.loads(html.unescape(raw)) for raw in MOVE.findall(page)]


@pytest.mark.parametrize(
    ("players", "options"),
    [(3, {}), (5, {"variant": "grand-cafe"})],
)
def test_every_legal_move_is_one_button_and_spectators_see_no_secret(
    players: int, options: dict[str, Any]
) -> None:
    rnd = random.Random(players)
    state = RULES.setup(players, parse_options(RULES.Options, options), players)
    step = 0
    while True:
        for s in [*range(players), None]:
            page = render(state, s)
            moves = list(RULES.legal_moves(state, s)) if s is not None else []
            found = buttons(page)
            assert len(found) == len(moves) and all(m in found for m in moves), (s, step)
            assert page.count('class="move"') == len(moves)
            assert "<b>Anton</b>" not in page and "&lt;b&gt;Anton&lt;/b&gt;" in page
        if step % 7 == 0:
            hidden = _mutate_hidden(state)
            assert render(hidden, None) == render(state, None)
            assert render(_mutate_hidden(state, only=1), 0) == render(state, 0)
        acting = sorted(RULES.to_act(state))
        if not acting:
            break
        s = rnd.choice(acting)
        state, _ = RULES.apply(state, s, rnd.choice(RULES.legal_moves(state, s)))
        step += 1
    final = render(state, None)
    assert "The game is over." in final and "winner" in final


def test_the_spectator_board_has_no_buttons_and_no_hand() -> None:
    state = RULES.setup(4, RULES.Options(), 1)
    page = render(state, None)
    assert 'class="move"' not in page and "Draft hand" not in page
    assert "Draft hand" in render(state, 0)
