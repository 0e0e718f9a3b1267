"""The JSON `view` message: its fields in the wire's order, int keys written as strings
(as json.dumps writes them), made once per (frame, log position)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.games.base import Event
from app.rooms.live import Frame
from app.web.socket.messages import state_text

# the room's events, and the lines the web layer phrases from them
MOVES = [(4 + n, [Event("play", f"{{p0}} plays {n}.")]) for n in range(3)]
LOG = [{"kind": "play", "text": f"Ann plays {n}.", "parts": [["Ann", 0], [f" plays {n}.", None]]}
       for n in range(3)]


def frame(view: dict[str, Any]) -> Frame:
    return Frame(version=7, game_no=2, seat=1, status="playing", names=["Ann", "Bob"],
                 view=view, outcome=None, moves=MOVES, move_count=3, rules_id="toy",
                 timers={"deadlines": {"0": 123}, "away": [1]})


@pytest.mark.parametrize("view", [
    {"hand": ["D7", "S6"], "to_act": [1], "outcome": None, "ü": "ß"},
    {"scores": {0: 3, 1: 5}, "nested": [{2: "x"}]},  # int keys: written as strings
])
def test_the_view_message_is_the_wire_text(view: dict[str, Any]) -> None:
    text = state_text(frame(view), False, 1, False)
    expected = {"type": "view", "version": 7, "game_no": 2, "seat": 1, "status": "playing",
                "names": ["Ann", "Bob"], "outcome": None, "log": LOG[1:], "log_start": 1,
                "log_reset": False, "timers": {"deadlines": {"0": 123}, "away": [1]},
                "view": view}
    assert text == json.dumps(expected, separators=(",", ":"), ensure_ascii=False).encode()


def test_a_message_is_made_once_per_log_position() -> None:
    made = frame({"hand": []})
    assert state_text(made, False, 0, True) is state_text(made, False, 0, True)
    assert json.loads(state_text(made, False, 2, False))["log"] == LOG[2:]
