"""HTTP rate limits: chat over the JSON API and rooms created, per client address. Each
limit answers 429 `too_fast` (and changes nothing); whole games at full speed with the
default limits never meet one; another client is not held up by the first. A limit
cannot be reset: made-up codes and games make no key, keys of one kind never push out
another's, and nothing is cleared wholesale (issue 35.2)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from app.games.registry import GAMES
from app.main import create_app
from app.web.middleware.limits import Limiter
from tests.client import refusal
from tests.conftest import TOY, settings_for

AppFactory = Callable[..., Any]


@pytest.fixture
async def small_limits(sqlite_url: str, games: dict[str, Any]) -> AsyncIterator[FastAPI]:
    settings = settings_for(sqlite_url).model_copy(
        update={"chat_per_minute": 5, "rooms_per_minute": 3, "refused_moves_per_minute": 4,
                "limit_keys": 20})
    app = create_app(settings, games)
    async with app.router.lifespan_context(app):
        yield app


@asynccontextmanager
async def client(app: FastAPI, address: str = "10.0.0.1") -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=app, client=(address, 4321))
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
        yield c


async def test_chat_over_the_api_is_limited_per_client(small_limits: FastAPI) -> None:
    async with client(small_limits) as ann, client(small_limits, "10.0.0.2") as bob:
        code = (await ann.post("/api/rooms", json={"game": TOY.id, "seats": 2})).json()["code"]
        await ann.post(f"/api/rooms/{code}/seats", json={"name": "Ann"})
        await bob.post(f"/api/rooms/{code}/seats", json={"name": "Bob"})
        sent = [await ann.post(f"/api/rooms/{code}/chat", json={"text": f"line {i}"})
                for i in range(8)]
        assert [r.status_code for r in sent] == [201] * 5 + [429] * 3
        refused = sent[-1]
        assert refused.json()["code"] == "too_fast" and refused.json()["detail"]
        assert int(refused.headers["retry-after"]) >= 1
        # Bob, at another address, still talks.
        assert (await bob.post(f"/api/rooms/{code}/chat", json={"text": "hi"})).status_code == 201
        history = (await ann.get(f"/api/rooms/{code}/chat")).json()
        assert [c["text"] for c in history] == [f"line {i}" for i in range(5)] + ["hi"]


async def test_rooms_created_per_client_are_limited_on_the_api_and_the_form(
    small_limits: FastAPI,
) -> None:
    async with client(small_limits) as ann, client(small_limits, "10.0.0.2") as bob:
        made = [await ann.post("/api/rooms", json={"game": TOY.id, "seats": 2})
                for _ in range(4)]
        assert [r.status_code for r in made] == [201, 201, 201, 429]
        assert made[-1].json()["code"] == "too_fast"
        form = await ann.post("/rooms", data={"game": TOY.id, "seats": "2"})
        assert form.status_code == 303 and str(refusal(form)).startswith("Slow")
        # "Play now with bots" makes a room too: the same limit, nothing made
        played = await ann.post("/play", data={"game": TOY.id, "name": "Ann"})
        assert played.status_code == 303 and str(refusal(played)).startswith("Slow")
        assert (await bob.post("/api/rooms", json={"game": TOY.id, "seats": 2})).is_success
        played = [await bob.post("/play", data={"game": TOY.id, "name": "Bob"})
                  for _ in range(3)]
        assert [r.headers["location"].startswith("/r/") for r in played] == [True, True, False]


async def test_refused_moves_over_the_api_are_limited(small_limits: FastAPI) -> None:
    async with client(small_limits) as ann, client(small_limits, "10.0.0.2") as bob:
        code = (await ann.post("/api/rooms", json={"game": TOY.id, "seats": 2})).json()["code"]
        await ann.post(f"/api/rooms/{code}/seats", json={"name": "Ann"})
        await bob.post(f"/api/rooms/{code}/seats", json={"name": "Bob"})
        await ann.post(f"/api/rooms/{code}/start")
        stale = {"version": 0, "move": {"type": "pick", "card": 1}}
        answers = [await ann.post(f"/api/rooms/{code}/moves", json=stale) for _ in range(6)]
        assert [a.status_code for a in answers] == [409] * 4 + [429] * 2
        assert answers[-1].json()["code"] == "too_fast"
        view = (await bob.get(f"/api/rooms/{code}/view")).json()
        assert view["version"] == 1  # nothing was applied
        move = {"version": 1, "move": view["view"]["moves"][0]}
        assert (await bob.post(f"/api/rooms/{code}/moves", json=move)).status_code == 200


async def test_chat_to_made_up_rooms_makes_no_key_and_cannot_reset_the_limit(
    small_limits: FastAPI,
) -> None:
    """10,050 chat POSTs to made-up codes gave a client a fresh burst (issue 35.2): the
    room is looked up first now, so they make no key; 3x the table's size is plenty."""
    async with client(small_limits) as ann:
        code = (await ann.post("/api/rooms", json={"game": TOY.id, "seats": 2})).json()["code"]
        await ann.post(f"/api/rooms/{code}/seats", json={"name": "Ann"})
        said = [await ann.post(f"/api/rooms/{code}/chat", json={"text": "hi"})
                for _ in range(6)]
        assert [r.status_code for r in said] == [201] * 5 + [429]
        for i in range(60):
            junk = await ann.post(f"/api/rooms/nope{i}/chat", json={"text": "x"})
            assert junk.status_code == 404 and junk.json()["code"] == "not_found"
        assert small_limits.state.limiter.sizes()["chat"] == 1
        again = await ann.post(f"/api/rooms/{code}/chat", json={"text": "still slow?"})
        assert again.status_code == 429 and again.json()["code"] == "too_fast"


