"""The board partial: every legal move once as a button, nothing private for others."""

from __future__ import annotations

import html
import json
import random
import re

from jinja2 import Environment, FileSystemLoader

from app.games.bullenparty.state import State
from tests.games.bullenparty.helpers import RULES

ENV = Environment(loader=FileSystemLoader("templates"), autoescape=True)
NAMES = ["Ann", "<b>Bo</b>", "Cy & Di", "Ed", "Flo"]
BUTTON = re.compile(r"<button type=\"button\" class=\"move\" data-move='([^']*)'>")


def render(state: State, seat: int | None) -> str:
    view = RULES.view(state, seat)
    return ENV.get_template("boards/bullenparty.html").render(
        view=view, seat=seat, names=NAMES[: state.players]
    )


def buttons(out: str) -> list[dict[str, object]]:
    return [json.loads(html.unescape(m)) for m in BUTTON.findall(out)]


def private_cards(state: State, seat: int | None) -> set[str]:
    """Cards `seat` must not see: other hands, drafts, unplayed zero letters."""
    hidden: set[str] = set()
    for s, player in enumerate(state.seats):
        if s == seat:
            continue
        hidden.update(str(c) for c in player.hand)
        hidden.update(str(c) for c in player.draft_hand or [])
        if not player.zero_known:
            hidden.add(f"0{player.zero}")
    # (not the draw pile: after a reshuffle it holds cards everybody saw as bids)
    hidden.update(str(c) for c in state.removed)
    hidden.update(f"0{z}" for z in state.zeros_out)
    return hidden


def check(state: State) -> None:
    for seat in [*range(state.players), None]:
        out = render(state, seat)
        moves = list(RULES.legal_moves(state, seat)) if seat is not None else []
        found = buttons(out)
        assert len(found) == len(moves) and all(found.count(m) == 1 for m in moves)
        shown = set(re.findall(r'data-card="([^"]+)"', out))
        assert not shown & private_cards(state, seat), (seat, shown & private_cards(state, seat))
        assert "<b>Bo</b>" not in out and "&lt;b&gt;Bo&lt;/b&gt;" in out


def test_board_through_seeded_games() -> None:
    for players, seed in [(2, 1), (3, 2), (4, 3), (5, 4)]:
        rnd = random.Random(seed)
        state = RULES.setup(players, RULES.Options(), seed)
        phases = set()
        while RULES.to_act(state):
            check(state)
            phases.add(state.phase)
            seat = rnd.choice(sorted(RULES.to_act(state)))
            state, _ = RULES.apply(state, seat, rnd.choice(list(RULES.legal_moves(state, seat))))
        check(state)
        assert {"bid", "take", "reduce", "final"} <= phases
        assert "Game over" in render(state, None)


def test_spectator_board_has_no_buttons() -> None:
    state = RULES.setup(3, RULES.Options(), 9)
    out = render(state, None)
    assert 'class="move"' not in out
    assert "Waiting for bids from" in out
