"""The JSON API over httpx (ASGI, no sockets): rooms, seats, cookies, errors, OpenAPI."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest
from fastapi import FastAPI

TOY = "toy-high-card"


@pytest.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
        yield c


def another(app: FastAPI) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test")


def set_cookie_headers(response: httpx.Response) -> list[str]:
    return response.headers.get_list("set-cookie")


async def test_healthz_and_games_with_option_schema(client: httpx.AsyncClient) -> None:
    assert (await client.get("/healthz")).json()["ok"] is True
    games = (await client.get("/api/games")).json()
    toy = next(g for g in games if g["id"] == TOY)
    assert toy["min_players"] == 2 and toy["max_players"] == 4
    assert toy["options"][0]["name"] == "tricks" and toy["options"][0]["default"] == 3


async def test_create_room_sets_an_httponly_samesite_host_cookie(
    client: httpx.AsyncClient,
) -> None:
    response = await client.post("/api/rooms", json={
        "game": TOY, "options": {"tricks": 1}, "seats": 2, "public": True})
    assert response.status_code == 201, response.text
    room = response.json()
    code = room["code"]
    (cookie,) = set_cookie_headers(response)
    assert cookie.startswith(f"sth_{code}=")
    assert "HttpOnly" in cookie and "samesite=lax" in cookie.lower() and "Path=/" in cookie
    assert room["status"] == "waiting" and room["spectators"] is True
    assert [r["code"] for r in (await client.get("/api/rooms")).json()] == [code]
    mine = (await client.get(f"/api/rooms/{code}")).json()
    assert mine["is_host"] is True and mine["my_seat"] is None


async def test_seats_start_moves_and_rematch_through_the_api(
    app: FastAPI, client: httpx.AsyncClient,
) -> None:
    code = (await client.post("/api/rooms", json={
        "game": TOY, "options": {"tricks": 1}, "seats": 2})).json()["code"]
    taken = await client.post(f"/api/rooms/{code}/seats", json={"name": " Ann "})
    assert taken.status_code == 201 and taken.json() == {"seat": 0}
    (cookie,) = set_cookie_headers(taken)
    assert cookie.startswith(f"st_{code}=") and "HttpOnly" in cookie
    assert "samesite=lax" in cookie.lower()
    again = await client.post(f"/api/rooms/{code}/seats", json={"name": "Ann2"})
    assert again.status_code == 409 and again.json()["code"] == "already_seated"
    async with another(app) as bob:
        early = await client.post(f"/api/rooms/{code}/start")
        assert early.status_code == 409 and "Every seat" in early.json()["detail"]
        assert (await bob.post(f"/api/rooms/{code}/seats", json={"name": "Bob"})).json() == {
            "seat": 1}
        not_host = await bob.post(f"/api/rooms/{code}/start")
        assert not_host.status_code == 403 and not_host.json()["code"] == "not_host"
        assert (await client.post(f"/api/rooms/{code}/start")).json() == {"version": 1}
        room = (await client.get(f"/api/rooms/{code}")).json()
        assert room["host_seat"] == 0 and room["status"] == "playing"
        version = 1
        for player in (client, bob):
            view = (await player.get(f"/api/rooms/{code}/view")).json()
            assert view["version"] == version and view["names"] == ["Ann", "Bob"]
            move = {"version": version, "move": view["view"]["moves"][0]}
            version = (await player.post(f"/api/rooms/{code}/moves", json=move)).json()[
                "version"]
        stale = await bob.post(f"/api/rooms/{code}/moves", json=move)
        # one trick: the game ended after the view bob's move was made from, so it is
        # stale (the answer carries the final table); at the final version it would be
        # wrong_status
        assert stale.status_code == 409 and stale.json()["code"] == "stale"
        over = await bob.post(f"/api/rooms/{code}/moves",
                              json={"version": version, "move": move["move"]})
        assert over.status_code == 409 and over.json()["code"] == "wrong_status"
        final = (await client.get(f"/api/rooms/{code}")).json()
        assert final["status"] == "finished" and final["outcome"]["scores"]
        rematch = await bob.post(f"/api/rooms/{code}/rematch")  # a proposal
        assert rematch.json() == {"code": code, "status": "finished"}
        proposed = (await client.get(f"/api/rooms/{code}")).json()
        assert [s["rematch"] for s in proposed["seats"]] == [False, True]
        assert proposed["game_no"] == 1
        rematch = await client.post(f"/api/rooms/{code}/rematch")  # Ann agrees
        assert rematch.json() == {"code": code, "status": "playing"}
        assert (await client.get(f"/api/rooms/{code}")).json()["game_no"] == 2


async def test_illegal_and_stale_moves_get_reasons(
    app: FastAPI, client: httpx.AsyncClient,
) -> None:
    code = (await client.post("/api/rooms", json={"game": TOY, "seats": 2})).json()["code"]
    await client.post(f"/api/rooms/{code}/seats", json={"name": "Ann"})
    async with another(app) as bob:
        await bob.post(f"/api/rooms/{code}/seats", json={"name": "Bob"})
        await client.post(f"/api/rooms/{code}/start")
        illegal = await client.post(f"/api/rooms/{code}/moves", json={
            "version": 1, "move": {"type": "pick", "card": 999}})
        assert illegal.status_code == 422
        assert illegal.json() == {"detail": "You cannot play that card now.", "code": "illegal"}
        stale = await client.post(f"/api/rooms/{code}/moves", json={
            "version": 0, "move": {"type": "pick", "card": 1}})
        assert stale.status_code == 409
        assert stale.json()["code"] == "stale" and stale.json()["version"] == 1
        async with another(app) as stranger:
            spectator = await stranger.post(f"/api/rooms/{code}/moves", json={
                "version": 1, "move": {"type": "pick", "card": 1}})
            assert spectator.status_code == 403 and spectator.json()["code"] == "not_seated"
            view = (await stranger.get(f"/api/rooms/{code}/view")).json()
            assert view["seat"] is None and view["view"]["hand"] is None


@pytest.mark.parametrize(("body", "message"), [
    ({"game": TOY, "seats": 2, "options": {"tricks": 7}}, "between 1 and 3"),
    ({"game": TOY, "seats": 2, "options": {"colour": "red"}}, "Unknown option"),
    ({"game": TOY, "seats": 9}, "2 to 4 players"),
    ({"game": "poker", "seats": 2}, "no game called"),
    ({"game": TOY, "seats": 2, "public": 0.0}, "public"),  # a JSON true or false only
    ({"game": TOY, "seats": 2, "spectators": "no"}, "spectators"),
])
async def test_invalid_rooms_are_refused_with_clear_messages(
    client: httpx.AsyncClient, body: dict[str, object], message: str,
) -> None:
    response = await client.post("/api/rooms", json=body)
    assert response.status_code == 422 and message in response.json()["detail"]


@pytest.mark.parametrize(("name", "message"), [
    ("", "choose a name"), ("   ", "choose a name"), ("x" * 25, "at most 24"),
    ("a\u202eb", "control characters"),
])
async def test_invalid_names_are_refused_with_clear_messages(
    client: httpx.AsyncClient, name: str, message: str,
) -> None:
    code = (await client.post("/api/rooms", json={"game": TOY, "seats": 2})).json()["code"]
    response = await client.post(f"/api/rooms/{code}/seats", json={"name": name})
    assert response.status_code == 422 and message in response.json()["detail"]
    assert not set_cookie_headers(response)


async def test_leave_and_remove_player(app: FastAPI, client: httpx.AsyncClient) -> None:
    code = (await client.post("/api/rooms", json={"game": TOY, "seats": 2})).json()["code"]
    async with another(app) as bob:
        await bob.post(f"/api/rooms/{code}/seats", json={"name": "Bob"})
        left = await bob.delete(f"/api/rooms/{code}/seat")
        assert left.status_code == 204
        # the cookie keeps the token (a person coming back keeps their standings line),
        # which no longer holds a seat: Bob watches
        assert (await bob.get(f"/api/rooms/{code}")).json()["my_seat"] is None
        await bob.post(f"/api/rooms/{code}/seats", json={"name": "Bob", "seat": 1})
        assert (await bob.delete(f"/api/rooms/{code}/seats/1")).status_code == 403
        assert (await client.delete(f"/api/rooms/{code}/seats/1")).status_code == 204
        room = (await client.get(f"/api/rooms/{code}")).json()
        assert room["seats"][1]["name"] is None


async def test_unknown_room_is_404(client: httpx.AsyncClient) -> None:
    response = await client.get("/api/rooms/zzzzzzzzzz")
    assert response.status_code == 404 and response.json()["code"] == "not_found"


async def test_openapi_documents_the_api_with_response_models(
    client: httpx.AsyncClient,
) -> None:
    spec = (await client.get("/openapi.json")).json()
    paths = spec["paths"]
    for path in ["/api/games", "/api/rooms", "/api/rooms/{code}", "/api/rooms/{code}/seats",
                 "/api/rooms/{code}/start", "/api/rooms/{code}/moves",
                 "/api/rooms/{code}/rematch", "/api/rooms/{code}/view",
                 "/api/rooms/{code}/seats/{seat}", "/api/rooms/{code}/seat",
                 "/api/rooms/{code}/chat"]:
        assert path in paths
    ok = paths["/api/rooms/{code}"]["get"]["responses"]["200"]["content"]["application/json"]
    assert ok["schema"]["$ref"].endswith("/RoomForYou")
    assert {"RoomInfo", "Snapshot", "Problem"} <= set(spec["components"]["schemas"])


async def test_cookies_are_secure_when_configured(
    sqlite_url: str, games: dict[str, object]
) -> None:
    from app.main import create_app
    from tests.conftest import settings_for

    settings = settings_for(sqlite_url).model_copy(update={"cookie_secure": True})
    secure_app = create_app(settings, games)  # type: ignore[arg-type]
    async with secure_app.router.lifespan_context(secure_app), another(secure_app) as client:
        response = await client.post("/api/rooms", json={"game": TOY, "seats": 2})
        assert "Secure" in response.headers["set-cookie"]


async def test_chat_through_the_api(app: FastAPI, client: httpx.AsyncClient) -> None:
    code = (await client.post("/api/rooms", json={"game": TOY, "seats": 2})).json()["code"]
    await client.post(f"/api/rooms/{code}/seats", json={"name": "Ann"})
    sent = await client.post(f"/api/rooms/{code}/chat", json={"text": " hi "})
    assert sent.status_code == 201 and sent.json()["name"] == "Ann"
    empty = await client.post(f"/api/rooms/{code}/chat", json={"text": ""})
    assert empty.status_code == 422 and empty.json()["code"] == "invalid_chat"
    assert [c["text"] for c in (await client.get(f"/api/rooms/{code}/chat")).json()] == ["hi"]


async def test_spectators_off_keeps_the_view_from_strangers(
    app: FastAPI, client: httpx.AsyncClient,
) -> None:
    code = (await client.post("/api/rooms", json={
        "game": TOY, "seats": 2, "spectators": False})).json()["code"]
    await client.post(f"/api/rooms/{code}/seats", json={"name": "Ann"})
    async with another(app) as bob, another(app) as stranger:
        await bob.post(f"/api/rooms/{code}/seats", json={"name": "Bob"})
        await client.post(f"/api/rooms/{code}/start")
        assert (await bob.get(f"/api/rooms/{code}/view")).json()["seat"] == 1
        refused = await stranger.get(f"/api/rooms/{code}/view")
        assert refused.status_code == 403 and "view" not in refused.json()
        assert refused.json()["detail"] == "This room does not allow spectators."


async def test_spectators_off_keeps_the_chat_from_strangers(
    app: FastAPI, client: httpx.AsyncClient,
) -> None:
    code = (await client.post("/api/rooms", json={
        "game": TOY, "seats": 2, "spectators": False})).json()["code"]
    await client.post(f"/api/rooms/{code}/seats", json={"name": "Ann"})
    said = await client.post(f"/api/rooms/{code}/chat", json={"text": "just us"})
    assert said.status_code == 201, said.text
    lines = (await client.get(f"/api/rooms/{code}/chat")).json()
    assert [line["text"] for line in lines] == ["just us"]
    async with another(app) as stranger:
        for method, body in (("GET", None), ("POST", {"text": "hello?"})):
            response = await stranger.request(method, f"/api/rooms/{code}/chat", json=body)
            assert response.status_code == 403 and "just us" not in response.text
            assert response.json()["detail"] == "This room does not allow spectators."
