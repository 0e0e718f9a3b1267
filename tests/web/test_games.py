"""Every registered game, played to the end through the server by real WebSocket clients
picking random legal moves from their own views, with a spectator watching."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from app.games.registry import GAMES
from tests.client import Make, Person, autoplay, seated_room, start
from tests.live import LiveServer

TOY = "toy-high-card"


async def watch(person: Person) -> list[dict[str, Any]]:
    """A spectator's views until the end."""
    seen = []
    while True:
        message = await person.receive(timeout=60)
        if message["type"] == "view":
            seen.append(message)
            if message["status"] == "finished":
                return seen


@pytest.mark.parametrize("game_id", [*sorted(GAMES), TOY])
@pytest.mark.parametrize("players", ["min", "max"])
async def test_random_whole_game_through_the_server(
    game_id: str, players: str, server: LiveServer, people: Make, games: dict[str, Any],
) -> None:
    rules = games[game_id].rules
    count = rules.min_players if players == "min" else rules.max_players
    code, seated = await seated_room(server, people, count, game=game_id, options={})
    watcher = people(server)
    for person in [*seated, watcher]:
        await person.connect(code)
        await person.expect("room")
    await start(code, seated[0])
    rng = random.Random(f"{game_id}-{count}")
    *finals, seen = await asyncio.wait_for(
        asyncio.gather(*(autoplay(p, rng) for p in seated), watch(watcher)), timeout=150
    )
    assert len({f["version"] for f in finals}) == 1
    assert seen[-1]["version"] == finals[0]["version"]
    outcome = finals[0]["outcome"]
    assert outcome is not None and all(f["outcome"] == outcome for f in finals)
    assert seen[-1]["outcome"] == outcome
    assert all(v["view"].get("moves") == [] for v in seen)  # a spectator has no moves
    api = json.loads((await watcher.api("GET", f"/api/rooms/{code}")).text)
    assert api["status"] == "finished" and api["outcome"] == outcome
