"""The games say exactly what they said before their sentences moved into the phrases
modules: every event's text, every viewer's view (`last`, summaries, status words and
all the rest) and every refusal of seeded random games, against the recording
(tests/games/english.py). A state's JSON and an event's `data` are recorded too but not
held here: they may gain or lose what no text is made of."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from app.games.registry import GAMES
from tests.games.english import TEXTS, path, run, runs, shape

HELD = ("events", "views", "refusals")


@cache
def recorded(game_id: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path(game_id).read_text())
    return data


def cases() -> list[Any]:
    return [pytest.param(game_id, i, id=f"{game_id}-{players}p-{i}")
            for game_id in sorted(GAMES)
            for i, (players, _options, _seed) in enumerate(runs(game_id))]


@pytest.mark.parametrize(("game_id", "index"), cases())
def test_every_text_is_as_recorded(game_id: str, index: int) -> None:
    then = recorded(game_id)
    now = run(game_id, *runs(game_id)[index])
    assert {k: now[k] for k in ("players", "options", "seed")} == {
        k: then["runs"][index][k] for k in ("players", "options", "seed")}
    changed = [kind for kind in HELD if now[kind] != then["runs"][index][kind]]
    new = {kind: sorted({shape(t) for t in now[kind]} - set(then[kind])) for kind in TEXTS}
    assert not changed, f"changed: {changed}; texts never said before: {new}"
