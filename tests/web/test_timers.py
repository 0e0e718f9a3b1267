"""Turn timers and absent players through a real server: the room option in the JSON
API, deadlines in every viewer's board message, "I'm back" by the API and the socket,
and how long a seat has been offline in presence and room info."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack
from typing import Any

import pytest

from app.rooms.service import RoomService
from tests.client import Make, Person, refusal, seated_room, start
from tests.live import LiveServer
from tests.rooms.test_timers import Clock, services

TOY = "toy-high-card"


async def timed_room(server: LiveServer, people: Make, timer: int = 60,
                     players: int = 2) -> tuple[str, list[Person]]:
    host = people(server)
    response = await host.api("POST", "/api/rooms", json={
        "game": TOY, "options": {"tricks": 3}, "seats": players, "turn_timer": timer})
    assert response.status_code == 201, response.text
    assert response.json()["turn_timer"] == timer
    code = response.json()["code"]
    seated = [host] + [people(server) for _ in range(players - 1)]
    for i, person in enumerate(seated):
        taken = await person.api("POST", f"/api/rooms/{code}/seats", json={"name": f"P{i}"})
        assert taken.status_code == 201, taken.text
    await start(code, host)
    return code, seated


@pytest.fixture
async def other_process(sqlite_url: str, toy: Any) -> AsyncIterator[Callable[..., Any]]:
    """A RoomService on the server's SQLite file with its own clock, as another process
    whose clock has run on past the deadlines."""
    async with AsyncExitStack() as stack:
        clock = Clock()
        make = await services(stack, sqlite_url, clock)

        async def later(seconds: int) -> RoomService:
            clock.now = int(time.time() * 1000) + seconds * 1000
            return await make()

        yield later


async def test_the_api_takes_the_timer_and_refuses_others(
    server: LiveServer, people: Make
) -> None:
    host = people(server)
    for bad in (45, "60", -30):
        response = await host.api("POST", "/api/rooms", json={
            "game": TOY, "seats": 2, "turn_timer": bad})
        assert 400 <= response.status_code < 500, response.text
        assert "timer" in response.text
    plain = await host.api("POST", "/api/rooms", json={"game": TOY, "seats": 2})
    assert plain.json()["turn_timer"] == 0
    assert all(s["deadline"] is None and not s["away"] for s in plain.json()["seats"])


async def test_every_viewer_gets_the_same_deadlines(server: LiveServer, people: Make) -> None:
    before = int(time.time() * 1000)
    code, (ann, bob) = await timed_room(server, people, timer=60)
    watcher = people(server)
    timers = []
    for person in (ann, bob, watcher):
        await person.connect(code, html=person is watcher)
        message = await person.expect("board" if person is watcher else "view")
        timers.append(message["timers"])
    assert timers[0] == timers[1] == timers[2]
    deadlines = timers[0]["deadlines"]
    assert set(deadlines) == {"0", "1"} and timers[0]["away"] == []
    assert before + 60_000 <= deadlines["0"] <= int(time.time() * 1000) + 60_000
    room = (await watcher.api("GET", f"/api/rooms/{code}")).json()
    assert [s["deadline"] for s in room["seats"]] == [deadlines["0"], deadlines["1"]]


async def test_back_by_the_api_and_by_the_socket(
    server: LiveServer, people: Make, other_process: Callable[..., Any]
) -> None:
    code, (ann, bob, cy) = await timed_room(server, people, timer=30, players=3)
    for person in (ann, cy):
        await person.api("GET", f"/api/rooms/{code}")
    late = await other_process(31)
    for _trick in range(2):  # Bob runs out of time twice in a row; Ann and Cy too once
        while await late.check_timers(code) is not None:
            pass
        late.clock.now += 31_000  # type: ignore[attr-defined]
    room = (await ann.api("GET", f"/api/rooms/{code}")).json()
    assert all(s["away"] for s in room["seats"])
    refused = await people(server).api("POST", f"/api/rooms/{code}/back")
    assert (refused.status_code, refused.json()["code"]) == (403, "not_seated"), refused.text
    assert (await bob.api("POST", f"/api/rooms/{code}/back")).status_code == 204
    room = (await ann.api("GET", f"/api/rooms/{code}")).json()
    assert [s["away"] for s in room["seats"]] == [True, False, True]
    await cy.connect(code)
    greeting = await cy.expect("room")
    assert greeting["room"]["seats"][2]["away"]
    await cy.expect("view")
    await cy.send({"type": "back"})
    # A bot playing for an away seat may send a room message first (its move moves the
    # deadlines): wait for the one that says Cy is back.
    async with asyncio.timeout(10):
        while (changed := await cy.expect("room"))["room"]["seats"][2]["away"]:
            pass
    assert [s["away"] for s in changed["room"]["seats"]] == [True, False, False]


async def test_the_seat_list_knows_how_long_a_seat_is_offline(
    server: LiveServer, people: Make
) -> None:
    code, (ann, bob) = await seated_room(server, people, 2)
    await ann.connect(code)
    await bob.connect(code)
    await ann.expect("presence", seats=[0, 1])
    ann.inbox = []  # what came before Bob joined
    assert bob.ws is not None
    left = int(time.time() * 1000)
    await bob.ws.close()
    bob.ws = None
    presence = await ann.expect("presence", seats=[0])
    assert int(presence["gone"]["1"]) >= left - 1000
    room = (await ann.api("GET", f"/api/rooms/{code}")).json()
    assert room["seats"][1]["gone_since"] == presence["gone"]["1"]
    assert room["seats"][0]["gone_since"] is None and room["seats"][0]["connected"]
    # The page says it too (server-rendered, for the first paint and without script).
    page = (await ann.api("GET", f"/r/{code}")).text
    assert page.count('class="seatlist__gone"') == 1
    assert '<span class="seatlist__gone">offline just now</span>' in page
    panel = (await ann.api("GET", f"/r/{code}/panel")).text
    assert panel.count('<span class="seatlist__gone">offline just now</span>') == 1


def im_back_shown(page: str) -> bool:
    button = re.search(r'<button type="submit" class="primary im-back" id="im-back"( hidden)?>',
                       page)
    assert button is not None, "no I'm back button"
    return button.group(1) is None


async def test_im_back_without_javascript_is_a_form(
    server: LiveServer, people: Make, other_process: Callable[..., Any]
) -> None:
    """Away seats get an "I'm back" form in the page: a plain POST, refused from another
    origin and for a spectator, changing nothing then."""
    code, (ann, bob) = await timed_room(server, people, timer=30)
    page = (await bob.api("GET", f"/r/{code}")).text
    assert f'action="/r/{code}/back"' in page and not im_back_shown(page)
    late = await other_process(31)
    for _trick in range(2):  # both run out of time twice in a row: both away
        while await late.check_timers(code) is not None:
            pass
        late.clock.now += 31_000  # type: ignore[attr-defined]
    # the other process's moves reach this one over the bus, a moment later
    for _ in range(100):
        page = (await bob.api("GET", f"/r/{code}")).text
        if im_back_shown(page) and page.count('class="badge badge--away"') == 2:
            break
        await asyncio.sleep(0.05)
    assert im_back_shown(page) and page.count('class="badge badge--away"') == 2
    foreign = await bob.api("POST", f"/r/{code}/back",
                            headers={"Origin": "http://elsewhere.example"})
    assert foreign.status_code == 403
    stranger = await people(server).api("POST", f"/r/{code}/back")
    assert stranger.status_code == 303 and refusal(stranger)
    room = (await ann.api("GET", f"/api/rooms/{code}")).json()
    assert [s["away"] for s in room["seats"]] == [True, True]
    back = await bob.api("POST", f"/r/{code}/back", headers={"Origin": server.url})
    assert back.status_code == 303 and back.headers["location"] == f"/r/{code}"
    room = (await ann.api("GET", f"/api/rooms/{code}")).json()
    assert [s["away"] for s in room["seats"]] == [True, False]
    # (Ann's seat is still away, so a bot may now play it on: no more about her page.)
    assert not im_back_shown((await bob.api("GET", f"/r/{code}")).text)
