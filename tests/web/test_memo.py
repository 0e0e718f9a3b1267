"""Board fragments shared between viewers (app/web/memo.py): a board drawn after other
seats' boards filled the cache is the board drawn from an empty cache, and it holds none
of another seat's secret cards."""

from __future__ import annotations

import json
import re
from itertools import islice

import pytest
from markupsafe import Markup

from app.games.base import OPEN
from app.games.registry import GAMES
from app.i18n import LANGUAGES
from app.web.memo import FRAGMENTS, Fragments, freeze
from app.web.render import render_board
from tests.web.test_boards import NAMES, played, players

CARD = re.compile(r'data-card="([^"]*)"')


def secret_cards(mine: object) -> set[str]:
    """Every string in a seat's `mine` (hand, cellar, secret choice, ...)."""
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(mine)
    return found


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_shared_fragment_never_carries_one_seats_secret_to_another(game_id: str) -> None:
    rules = GAMES[game_id]
    names = NAMES[: players(game_id)]
    viewers = [*range(players(game_id)), None, OPEN]
    for state, _over in islice(played(game_id, 7), 0, 60, 6):
        views = {v: rules.view(state, v) for v in viewers}
        for lang in LANGUAGES:
            FRAGMENTS.clear()
            warm = {v: render_board(game_id, views[v], v if isinstance(v, int) else None,
                                    names, lang) for v in viewers}
            assert FRAGMENTS.hits > 0  # the boards did share fragments
            for v in viewers:
                FRAGMENTS.clear()
                cold = render_board(game_id, views[v], v if isinstance(v, int) else None,
                                    names, lang)
                assert warm[v] == cold, (game_id, lang, v)
        # and none of seat 0's secret cards reaches seat 1's board, unless seat 1 sees it
        seen_by_1 = json.dumps(views[1])
        hidden = {c for c in secret_cards(views[0]["mine"]) if f'"{c}"' not in seen_by_1}
        assert not hidden & set(CARD.findall(warm[1]))


def test_keys_tell_apart_what_renders_differently() -> None:
    keys = [freeze(v) for v in (1, 1.0, True, "1", Markup("1"), [1], {"a": 1}, None, "")]
    assert len(set(keys)) == len(keys)
    assert freeze({"a": [1, "x"]}) == freeze({"a": [1, "x"]})


def test_the_fragment_cache_is_bounded_and_keeps_what_was_used_lately() -> None:
    cache = Fragments(size=4)  # two generations of two
    cache.put("a", "A")
    cache.put("b", "B")  # a, b: the old generation now
    assert cache.get("a") == "A"  # used again: back in the young one
    cache.put("c", "C")  # young full: a, c old, b dropped
    assert cache.get("b") is None
    assert cache.get("a") == "A" and cache.get("c") == "C"
    assert len(cache) <= 4
    for k in "defgh":
        cache.put(k, k.upper())
    assert len(cache) <= 4 and cache.get("h") == "H" and cache.get("a") is None
