"""The OPEN view on the four boards (issue 14): every seat's secret cards (hands,
harems, cellars) are drawn face up where the board draws that seat, and no control is."""

from __future__ import annotations

import random

import pytest

from app.games.base import OPEN, parse_options
from app.games.registry import GAMES
from app.web.render.board import render_board

SECRET_PLACES = ("hand", "harem", "cellar")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_open_board_shows_every_secret_card(game: str) -> None:
    rules, rng = GAMES[game], random.Random(7)
    players = max(rules.min_players, 3)
    state = rules.setup(players, parse_options(rules.Options, {}), 99)
    names = [f"P{i}" for i in range(players)]
    for step in range(12):  # a few moves in: hands are dealt and partly played
        seat = min(rules.to_act(state))
        state, _ = rules.apply(state, seat, rng.choice(list(rules.legal_moves(state, seat))))
        view = {**rules.view(state, OPEN), "moves": []}
        html = render_board(game, view, None, names)
        spectator = render_board(game, rules.view(state, None), None, names)
        secrets = [str(card) for mine in view["open"] for place in SECRET_PLACES
                   for card in (mine or {}).get(place) or []]
        for card in secrets:
            assert f'data-card="{card}"' in html, (step, card)
        assert 'class="move' not in html and 'class="pick' not in html
        assert (html != spectator) == bool(secrets), step
