"""Board pieces shared by the viewers of one version (app/web/pieces.py): a board drawn
with the version's pieces is the board drawn alone, whichever viewer drew them first;
the pieces are made from the spectator's view, so they hold none of a seat's secrets."""

from __future__ import annotations

from itertools import islice
from typing import Any

import pytest

from app.games.registry import GAMES
from app.i18n import LANGUAGES
from app.web.memo import FRAGMENTS, freeze
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
            made.append({k: "".join(p) if isinstance(p, list) else str(p)
                         for k, p in pieces.items()
                         if isinstance(k, tuple) and k[0] != "public"})
        assert made[0] == made[1]  # the same pieces, whoever drew first
        shared_some = shared_some or bool(made[0])
        public = str(views[None])
        secrets = {c for v in range(n) for c in secret_cards(views[v].get("mine"))
                   if f"'{c}'" not in public}
        for piece in made[0].values():
            assert not secrets & set(CARD.findall(piece))
            assert "data-pick-for" not in piece  # a viewer's destinations go in its hole
    assert shared_some  # every board shares its panels at least


def test_without_a_spectators_view_nothing_is_shared() -> None:
    rules = GAMES["null-bock"]
    state, _ = next(played("null-bock", 3))
    view = rules.view(state, 0)
    pieces: dict[Any, Any] = {"public": lambda: None}
    board = render_board("null-bock", view, 0, NAMES[:players("null-bock")], "en", pieces)
    assert board == render_board("null-bock", view, 0, NAMES[:players("null-bock")], "en")
    assert [k for k in pieces if k != "public" and k[0] != "public"] == []


@pytest.mark.parametrize("game_id", sorted(set(GAMES) - {"null-bock"}))
def test_a_view_unlike_the_spectators_but_for_its_own_keys_shares_nothing(game_id: str
                                                                         ) -> None:
    """A board template draws its shared regions from the viewer's own view, so a view
    that differs from the spectator's anywhere but `mine` and `moves` adds no piece."""
    rules = GAMES[game_id]
    n = players(game_id)

    def shares(view: dict[str, Any], seat: int, public: dict[str, Any]) -> bool:
        pieces = pieces_of(public)
        render_board(game_id, view, seat, NAMES[:n], "en", pieces)
        return [k for k in pieces if k != "public" and k[0] != "public"] != []

    tried = 0
    for state, _over in islice(played(game_id, 4), 0, 40, 3):
        public = rules.view(state, None)
        for seat in range(n):
            view = rules.view(state, seat)
            if shares(view, seat, public):  # it would: now a view unlike the public one
                tried += 1
                assert not shares({**view, "to_act": [*public["to_act"], 99]}, seat, public)
    assert tried


def test_null_bock_regions_kept_across_versions_are_never_stale() -> None:
    """Null Bock!'s board is put together from regions kept by their inputs across
    versions (app/web/null_bock_board.py): over a seeded game, version after version as
    a live room draws them (every seat and a spectator, every language, the version's
    pieces shared), each board is the board its viewer draws alone from an empty cache."""
    rules = GAMES["null-bock"]
    n = players("null-bock")
    names = NAMES[:n]
    viewers: list[int | None] = [*range(n), None]
    FRAGMENTS.clear()
    kept_before = 0
    for state, _over in islice(played("null-bock", 5), 0, 40):
        views = {v: rules.view(state, v) for v in viewers}
        for lang in LANGUAGES:
            pieces = pieces_of(views[None])
            warm = {v: render_board("null-bock", views[v], v, names, lang, pieces)
                    for v in viewers}
            kept_before = max(kept_before, len(FRAGMENTS))
            saved = FRAGMENTS.entries()
            for v in viewers:
                FRAGMENTS.clear()
                assert render_board("null-bock", views[v], v, names, lang) == warm[v], (lang, v)
            FRAGMENTS.load(saved)  # go on with the warm cache
    assert FRAGMENTS.hits > 0 and kept_before > 0


def test_a_kept_region_with_a_seats_cards_is_keyed_by_that_seat_or_those_cards() -> None:
    """A region kept across versions that shows one seat's hidden cards is keyed by the
    viewer (names and seat) or made of nothing but those cards (a card's control: keyed
    by its move and what its label reads of the viewer): it can only be served to a
    board that shows the same cards and would draw the same string."""
    rules = GAMES["null-bock"]
    n = players("null-bock")
    names = NAMES[:n]
    for state, _over in islice(played("null-bock", 9), 0, 30):
        spectator = rules.view(state, None)
        public = str(spectator)
        for seat in range(n):
            view = rules.view(state, seat)
            secrets = {c for c in secret_cards(view["mine"]) if f"'{c}'" not in public}
            if not secrets:
                continue
            viewer = freeze([names, seat])
            FRAGMENTS.clear()  # only this board's regions
            render_board("null-bock", view, seat, names, "en", pieces_of(spectator))
            for key, text in FRAGMENTS.entries().items():
                shown = secrets & set(CARD.findall(str(text)))
                if shown and isinstance(key, tuple) and isinstance(key[0], str):
                    if key[0] in ("nb-card", "nb-dest"):
                        # a card's control reads the viewer as its label does (the names,
                        # "your Edge"): keyed by the move, so by every card it shows
                        assert all(f"'{c}'" in repr(key) or f'"{c}"' in repr(key)
                                   for c in shown), key
                        continue
                    assert viewer in key or key[0] in ("nb-hand", "nb-faces", "nb-harem",
                                                   "nb-medge"), key
