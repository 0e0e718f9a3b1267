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
