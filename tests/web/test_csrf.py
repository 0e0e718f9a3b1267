"""CSRF: state-changing form POSTs, API calls and sockets from another origin are
refused, the same host on another port included; same-origin pages, trusted origins and
non-browser clients work."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from websockets.exceptions import InvalidStatus

from app.main import create_app
from app.web.middleware.csrf import same_origin
from tests.client import Make, seated_room
from tests.conftest import TOY, settings_for
from tests.live import LiveServer


@pytest.fixture
async def host(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                 base_url="http://test:8000") as client:
        yield client


async def seated(client: httpx.AsyncClient) -> str:
    code: str = (await client.post("/api/rooms", json={"game": TOY.id, "seats": 2})).json()[
        "code"]
    assert (await client.post(f"/api/rooms/{code}/seats", json={"name": "Ann"})).is_success
    return code


async def my_seat(client: httpx.AsyncClient, code: str) -> int | None:
    seat: int | None = (await client.get(f"/api/rooms/{code}")).json()["my_seat"]
    return seat


@pytest.mark.parametrize("headers", [
    {"origin": "http://test:8001"},                    # same host, another port
    {"origin": "http://evil.example"},
    {"origin": "null"},                                # sandboxed frames, data: URLs
    {"referer": "http://test:9000/r/x"},               # no Origin: the Referer decides
    {"origin": "https://test.evil:8000"},
])
async def test_a_form_post_from_another_origin_is_refused_and_changes_nothing(
    host: httpx.AsyncClient, headers: dict[str, str],
) -> None:
    code = await seated(host)
    left = await host.post(f"/r/{code}/leave", headers=headers)
    assert left.status_code == 403 and left.json()["code"] == "foreign_origin"
    removed = await host.post(f"/r/{code}/remove", data={"seat": "0"}, headers=headers)
    assert removed.status_code == 403
    api = await host.delete(f"/api/rooms/{code}/seats/0", headers=headers)
    assert api.status_code == 403 and "this site" in api.json()["detail"]
    chat = await host.post(f"/api/rooms/{code}/chat", json={"text": "hi"}, headers=headers)
    assert chat.status_code == 403
    assert await my_seat(host, code) == 0
    assert (await host.get(f"/api/rooms/{code}/chat")).json() == []


@pytest.mark.parametrize("headers", [
    {"origin": "http://test:8000"}, {"referer": "http://test:8000/r/x?y=1"}, {},
])
async def test_the_sites_own_pages_and_non_browser_clients_may_post(
    host: httpx.AsyncClient, headers: dict[str, str],
) -> None:
    code = await seated(host)
    chat = await host.post(f"/api/rooms/{code}/chat", json={"text": "hi"}, headers=headers)
    assert chat.status_code == 201
    left = await host.post(f"/r/{code}/leave", headers=headers)
    assert left.status_code == 303 and "error" not in left.headers["location"]
    assert await my_seat(host, code) is None


async def test_reading_is_never_refused(host: httpx.AsyncClient) -> None:
    code = await seated(host)
    page = await host.get(f"/r/{code}", headers={"origin": "http://evil.example"})
    assert page.status_code == 200


def test_origin_rules() -> None:
    assert same_origin("https://cards.example.org", "cards.example.org")  # TLS at a proxy
    assert same_origin("http://[::1]:8000", "[::1]:8000")
    assert not same_origin("http://cards.example.org:8080", "cards.example.org")
    assert not same_origin("http://127.0.0.1:8001", "127.0.0.1:8000")
    assert not same_origin("http://localhost:8000", "127.0.0.1:8000")
    assert not same_origin("javascript:alert(1)", "test")
    assert not same_origin("http://test:99999", "test")
    assert same_origin("https://play.example.org", "app1:8000",
                       trusted=["https://play.example.org"])


async def test_a_real_server_refuses_its_neighbour_port(server: LiveServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as ann:
        code = await seated(ann)
        neighbour = f"http://127.0.0.1:{server.port + 1}"
        refused = await ann.post(f"/r/{code}/leave", headers={"origin": neighbour})
        assert refused.status_code == 403
        assert await my_seat(ann, code) == 0
        own = await ann.post(f"/r/{code}/leave", headers={"origin": server.url})
        assert own.status_code == 303 and await my_seat(ann, code) is None


@pytest.fixture
def trusting(sqlite_url: str, games: dict[str, Any]) -> Iterator[LiveServer]:
    """A real server that also trusts the pages of https://tables.example."""
    settings = settings_for(sqlite_url).model_copy(
        update={"trusted_origins": ["https://tables.example"]})
    server = LiveServer(create_app(settings, games))
    server.start()
    yield server
    server.stop()


@pytest.mark.parametrize("origin", ["https://evil.example", "NEIGHBOUR", "null",
                                    "https://tables.example.evil"])
async def test_a_socket_from_another_origin_is_refused_before_it_is_accepted(
    trusting: LiveServer, people: Make, origin: str,
) -> None:
    """The socket comes through the app's Origin check like any request: 1008 before
    accept, which the server answers with 403. Nothing of the room reaches it."""
    code, (ann, _bob) = await seated_room(trusting, people, 2)
    origin = origin.replace("NEIGHBOUR", f"http://127.0.0.1:{trusting.port + 1}")
    with pytest.raises(InvalidStatus) as refused:
        await ann.connect(code, origin=origin)
    assert refused.value.response.status_code == 403
    assert b"room" not in refused.value.response.body


@pytest.mark.parametrize("origin", ["OWN", "https://tables.example", None])
async def test_a_socket_from_this_site_a_trusted_one_or_no_browser_is_let_in(
    trusting: LiveServer, people: Make, origin: str | None,
) -> None:
    code, (ann, _bob) = await seated_room(trusting, people, 2)
    own = f"http://127.0.0.1:{trusting.port}"
    await ann.connect(code, origin=own if origin == "OWN" else origin)
    assert (await ann.expect("room"))["seat"] == 0
