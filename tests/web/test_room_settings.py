"""The host's settings after creation over HTTP and real sockets (issue 37.4): the JSON
API (`PATCH /api/rooms/{code}/settings`) and the room page's form change public,
spectators and the next game's turn timer; anyone else, another origin, a bad value or
too many changes are refused and change nothing; spectators switched off lose their
sockets (4403) on every process and a new one is refused; a restart keeps the settings."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from app.main import create_app
from tests.client import Make, Person, refusal, seated_room, start
from tests.conftest import TOY, settings_for
from tests.live import LiveServer

Start = Callable[..., LiveServer]
HOST = "http://test:8000"


@pytest.fixture
async def small_app(sqlite_url: str, games: dict[str, Any]) -> AsyncIterator[FastAPI]:
    """An app whose settings limit is met within a test."""
    settings = settings_for(sqlite_url).model_copy(update={"settings_changes_per_minute": 3})
    app = create_app(settings, games)
    async with app.router.lifespan_context(app):
        yield app


def client(app: FastAPI, address: str = "10.0.0.1") -> httpx.AsyncClient:
    transport = httpx.ASGITransport(app=app, client=(address, 4321))
    return httpx.AsyncClient(transport=transport, base_url=HOST)


async def new_room(host: httpx.AsyncClient) -> str:
    made = await host.post("/api/rooms", json={"game": TOY.id, "seats": 2})
    assert made.status_code == 201, made.text
    code: str = made.json()["code"]
    return code


async def settings(c: httpx.AsyncClient, code: str) -> tuple[bool, bool, int, int]:
    room = (await c.get(f"/api/rooms/{code}")).json()
    return room["public"], room["spectators"], room["turn_timer"], room["next_turn_timer"]


async def listed(c: httpx.AsyncClient) -> list[str]:
    return [r["code"] for r in (await c.get("/api/rooms")).json()]


async def test_the_host_changes_the_settings_over_the_json_api(app: FastAPI) -> None:
    async with client(app) as host:
        code = await new_room(host)
        assert await settings(host, code) == (False, True, 0, 0)
        changed = await host.patch(f"/api/rooms/{code}/settings", json={"public": True})
        assert changed.status_code == 200, changed.text
        assert changed.json()["public"] is True and changed.json()["code"] == code
        assert code in await listed(host)
        lobby = (await host.get("/")).text
        assert f"/r/{code}" in lobby
        changed = await host.patch(f"/api/rooms/{code}/settings",
                                   json={"spectators": False, "turn_timer": 120})
        assert changed.status_code == 200, changed.text
        assert await settings(host, code) == (True, False, 120, 120)
        await host.patch(f"/api/rooms/{code}/settings", json={"public": False})
        assert code not in await listed(host)
        assert f"/r/{code}" not in (await host.get("/")).text


async def test_refusals_over_the_json_api_change_nothing(app: FastAPI) -> None:
    async with client(app) as host, client(app, "10.0.0.2") as bob:
        code = await new_room(host)
        assert (await bob.post(f"/api/rooms/{code}/seats", json={"name": "Bob"})).is_success
        path = f"/api/rooms/{code}/settings"
        cases: list[tuple[httpx.AsyncClient, dict[str, Any], dict[str, str], int, str]] = [
            (bob, {"public": True}, {}, 403, "not_host"),  # a player, not the host
            (host, {"public": True}, {"origin": "http://evil.example"}, 403,
             "foreign_origin"),
            (host, {"public": True}, {"origin": "http://test:8001"}, 403, "foreign_origin"),
            (host, {"public": True, "turn_timer": 45}, {}, 422, "invalid_options"),
            (host, {"turn_timer": -30}, {}, 422, "invalid_options"),
            (host, {}, {}, 422, "invalid_options"),
            (host, {"public": "yes"}, {}, 422, "malformed"),
            (host, {"spectators": None}, {}, 422, "malformed"),
            (host, {"spectators": 0}, {}, 422, "malformed"),
            (host, {"turn_timer": "60"}, {}, 422, "malformed"),
            (host, {"public": True, "colour": "red"}, {}, 422, "malformed"),
        ]
        for who, body, headers, status, code_word in cases:
            answer = await who.patch(path, json=body, headers=headers)
            assert (answer.status_code, answer.json()["code"]) == (status, code_word), body
            assert answer.json()["detail"], body
        assert await settings(host, code) == (False, True, 0, 0)
        timer = await host.patch(path, json={"turn_timer": 45})
        assert timer.json()["detail"] == "The turn timer is off, 30, 60, 120 or 300 seconds."
        nobody = await host.patch("/api/rooms/nosuchroom/settings", json={"public": True})
        assert (nobody.status_code, nobody.json()["code"]) == (404, "not_found")


async def test_the_hosts_changes_are_rate_limited_on_the_api_and_the_form(
    small_app: FastAPI,
) -> None:
    async with client(small_app) as host, client(small_app, "10.0.0.2") as other:
        code = await new_room(host)
        path = f"/api/rooms/{code}/settings"
        made = [await host.patch(path, json={"public": i % 2 == 0}) for i in range(4)]
        assert [r.status_code for r in made] == [200, 200, 200, 429]
        assert made[-1].json()["code"] == "too_fast"
        assert await settings(host, code) == (True, True, 0, 0)  # the 4th did nothing
        form = await host.post(f"/r/{code}/settings", data={
            "visibility": "private", "spectators": "on", "turn_timer": "0"})
        assert form.status_code == 303 and str(refusal(form)).startswith("Slow")
        assert await settings(host, code) == (True, True, 0, 0)
        # someone else's refusals cost the host nothing, and make no key of their own
        for _ in range(5):
            assert (await other.patch(path, json={"public": True})).status_code == 403


async def test_the_host_changes_the_settings_with_the_rooms_form(app: FastAPI) -> None:
    async with client(app) as host, client(app, "10.0.0.2") as bob:
        code = await new_room(host)
        page = (await host.get(f"/r/{code}")).text
        assert f'action="/r/{code}/settings"' in page  # the host's form
        assert f'action="/r/{code}/settings"' not in (await bob.get(f"/r/{code}")).text
        sent = await host.post(f"/r/{code}/settings", data={
            "visibility": "public", "turn_timer": "60"})  # spectators unticked
        assert sent.status_code == 303 and sent.headers["location"] == f"/r/{code}"
        assert refusal(sent) is None
        assert await settings(host, code) == (True, False, 60, 60)
        page = (await host.get(f"/r/{code}")).text
        assert "Public: listed in the lobby" in page and "No spectators" in page
        assert "Time per decision: 1 minute" in page


@pytest.mark.parametrize(("form", "said"), [
    ({"visibility": "public", "turn_timer": "45"},
     "The turn timer is off, 30, 60, 120 or 300 seconds."),
    ({"visibility": "public", "turn_timer": "a minute"},
     "The turn timer must be a number of seconds."),
    ({"visibility": "everyone", "turn_timer": "0"},
     "Choose who can find the room: public or private."),
    ({"turn_timer": "0", "spectators": "on"},
     "Choose who can find the room: public or private."),
])
async def test_a_bad_form_is_refused_readably_and_changes_nothing(
    app: FastAPI, form: dict[str, str], said: str,
) -> None:
    async with client(app) as host:
        code = await new_room(host)
        sent = await host.post(f"/r/{code}/settings", data=form)
        assert sent.status_code == 303 and refusal(sent) == said
        assert await settings(host, code) == (False, True, 0, 0)
        page = await host.get(f"/r/{code}")  # the alert, shown once on the room's page
        assert said in page.text


async def test_the_form_refuses_anyone_but_the_host_and_other_origins(app: FastAPI) -> None:
    async with client(app) as host, client(app, "10.0.0.2") as bob:
        code = await new_room(host)
        form = {"visibility": "public", "spectators": "on", "turn_timer": "30"}
        sent = await bob.post(f"/r/{code}/settings", data=form)
        assert refusal(sent) == "Only the host can change the room's settings."
        foreign = await host.post(f"/r/{code}/settings", data=form,
                                  headers={"origin": "http://evil.example"})
        assert foreign.status_code == 403 and foreign.json()["code"] == "foreign_origin"
        assert await settings(host, code) == (False, True, 0, 0)


async def test_a_running_game_keeps_its_timer_and_the_page_says_so(app: FastAPI) -> None:
    async with client(app) as host, client(app, "10.0.0.2") as bob:
        code = await new_room(host)
        for who, name in ((host, "Ann"), (bob, "Bob")):
            assert (await who.post(f"/api/rooms/{code}/seats", json={"name": name})).is_success
        assert (await host.post(f"/api/rooms/{code}/start")).is_success
        changed = await host.patch(f"/api/rooms/{code}/settings", json={"turn_timer": 300})
        room = changed.json()
        assert (room["turn_timer"], room["next_turn_timer"]) == (0, 300)
        assert all(s["deadline"] is None for s in room["seats"])
        page = (await host.get(f"/r/{code}")).text
        assert "Time per decision: No timer in this game, 5 minutes from the next game" in page
        assert "A game keeps the timer it started with" in page


async def test_spectators_switched_off_lose_their_sockets_and_new_ones_are_refused(
    server: LiveServer, people: Make,
) -> None:
    code, (ann, bob) = await seated_room(server, people, 2)
    await start(code, ann)
    await bob.connect(code)
    await bob.expect("view", version=1)
    watchers = [people(server) for _ in range(2)]
    for watcher in watchers:
        await watcher.connect(code)
        assert (await watcher.expect("view", version=1))["seat"] is None
    changed = await ann.api("PATCH", f"/api/rooms/{code}/settings", json={"spectators": False})
    assert changed.status_code == 200, changed.text
    for watcher in watchers:
        await closed_for_spectators(watcher)
    told = await room_without_spectators(bob)  # a player stays, and hears of the change
    assert told["seat"] == 1
    late = people(server)
    await late.connect(code)
    await closed_for_spectators(late)
    page = await late.api("GET", f"/r/{code}")
    assert "This room does not allow spectators." in page.text
    assert 'class="board ' not in page.text  # no board, no hand of anyone's
    view = await late.api("GET", f"/api/rooms/{code}/view")
    assert (view.status_code, view.json()["code"]) == (403, "not_seated")
    await ann.api("PATCH", f"/api/rooms/{code}/settings", json={"spectators": True})
    again = people(server)
    await again.connect(code)
    assert (await again.expect("view", version=1))["seat"] is None


async def room_without_spectators(person: Person) -> dict[str, Any]:
    """The first `room` message that says spectators are off (the greeting's said on)."""
    while (told := await person.expect("room"))["room"]["spectators"]:
        pass
    return told


async def closed_for_spectators(person: Person) -> None:
    error = await person.expect("error")
    assert error["code"] == "no_spectators"
    assert error["reason"] == "This room does not allow spectators."
    assert person.ws is not None
    await person.ws.wait_closed()
    assert person.ws.close_code == 4403


async def test_spectators_of_another_process_lose_their_sockets_too(
    live_server: Start, sqlite_url: str, redis_url: str, people: Make,
) -> None:
    """Two app processes on one database and Redis: the host's form on one closes the
    spectator's socket on the other, and the other refuses a new one."""
    one = live_server(sqlite_url, redis_url)
    two = live_server(sqlite_url, redis_url)
    code, (ann, bob) = await seated_room(one, people, 2)
    await bob.use(two)
    await bob.connect(code)
    await bob.expect("room")
    watcher = people(two)
    await watcher.connect(code)
    await watcher.expect("room")
    await watcher.expect("presence")
    sent = await ann.api("POST", f"/r/{code}/settings", data={
        "visibility": "private", "turn_timer": "0"}, headers={"origin": one.url})
    assert sent.status_code == 303 and refusal(sent) is None
    await closed_for_spectators(watcher)
    await room_without_spectators(bob)
    late = people(two)
    await late.connect(code)
    await closed_for_spectators(late)


async def test_a_restart_keeps_the_settings(
    live_server: Start, database_url: str, people: Make,
) -> None:
    first = live_server(database_url)
    code, (ann, bob) = await seated_room(first, people, 2)
    await start(code, ann)
    changed = await ann.api("PATCH", f"/api/rooms/{code}/settings",
                            json={"public": True, "spectators": False, "turn_timer": 30})
    assert changed.status_code == 200, changed.text
    first.stop()
    second = live_server(database_url)
    for person in (ann, bob):
        await person.use(second)
    room = (await bob.api("GET", f"/api/rooms/{code}")).json()
    assert (room["public"], room["spectators"], room["turn_timer"], room["next_turn_timer"]
            ) == (True, False, 0, 30)
    assert code in [r["code"] for r in (await bob.api("GET", "/api/rooms")).json()]
    stranger = people(second)
    await stranger.connect(code)
    await closed_for_spectators(stranger)
