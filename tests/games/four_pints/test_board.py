"""The board partial: every legal move is one button; spectators get none; escaping."""

from __future__ import annotations

import html
import json
import random
import re
from typing import Any

from jinja2 import Environment, FileSystemLoader

from tests.games.four_pints.table import RULES, reveal, state_from

ENV = Environment(loader=FileSystemLoader("templates"), autoescape=True)
TEMPLATE = ENV.get_template("boards/four-pints-please.html")
NAMES = ["<b>Ann</b>", "Bob & Co", "Cy'", "Di", "Ed", "Flo"]
MOVE = re.compile(r"data-move='([^']*)'")


def render(state: Any, seat: int | None, names: list[str] = NAMES) -> str:
    return TEMPLATE.render(view=RULES.view(state, seat), seat=seat, names=names)


def buttons(out: str) -> list[Any]:
    return [json.loads(html.unescape(m)) for m in MOVE.findall(out)]


def test_every_legal_move_is_one_button_through_random_games() -> None:
    for players, seed in [(2, 1), (3, 2), (6, 3)]:
        rnd = random.Random(seed)
        s = RULES.setup(players, RULES.Options(), seed)
        while True:
            for seat in [*range(players), None]:
                out = render(s, seat)
                moves = list(RULES.legal_moves(s, seat)) if seat is not None else []
                found = buttons(out)
                assert len(found) == len(moves) and all(m in found for m in moves)
                assert out.count('class="move') == len(moves)
                assert "<b>Ann" not in out
            if not RULES.to_act(s):
                break
            s, _ = RULES.apply(s, s.active, rnd.choice(list(RULES.legal_moves(s, s.active))))
        assert "Game over" in render(s, None)


def test_choices_sit_on_the_pints_and_in_the_friends_area() -> None:
    s = reveal(state_from(buying=["Elbow a pint"], pints={1: ["Stout", "Stout"], 2: ["IPA"]}))
    out = render(s, 0)
    assert "Elbow the Stout" in out and "Elbow the IPA" in out and len(buttons(out)) == 2
    s = state_from(purse=["£5", "£5"], play=["On me!"])
    s, _ = RULES.apply(s, 0, {"type": "buy", "pints": ["Red Ale", "Lager"], "pay": "money"})
    out = render(s, 0)
    assert "Give the Lager to Bob &amp; Co" in out and len(buttons(out)) == 4


def test_buy_buttons_show_the_price() -> None:
    s = state_from(purse=["£5", "£2"], play=["Happy Hour"])
    out = render(s, 0)
    assert "Buy Stout + Lager for £7" in out


def test_the_spectator_sees_no_buttons_and_no_deck_order() -> None:
    a = state_from(buying=["£5", "Smoke"], beer=["IPA", "Lager"], purse=["£3"])
    b = state_from(buying=["Smoke", "£5"], beer=["Lager", "IPA"], purse=["£3"])
    assert buttons(render(a, None)) == []
    assert render(a, None) == render(b, None)
    assert render(a, 1) == render(b, 1)


def test_names_are_escaped() -> None:
    s = state_from(purse=["£3"])
    out = render(s, 1)
    assert "&lt;b&gt;Ann&lt;/b&gt;" in out and "<b>Ann</b>" not in out
    assert "&amp;lt;" not in out  # not escaped twice
