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


def test_an_english_boards_panels_and_own_cards_are_ascii_in_play() -> None:
    """The regions made again each version (the other players' panels) or each move (the
    cards of the seat to act) are ASCII in English once the Edges are chosen (their
    separator is written `&middot;`), so orjson copies them into each message without
    a UTF-8 conversion; the browser reads the entity as the same character."""
    rules = GAMES["null-bock"]
    n = players("null-bock")
    names = ["Ann", "Bo", "Cy", "Dee"][:n]
    checked = 0
    for state, _over in played("null-bock", 7):
        spectator = rules.view(state, None)
        if spectator["phase"] != "play":
            continue
        for seat in range(n):
            board = board_of("null-bock", rules.view(state, seat), seat, names, "en",
                             pieces_of(spectator))
            for name, text in zip(board.names, board.texts, strict=True):
                if name.startswith("opponent-") or name == "mine":
                    assert text.isascii(), (name, [c for c in text if not c.isascii()])
                    checked += "&middot;" in text
    assert checked > 0
