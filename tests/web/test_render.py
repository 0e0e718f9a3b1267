"""The board renderer: escaping and the move-button convention."""

from __future__ import annotations

import html
import json

from app.web.render import render_board


def test_generic_board_lists_moves_as_buttons_and_escapes() -> None:
    view = {"moves": [{"type": "play", "card": "<b>"}], "note": "<script>x</script>"}
    out = render_board("no-such-game", view, 0, ["Ann"])
    assert "<script>x" not in out
    assert out.count('class="move"') == 1
    start = out.index("data-move='") + len("data-move='")
    attr = html.unescape(out[start : out.index("'", start)])
    assert json.loads(attr) == {"type": "play", "card": "<b>"}


def test_final_scores_follow_the_board_best_first_and_escaped() -> None:
    view = {
        "moves": [],
        "outcome": {"scores": [3, 9, 9], "ranks": [3, 1, 1], "winners": [1, 2]},
    }
    out = render_board("no-such-game", view, 0, ["<Ann>", "Bo", "Cy"])
    assert "Final scores" in out
    assert "&lt;Ann&gt;" in out and "<Ann>" not in out
    assert out.index("Bo") < out.index("Cy") < out.index("&lt;Ann&gt;")
    assert out.count("is-winner") == 2


def test_no_final_scores_while_playing() -> None:
    out = render_board("no-such-game", {"moves": [], "outcome": None}, None, [])
    assert "Final scores" not in out
