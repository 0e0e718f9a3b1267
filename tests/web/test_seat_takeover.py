"""A seat the host empties mid-game (issue 35.9): anyone with the link could take it and
at once see that hand. Now a good bot takes it over at once and plays on; only the host
can open it to a person (over the JSON API, as the room page's form does), checked like
every state change: the host's token, the Origin, the seat-change limit."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from app.main import create_app
from tests.client import Make, seated_room, start
from tests.conftest import settings_for
from tests.live import LiveServer


async def wait_for(person: Any, code: str, check: Any) -> dict[str, Any]:
    """The room (as the API says) once `check(room)` holds; moves are in flight."""
    async with asyncio.timeout(20):
        while True:
            room: dict[str, Any] = (await person.api("GET", f"/api/rooms/{code}")).json()
            if check(room):
                return room
            await asyncio.sleep(0.05)


async def test_a_removed_players_seat_goes_to_a_good_bot_not_to_whoever_asks(
    server: LiveServer, people: Make,
) -> None:
    code, (ann, bob) = await seated_room(server, people, 2)
    await start(code, ann)
    mine = (await bob.api("GET", f"/api/rooms/{code}/view")).json()
    assert mine["seat"] == 1 and mine["view"]["hand"]
    assert (await ann.api("DELETE", f"/api/rooms/{code}/seats/1")).status_code == 204
    seat = (await ann.api("GET", f"/api/rooms/{code}")).json()["seats"][1]
    assert seat["bot"] and seat["level"] == "good" and seat["name"] == "Bot 2"
    stranger = people(server)
    grab = await stranger.api("POST", f"/api/rooms/{code}/seats", json={"name": "Eve", "seat": 1})
    assert grab.status_code == 409 and grab.json()["code"] == "seat_taken"
    anywhere = await stranger.api("POST", f"/api/rooms/{code}/seats", json={"name": "Eve"})
    assert anywhere.status_code == 409
    for outsider in (stranger, bob):  # Bob's old cookie holds no seat now
        view = (await outsider.api("GET", f"/api/rooms/{code}/view")).json()
        assert view["seat"] is None and view["view"]["hand"] is None
    # the bot plays seat 1's part: Ann's move finishes the trick
    first = (await ann.api("GET", f"/api/rooms/{code}/view")).json()
    moved = await ann.api("POST", f"/api/rooms/{code}/moves", json={
        "version": first["version"], "move": first["view"]["moves"][0]})
    assert moved.status_code == 200
    await wait_for(ann, code, lambda room: room["version"] >= first["version"] + 2)


async def test_the_host_opens_a_bots_seat_to_a_person(server: LiveServer, people: Make) -> None:
    code, (ann, bob) = await seated_room(server, people, 2)
    refused = await ann.api("POST", f"/api/rooms/{code}/seats/1/open")
    assert refused.status_code == 409 and refused.json()["code"] == "wrong_status"
    await start(code, ann)
    person = await ann.api("POST", f"/api/rooms/{code}/seats/1/open")
    assert person.status_code == 409 and person.json()["code"] == "seat_taken"
    assert "bot's seat" in person.json()["detail"]
    assert (await ann.api("DELETE", f"/api/rooms/{code}/seats/1")).status_code == 204
    guest = await bob.api("POST", f"/api/rooms/{code}/seats/1/open")
    assert guest.status_code == 403 and guest.json()["code"] == "not_host"
    made_up = await ann.api("POST", "/api/rooms/nosuchroom/seats/1/open")
    assert made_up.status_code == 404
    assert (await ann.api("POST", f"/api/rooms/{code}/seats/5/open")).status_code == 422
    assert (await ann.api("GET", f"/api/rooms/{code}")).json()["seats"][1]["bot"]
    opened = await ann.api("POST", f"/api/rooms/{code}/seats/1/open")
    assert opened.status_code == 204
    assert (await ann.api("GET", f"/api/rooms/{code}")).json()["seats"][1]["name"] is None
    cy = people(server)
    taken = await cy.api("POST", f"/api/rooms/{code}/seats", json={"name": "Cy", "seat": 1})
    assert taken.status_code == 201
    view = (await cy.api("GET", f"/api/rooms/{code}/view")).json()
    assert view["seat"] == 1 and view["view"]["hand"]  # the host's choice: Cy plays on


@pytest.fixture
async def strict_app(sqlite_url: str, games: dict[str, Any]) -> Any:
    settings = settings_for(sqlite_url).model_copy(update={"seat_changes_per_minute": 2})
    app = create_app(settings, games)
    async with app.router.lifespan_context(app):
        yield app


async def test_opening_a_seat_is_checked_like_every_state_change(strict_app: FastAPI) -> None:
    transport = httpx.ASGITransport(app=strict_app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test:8000") as ann, \
            httpx.AsyncClient(transport=transport, base_url="http://test:8000") as bob:
        code = (await ann.post("/api/rooms", json={"game": "toy-high-card", "seats": 2,
                                                  "options": {"tricks": 3}})).json()["code"]
        await ann.post(f"/api/rooms/{code}/seats", json={"name": "Ann"})
        await bob.post(f"/api/rooms/{code}/seats", json={"name": "Bob"})
        await ann.post(f"/api/rooms/{code}/start")
        assert (await ann.delete(f"/api/rooms/{code}/seats/1")).status_code == 204
        foreign = await ann.post(f"/api/rooms/{code}/seats/1/open",
                                 headers={"origin": "http://evil.example"})
        assert foreign.status_code == 403 and foreign.json()["code"] == "foreign_origin"
        form = await ann.post(f"/r/{code}/open", data={"seat": "1"},
                              headers={"origin": "http://test:8001"})
        assert form.status_code == 403
        assert (await ann.get(f"/api/rooms/{code}")).json()["seats"][1]["bot"]
        # two seat changes a minute here: the removal was one, this is the second
        assert (await ann.post(f"/api/rooms/{code}/seats/1/open")).status_code == 204
        slow = await ann.post(f"/api/rooms/{code}/bots", json={"seat": 1})
        assert slow.status_code == 429 and slow.json()["code"] == "too_fast"
        assert (await ann.get(f"/api/rooms/{code}")).json()["seats"][1]["name"] is None
        for _ in range(3):  # a guest is refused as such, spending no host's budget
            refused = await bob.post(f"/api/rooms/{code}/seats/1/open")
            assert refused.status_code == 403
        assert strict_app.state.limiter.sizes()["seats"] == 1
