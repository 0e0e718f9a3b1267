"""The load client of `make bench` (bench/load.py) moves as a page does: from a board it
offers exactly the viewer's legal moves (once per control), read from what the page has (the `.move`
buttons of `mine` and its `data-moves`), the same way for every game, and it keeps
`mine` from a regions message as the browser keeps its board."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from app.games.base import parse_options
from app.games.registry import GAMES
from app.web.render.board import board_of
from bench.load import BoardMoves

NAMES = ["Ann <b>", "Bo & Co", "Cy", "Dee"]


def canon(move: Any) -> str:
    return json.dumps(move, sort_keys=True)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_board_offers_the_load_client_its_viewers_moves(game_id: str) -> None:
    rules = GAMES[game_id]
    rng = random.Random(7)
    state = rules.setup(4, parse_options(rules.Options, {}), 7)
    acted = 0
    for _ in range(60):
        acting = sorted(rules.to_act(state))
        if not acting:
            break
        for seat in range(4):
            view = rules.view(state, seat)
            board = BoardMoves()
            board.take({"type": "board", "html": board_of(game_id, view, seat, NAMES).html})
            # (once per control: a card held twice is two)
            offered = {canon(json.loads(text)) for text in board.moves()}
            assert offered == {canon(m) for m in view["moves"]}, (game_id, seat)
            acted += bool(offered)
        seat = rng.choice(acting)
        state, _ = rules.apply(state, seat, rng.choice(list(rules.legal_moves(state, seat))))
    assert acted >= 30


def test_a_regions_message_replaces_mine_and_keeps_it_otherwise() -> None:
    rules = GAMES["null-bock"]
    state = rules.setup(4, parse_options(rules.Options, {}), 1)
    seat = sorted(rules.to_act(state))[0]
    first = board_of("null-bock", rules.view(state, seat), seat, NAMES)
    board = BoardMoves()
    board.take({"type": "board", "html": first.html})
    assert board.moves()
    board.take({"type": "board", "regions": {"status": "<div data-region=\"status\"></div>"},
                "base": 1})
    assert board.moves()  # mine unchanged
    board.take({"type": "board", "regions": {"mine": '<section data-region="mine"></section>'},
                "base": 2})
    assert board.moves() == []