async def test_other_kinds_of_keys_never_push_out_a_chat_limit(small_limits: FastAPI) -> None:
    """Rooms made from 30 addresses (more than the 20 keys a kind keeps) and refused
    moves: the chat bucket of the one talker stays as it was."""
    async with client(small_limits) as ann:
        code = (await ann.post("/api/rooms", json={"game": TOY.id, "seats": 2})).json()["code"]
        await ann.post(f"/api/rooms/{code}/seats", json={"name": "Ann"})
        for _ in range(5):
            assert (await ann.post(f"/api/rooms/{code}/chat", json={"text": "hi"})).is_success
        for i in range(30):
            async with client(small_limits, f"10.1.0.{i}") as other:
                made = await other.post("/api/rooms", json={"game": TOY.id, "seats": 2})
                assert made.status_code == 201
        assert small_limits.state.limiter.sizes()["rooms"] == 20
        again = await ann.post(f"/api/rooms/{code}/chat", json={"text": "still slow?"})
        assert again.status_code == 429


async def test_a_made_up_game_spends_nothing_of_the_rooms_limit(small_limits: FastAPI) -> None:
    async with client(small_limits) as ann:
        for _ in range(5):
            refused = await ann.post("/api/rooms", json={"game": "no-such-game", "seats": 2})
            assert refused.status_code == 422 and refused.json()["code"] == "unknown_game"
        assert small_limits.state.limiter.sizes()["rooms"] == 0
        made = [await ann.post("/api/rooms", json={"game": TOY.id, "seats": 2})
                for _ in range(4)]
        assert [r.status_code for r in made] == [201, 201, 201, 429]


def test_a_bucket_refills_with_time() -> None:
    now = [0.0]
    limiter = Limiter(clock=lambda: now[0])
    for _ in range(3):
        limiter.take("chat", "k", 3)
    with pytest.raises(Exception, match="Slow down"):
        limiter.take("chat", "k", 3)
    now[0] += 20  # 3 a minute: one more token after 20 s
    limiter.take("chat", "k", 3)


def test_a_full_table_forgets_its_least_recently_used_key_never_all() -> None:
    now = [0.0]
    limiter = Limiter(clock=lambda: now[0], max_keys=100)
    for _ in range(3):
        limiter.take("chat", "talker", 3)  # spent
    for i in range(1000):
        now[0] += 0.001
        limiter.take("chat", f"client {i}", 60)
        if i % 50 == 0:
            with pytest.raises(Exception, match="Slow down"):
                limiter.take("chat", "talker", 3)  # used again: never the oldest
        limiter.take("rooms", f"client {i}", 60)
    assert limiter.sizes() == {"chat": 100, "rooms": 100, "refused": 0, "seats": 0,
                               "settings": 0}
    with pytest.raises(Exception, match="Slow down"):
        limiter.take("chat", "talker", 3)


async def play_to_the_end(players: list[httpx.AsyncClient], code: str,
                          rng: random.Random) -> int:
    """Every seat moves as soon as it may; a chat line every fifth move. Returns moves."""
    moves = 0
    while True:
        acted = False
        for person in players:
            snap = (await person.get(f"/api/rooms/{code}/view")).json()
            if snap["status"] == "finished":
                return moves
            if snap["view"]["moves"]:
                answer = await person.post(f"/api/rooms/{code}/moves", json={
                    "version": snap["version"], "move": rng.choice(snap["view"]["moves"])})
                assert answer.status_code == 200, answer.text
                moves, acted = moves + 1, True
                if moves % 5 == 0:
                    said = await person.post(f"/api/rooms/{code}/chat", json={"text": "go"})
                    assert said.status_code == 201, said.text
        assert acted


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_a_whole_game_at_full_speed_never_meets_a_default_limit(
    app: FastAPI, game_id: str,
) -> None:
    rules = GAMES[game_id]
    count = max(rules.min_players, 3)
    async with AsyncExitStack() as stack:
        # All at one address, as a household behind one router would be.
        players = [await stack.enter_async_context(client(app)) for _ in range(count)]
        made = await players[0].post("/api/rooms", json={"game": game_id, "seats": count})
        code = made.json()["code"]
        for i, person in enumerate(players):
            assert (await person.post(f"/api/rooms/{code}/seats", json={"name": f"P{i}"}))
        assert (await players[0].post(f"/api/rooms/{code}/start")).status_code == 200
        # 80 to 160 moves, so 16 to 32 chat lines within seconds: below 60 a minute.
        assert await play_to_the_end(players, code, random.Random(game_id)) > 0
        assert (await players[0].post(f"/api/rooms/{code}/rematch")).status_code == 200
