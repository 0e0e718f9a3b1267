"""Bots from the outside: the JSON API, a whole game over real WebSockets where only the
person's moves are sent, a restart mid-game, and the host's "Add a bot" form."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import httpx
from fastapi import FastAPI

from app.main import create_app
from tests.client import Make, Person, autoplay, refusal, start
from tests.conftest import settings_for
from tests.live import LiveServer
from tests.web.test_pages import browser, make_room

TOY = "toy-high-card"


async def host_with_bots(server: LiveServer, people: Make, seats: int,
                         tricks: int = 3) -> tuple[str, Person]:
    """A room where the host sits in seat 0 and bots fill the other seats."""
    host = people(server)
    made = await host.api("POST", "/api/rooms", json={"game": TOY, "options": {"tricks": tricks},
                                                       "seats": seats})
    assert made.status_code == 201, made.text
    code = made.json()["code"]
    taken = await host.api("POST", f"/api/rooms/{code}/seats", json={"name": "Ann", "seat": 0})
    assert taken.status_code == 201, taken.text
    for seat in range(1, seats):
        added = await host.api("POST", f"/api/rooms/{code}/bots", json={"seat": seat})
        assert added.status_code == 201, added.text
        assert added.json() == {"seat": seat, "name": f"Bot {seat + 1}"}
    return code, host


async def test_a_person_plays_a_whole_game_with_bots_over_websockets(
    server: LiveServer, people: Make,
) -> None:
    code, ann = await host_with_bots(server, people, 3)
    watcher = people(server)
    await ann.connect(code)
    await watcher.connect(code)
    room = (await ann.expect("room"))["room"]
    assert [s["bot"] for s in room["seats"]] == [False, True, True]
    await start(code, ann)
    final = await autoplay(ann, random.Random(11))  # only Ann's moves are sent
    assert final["status"] == "finished" and sum(final["outcome"]["scores"]) == 3
    assert "Bot 2 has chosen." in final["log_text"]
    seen = await watcher.expect("view", version=final["version"])
    assert seen["outcome"] == final["outcome"]


async def test_the_bots_endpoint_refuses_with_reasons_and_is_documented(
    server: LiveServer, people: Make,
) -> None:
    code, ann = await host_with_bots(server, people, 2, tricks=1)
    guest = people(server)
    refused = await guest.api("POST", f"/api/rooms/{code}/bots", json={"seat": 1})
    assert refused.status_code == 403 and refused.json()["code"] == "not_host"
    taken = await ann.api("POST", f"/api/rooms/{code}/bots", json={"seat": 1})
    assert taken.status_code == 409 and taken.json() == {
        "detail": "That seat is taken: a bot needs an empty seat.", "code": "seat_taken"}
    await ann.connect(code)
    await start(code, ann)
    await autoplay(ann, random.Random(2))
    removed = await ann.api("DELETE", f"/api/rooms/{code}/seats/1")
    assert removed.status_code == 204
    # after the end an emptied seat may get a bot for the next game (issue 34)
    after = await ann.api("POST", f"/api/rooms/{code}/bots", json={"seat": 1})
    assert after.status_code == 201 and after.json()["seat"] == 1
    again = await ann.api("POST", f"/api/rooms/{code}/bots", json={"seat": 1})
    assert again.status_code == 409 and again.json()["code"] == "seat_taken"
    schema = (await ann.api("GET", "/openapi.json")).json()
    post = schema["paths"]["/api/rooms/{code}/bots"]["post"]
    assert post["responses"]["201"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "/BotAdded")
    assert {"403", "404", "409", "422"} <= set(post["responses"])


async def test_bots_carry_on_after_a_server_restart(
    live_server: Callable[..., LiveServer], sqlite_url: str, people: Make,
    games: dict[str, Any],
) -> None:
    slow_settings = settings_for(sqlite_url).model_copy(update={"bot_delay_ms": 60_000})
    slow = LiveServer(create_app(slow_settings, games))
    slow.start()
    try:
        code, ann = await host_with_bots(slow, people, 3)
        await start(code, ann)
        view = (await ann.api("GET", f"/api/rooms/{code}/view")).json()
        move = view["view"]["moves"][0]
        moved = await ann.api("POST", f"/api/rooms/{code}/moves",
                              json={"version": view["version"], "move": move})
        assert moved.status_code == 200
    finally:
        slow.stop()  # the bots' runner was still waiting: cancelled at shutdown
    again = live_server(sqlite_url)
    await ann.use(again)
    await ann.connect(code)
    final = await autoplay(ann, random.Random(4))
    assert final["status"] == "finished" and sum(final["outcome"]["scores"]) == 3


async def test_after_a_restart_the_bots_carry_on(
    live_server: Callable[..., LiveServer], sqlite_url: str, people: Make,
    games: dict[str, Any],
) -> None:
    slow_settings = settings_for(sqlite_url).model_copy(update={"bot_delay_ms": 60_000})
    slow = LiveServer(create_app(slow_settings, games))
    slow.start()
    try:
        code, ann = await host_with_bots(slow, people, 2, tricks=1)
        await start(code, ann)
    finally:
        slow.stop()

    again = live_server(sqlite_url)  # the real start-up: resume_bots, then the greet
    await ann.use(again)
    await ann.connect(code)
    seen = await ann.expect("view", version=2)  # the bot's move, made after the restart
    assert seen["view"]["chosen"] == [False, True]


async def test_the_host_adds_a_bot_from_the_page(app: FastAPI) -> None:
    async with browser(app) as host, browser(app) as guest:
        link = await make_room(host)
        await host.post(link + "/seat", data={"name": "Ann"})
        page = (await host.get(link)).text
        assert "Add a bot" in page and f'action="{link}/bot"' in page
        assert "Add a bot" not in (await guest.get(link)).text  # only the host
        refused = await guest.post(link + "/bot", data={"seat": "1"})
        shown = (await guest.get(refused.headers["location"])).text
        assert 'role="alert"' in shown and "Only the host can add a bot." in shown
        occupied = await host.post(link + "/bot", data={"seat": "0"})
        shown = (await host.get(occupied.headers["location"])).text
        assert "That seat is taken: a bot needs an empty seat." in shown
        added = await host.post(link + "/bot", data={"seat": "1"})
        assert added.status_code == 303 and added.headers["location"] == link
        page = (await host.get(link)).text
        assert "Bot 2" in page and '<span class="badge badge--bot">bot (good)</span>' in page
        assert "Add a bot" not in page  # no empty seat left
        started = await host.post(link + "/start")
        assert "error" not in started.headers["location"]
        api = link.replace("/r/", "/api/rooms/")
        view = (await host.get(api + "/view")).json()
        assert view["status"] == "playing"


async def test_the_bot_form_needs_a_seat(app: FastAPI) -> None:
    client: httpx.AsyncClient
    async with browser(app) as client:
        link = await make_room(client)
        response = await client.post(link + "/bot", data={"seat": "x"})
        assert response.headers["location"] == link
        assert str(refusal(response)).startswith("Choose a seat")


async def test_a_bot_has_a_level_and_the_room_shows_it(server: LiveServer, people: Make) -> None:
    host = people(server)
    made = await host.api("POST", "/api/rooms", json={"game": TOY, "seats": 3})
    code = made.json()["code"]
    await host.api("POST", f"/api/rooms/{code}/seats", json={"name": "Ann", "seat": 0})
    bad = await host.api("POST", f"/api/rooms/{code}/bots", json={"seat": 1, "level": "genius"})
    assert bad.status_code == 422 and bad.json()["code"] == "malformed"
    for body in ({"seat": 1, "level": "random"}, {"seat": 2}):
        added = await host.api("POST", f"/api/rooms/{code}/bots", json=body)
        assert added.status_code == 201, added.text
    seats = (await host.api("GET", f"/api/rooms/{code}")).json()["seats"]
    assert [(s["bot"], s["level"]) for s in seats] == [
        (False, None), (True, "random"), (True, "good")]
