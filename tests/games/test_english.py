"""The games say exactly what they said before their sentences moved into the phrases
modules: every event's text, every viewer's view (`last`, summaries, status words and
all the rest) and every refusal of seeded random games, against the recording
(tests/games/english.py). A state's JSON and an event's `data` are recorded too but not
held here: they may gain or lose what no text is made of."""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.games.registry import GAMES
from tests.games.english import TEXTS, path, recording

HELD = ("events", "views", "refusals")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_text_is_as_recorded(game_id: str) -> None:
    recorded: dict[str, Any] = json.loads(path(game_id).read_text())
    now = recording(game_id)
    changed = [f"{run['players']} players, {run['options']}, seed {run['seed']}: {kind}"
               for run, then in zip(now["runs"], recorded["runs"], strict=True)
               for kind in HELD if run[kind] != then[kind]]
    texts = {kind: (sorted(set(recorded[kind]) - set(now[kind])),
                    sorted(set(now[kind]) - set(recorded[kind]))) for kind in TEXTS}
    assert not changed, f"changed: {changed}\n(recorded, now) texts: {texts}"
