"""A fifth game is its package and one registry line (issue 36): the toy game
(tests/games/toy/), built as every game is, in an app given a registry with its entry is
offered in the lobby with its blurb, shows its rulebook, its card faces and how to play,
and is played to the end in its own words; an app without the entry knows none of it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx

from app.games.game import Game, registry
from app.games.registry import REGISTRY
from app.main import create_app
from tests.conftest import settings_for
from tests.games import toy

TOY = toy.GAME.id


@asynccontextmanager
async def serving(sqlite_url: str, games: dict[str, Game]
                  ) -> AsyncIterator[list[httpx.AsyncClient]]:
    app = create_app(settings_for(sqlite_url), games)
    async with app.router.lifespan_context(app):
        people = [httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                    base_url="http://test") for _ in range(2)]
        try:
            yield people
        finally:
            for person in people:
                await person.aclose()


def test_the_toys_parts_are_all_in_its_package() -> None:
    package = Path(toy.__file__).parent
    rules, phrases = type(toy.GAME.rules), toy.GAME.phrases.events["pick"]
    for module in (rules.__module__, phrases.__module__):
        assert module.startswith("tests.games.toy."), module
    assert toy.GAME.rulebook is not None and toy.GAME.rulebook.parent == package
    assert toy.GAME.blurb and toy.GAME.how_to_play and toy.GAME.samples


async def test_an_app_given_the_toys_entry_serves_the_whole_game(sqlite_url: str) -> None:
    games = registry([*REGISTRY.values(), toy.GAME])  # the one registry line
    async with serving(sqlite_url, games) as (ann, ben):
        lobby = (await ann.get("/")).text
        assert f'data-game="{TOY}"' in lobby and toy.GAME.blurb in lobby
        assert toy.GAME.time in lobby
        rules = await ann.get(f"/rules/{TOY}")
        assert rules.status_code == 200 and "<h1>High card</h1>" in rules.text
        faces = (await ann.get("/cards")).text
        assert 'data-card="T7"' in faces and "High card" in faces
        made = await ann.post("/api/rooms", json={"game": TOY, "seats": 2,
                                                  "options": {"tricks": 1}})
        code = made.json()["code"]
        room = (await ann.get(f"/r/{code}")).text
        assert toy.GAME.how_to_play[0] in room and "<h1>High card</h1>" in room
        for seat, person in enumerate((ann, ben)):
            await person.post(f"/api/rooms/{code}/seats", json={"name": f"P{seat}",
                                                                "seat": seat})
        await ann.post(f"/api/rooms/{code}/start")
        held = (await ann.get(f"/api/rooms/{code}/view")).json()
        refused = await ann.post(f"/api/rooms/{code}/moves", json={
            "version": held["version"], "move": {"type": "pick", "card": 999}})
        assert refused.status_code == 422
        assert refused.json()["detail"] == "You cannot play that card now."
        for person in (ann, ben):
            snap = (await person.get(f"/api/rooms/{code}/view")).json()
            await person.post(f"/api/rooms/{code}/moves", json={
                "version": snap["version"], "move": snap["view"]["moves"][0]})
        end = (await ann.get(f"/api/rooms/{code}/view")).json()
        assert end["status"] == "finished" and end["outcome"] is not None
        assert "P0 has chosen." in end["log"] and any(
            line.endswith("wins the trick.") for line in end["log"])


async def test_an_app_without_the_entry_knows_nothing_of_the_toy(sqlite_url: str) -> None:
    async with serving(sqlite_url, dict(REGISTRY)) as (ann, _ben):
        assert f'data-game="{TOY}"' not in (await ann.get("/")).text
        assert (await ann.get(f"/rules/{TOY}")).status_code == 404
        assert 'data-card="T7"' not in (await ann.get("/cards")).text
        refused = await ann.post("/api/rooms", json={"game": TOY, "seats": 2})
        assert refused.status_code == 422 and refused.json()["code"] == "unknown_game"
