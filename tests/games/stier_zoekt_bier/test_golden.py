"""Golden views: what every seat and a spectator see at each step of one seeded game.

Per step the file holds the spectator's view in full (less the constant `bull_info`) and,
for each seat, the keys whose values differ from the spectator's (so every seat's whole
view is pinned, compactly), and the log lines each viewer gets.

Regenerate after an intended change with `UPDATE_GOLDEN=1 pytest tests/games/stier_zoekt_bier`,
then read the diff: a change here is a change in what players see.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

from app.games.base import parse_options
from app.games.registry import GAMES

GOLDEN = Path(__file__).parent / "golden" / "3p-seed7.json"
PLAYERS = 3
OPTIONS: dict[str, Any] = {}
SEED = 7


def record() -> list[dict[str, Any]]:
    rules = GAMES["stier-zoekt-bier"]
    rnd = random.Random(SEED)
    state = rules.setup(PLAYERS, parse_options(rules.Options, OPTIONS), SEED)
    steps: list[dict[str, Any]] = []
    move: dict[str, Any] | None = None
    seat: int | None = None
    events: list[Any] = []
    while True:
        spectator = {k: v for k, v in rules.view(state, None).items() if k != "bull_info"}
        views: dict[str, Any] = {"spectator": spectator}
        for s in range(PLAYERS):
            view = rules.view(state, s)
            assert view["bull_info"] == rules.view(state, None)["bull_info"]
            views[str(s)] = {k: v for k, v in view.items()
                             if k != "bull_info" and v != spectator[k]}
        log = {
            key: [e.text for e in events if e.visible_to(None if key == "spectator" else int(key))]
            for key in views
        }
        steps.append({"seat": seat, "move": move, "log": log, "views": views})
        acting = sorted(rules.to_act(state))
        if not acting:
            return steps
        seat = rnd.choice(acting)
        move = rnd.choice(list(rules.legal_moves(state, seat)))
        state, events = rules.apply(state, seat, move)


def dump(steps: list[dict[str, Any]]) -> str:
    """One line per step and viewer, so a diff shows who sees what change."""

    def line(data: Any) -> str:
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    blocks = []
    for step in steps:
        head = line({"seat": step["seat"], "move": step["move"], "log": step["log"]})
        views = ",\n".join(f"  {line(k)}:{line(v)}" for k, v in step["views"].items())
        blocks.append(f'{{"step":{head},\n "views":{{\n{views}}}}}')
    return "[\n" + ",\n".join(blocks) + "\n]\n"


def test_golden_views() -> None:
    text = dump(record())
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text)
    assert GOLDEN.exists(), "run with UPDATE_GOLDEN=1 to create the golden file"
    assert text == GOLDEN.read_text(), "views changed; check and regenerate with UPDATE_GOLDEN=1"
