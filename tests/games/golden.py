"""Golden views (OpenSpiel's playthroughs): what every seat and a spectator see at each
step of one seeded game, pinned in a file per game.

Per step the file holds the spectator's view in full (less `constant` keys, the same for
everyone and every step) and, for each seat, the keys whose values differ from the
spectator's (so every seat's whole view is pinned, compactly), and the log lines each
viewer gets. Regenerate after an intended change with `UPDATE_GOLDEN=1 pytest
tests/games/<game>`, then read the diff: a change there is a change in what players see.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

from app.games.base import parse_options
from app.games.registry import GAMES


def record(game_id: str, players: int, options: dict[str, Any], seed: int,
           constant: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    rules = GAMES[game_id]
    rnd = random.Random(seed)
    state = rules.setup(players, parse_options(rules.Options, options), seed)
    steps: list[dict[str, Any]] = []
    move: dict[str, Any] | None = None
    seat: int | None = None
    events: list[Any] = []
    while True:
        full = rules.view(state, None)
        spectator = {k: v for k, v in full.items() if k not in constant}
        views: dict[str, Any] = {"spectator": spectator}
        for s in range(players):
            view = rules.view(state, s)
            assert all(view[k] == full[k] for k in constant), "a constant key differs"
            views[str(s)] = {k: v for k, v in view.items()
                             if k not in constant and v != spectator[k]}
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


def check(golden: Path, steps: list[dict[str, Any]]) -> None:
    text = dump(steps)
    if os.environ.get("UPDATE_GOLDEN"):
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(text)
    assert golden.exists(), "run with UPDATE_GOLDEN=1 to create the golden file"
    assert text == golden.read_text(), "views changed; check and regenerate with UPDATE_GOLDEN=1"
