"""The board partial renders every view of a seeded game, with each legal move once."""

from __future__ import annotations

import html
import json
import random
import re
from typing import Any

from jinja2 import Environment, FileSystemLoader

from app.games.base import parse_options
from app.games.registry import GAMES
from tests.games.null_bock.helpers import RULES, state_from

ENV = Environment(loader=FileSystemLoader("templates"), autoescape=True)
BOARD = ENV.get_template("boards/null-bock.html")
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def render(view: dict[str, Any], seat: int | None, names: list[str] = NAMES) -> str:
    return BOARD.render(view=view, seat=seat, names=names)


def canon(move: dict[str, Any]) -> str:
    return json.dumps(move, sort_keys=True)


def buttons(page: str) -> list[dict[str, Any]]:
    return [json.loads(html.unescape(m)) for m in re.findall(r"data-move='([^']*)'", page)]


def test_every_legal_move_is_one_button_through_a_seeded_game() -> None:
    rules = GAMES["null-bock"]
    rnd = random.Random(5)
    state = rules.setup(5, parse_options(rules.Options, {"rounds": 2}), 5)
    steps = 0
    while True:
        for seat in range(5):
            view = rules.view(state, seat)
            page = render(view, seat)
            assert sorted(map(canon, buttons(page))) == sorted(map(canon, view["moves"]))
            assert page.count('class="move') == len(view["moves"])
        spectator = render(rules.view(state, None), None)
        assert buttons(spectator) == [] and "<button" not in spectator
        assert "Your hand" not in spectator
        acting = sorted(rules.to_act(state))
        if not acting:
            break
        seat = rnd.choice(acting)
        state, _ = rules.apply(state, seat, rnd.choice(list(rules.legal_moves(state, seat))))
        steps += 1
    assert steps > 50 and "Game over" in spectator


def test_a_spectator_render_shows_no_private_card() -> None:
    a = state_from(
        ["D5 D7 S2", "D6 D8 S9", "D9 S3 S0"],
        "D11 S6 S7",
        arena="D5+ S8",
        owner=2,
        harems=["D13", "D6 S10", "D7+ S6"],
    )
    b = a.copy()
    b.hands = [["D6", "D9", "S10"], ["D15", "S4", "S5"], ["D1", "D2", "S0"]]
    b.harems = [["D3"], ["D4", "S2"], ["D1+", "S9"]]
    assert render(RULES.view(a, None), None) == render(RULES.view(b, None), None)
    own = render(RULES.view(a, 0), 0)
    assert 'data-card="D7"' in own and 'data-card="D13"' in own
    other = render(RULES.view(a, 1), 1)
    assert 'data-card="D7"' not in other and 'data-card="D13"' not in other


def test_cards_show_their_kind_and_value() -> None:
    state = state_from(["D5 D7+ S2 S0", "D6", "D9"], "D11 S6 S7", arena="D5", owner=2)
    page = render(RULES.view(state, 0), 0)
    assert '<span class="card card--doe card--pretentious" data-card="D7+"' in page
    assert 'class="card card--nullbock" data-card="S0"' in page
    assert 'class="card card--stag" data-card="S2"' in page
    assert ">2 stag<" in page and ">7+ doe<" in page
    assert "Your turn" in page


def test_names_are_escaped() -> None:
    state = state_from(["D5 S2", "D6", "D9"], "D11 S6 S7", arena="D5", owner=2)
    names = ["<script>x</script>", "B&B", "O'Neil"]
    page = render(RULES.view(state, 1), 1, names)
    assert "<script>x" not in page and "&lt;script&gt;x" in page
    assert "B&amp;B" in page
