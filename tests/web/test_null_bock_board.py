"""Null Bock!'s board put together from kept regions (app/web/null_bock_board.py): what
this module keeps beyond the regions that test_pieces.py checks."""

from __future__ import annotations

from app.games.registry import GAMES
from app.web.memo import FRAGMENTS
from app.web.render import board_of
from tests.web.test_boards import NAMES, played, players
from tests.web.test_pieces import pieces_of


def test_a_kept_round_summary_is_its_viewers_own_and_never_stale() -> None:
    """A round's summary stays on the board for a few versions and is kept by its
    viewer and what it says: over a seeded game's versions with a summary, each seat's
    and the spectator's summary from the warm cache is the one drawn from an empty cache;
    a seat's summary marks its own row, so no two viewers get the same string."""
    rules = GAMES["null-bock"]
    n = players("null-bock")
    names = NAMES[:n]
    viewers: list[int | None] = [*range(n), None]
    FRAGMENTS.clear()
    summaries = 0
    for state, _over in played("null-bock", 5):
        views = {v: rules.view(state, v) for v in viewers}
        if not views[None].get("summary"):
            continue
        summaries += 1
        pieces = pieces_of(views[None])
        warm = {v: board_of("null-bock", views[v], v, names, "en", pieces) for v in viewers}
        saved = FRAGMENTS.entries()
        for v in viewers:
            FRAGMENTS.clear()
            cold = board_of("null-bock", views[v], v, names, "en")
            assert warm[v].html == cold.html, v
        FRAGMENTS.load(saved)  # go on with the warm cache: the next version hits it
        shown = [dict(zip(b.names, b.texts, strict=True))["summary"] for b in warm.values()]
        assert len(set(shown)) == len(viewers)  # each viewer's own "is-you" row
        assert sum("is-you" in s for s in shown) == n  # (the spectator has none)
    assert summaries > 2  # a summary seen over several versions: kept, then hit
    assert FRAGMENTS.hits > 0
