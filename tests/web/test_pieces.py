"""Board pieces shared by the viewers of one version (app/web/pieces.py): a board drawn
with the version's pieces is the board drawn alone, whichever viewer drew them first;
the pieces are made from the spectator's view, so they hold none of a seat's secrets."""

from __future__ import annotations

from itertools import islice
from typing import Any

import pytest

from app.games.registry import GAMES
from app.web.memo import FRAGMENTS
from app.web.render import render_board
from tests.web.test_boards import NAMES, played, players
from tests.web.test_memo import CARD, secret_cards


def pieces_of(public: dict[str, Any]) -> dict[Any, Any]:
    return {"public": lambda: public}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_shared_pieces_draw_the_boards_drawn_alone_and_carry_no_secret(game_id: str) -> None:
    rules = GAMES[game_id]
    n = players(game_id)
    names = NAMES[:n]
    viewers: list[int | None] = [*range(n), None]
    shared_some = False
    for state, _over in islice(played(game_id, 11), 0, 80, 5):
        views = {v: rules.view(state, v) for v in viewers}
        alone = {v: render_board(game_id, views[v], v, names, "de") for v in viewers}
        made = []
        for order in (viewers, viewers[::-1]):  # seat 0 first, then the spectator first
            FRAGMENTS.clear()  # nothing from the other order's boards
            pieces = pieces_of(views[None])
            for v in order:
                assert render_board(game_id, views[v], v, names, "de", pieces) == alone[v]
            made.append({k: str(p) for k, p in pieces.items() if isinstance(k, tuple)
                         and k[0] != "public"})
        assert made[0] == made[1]  # the same pieces, whoever drew first
        shared_some = shared_some or bool(made[0])
        public = str(views[None])
        secrets = {c for v in range(n) for c in secret_cards(views[v].get("mine"))
                   if f"'{c}'" not in public}
        for piece in made[0].values():
            assert not secrets & set(CARD.findall(piece))
            assert "data-pick-for" not in piece  # a viewer's destinations go in its hole
    assert shared_some or game_id != "null-bock"  # Null Bock! shares its panels


def test_without_a_spectators_view_nothing_is_shared() -> None:
    rules = GAMES["null-bock"]
    state, _ = next(played("null-bock", 3))
    view = rules.view(state, 0)
    pieces: dict[Any, Any] = {"public": lambda: None}
    board = render_board("null-bock", view, 0, NAMES[:players("null-bock")], "en", pieces)
    assert board == render_board("null-bock", view, 0, NAMES[:players("null-bock")], "en")
    assert [k for k in pieces if k != "public" and k[0] != "public"] == []
