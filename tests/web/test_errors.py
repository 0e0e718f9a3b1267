"""app/web/errors.py: one mapping from exceptions to (status, code, message), used by the
API, the pages and the socket; and create_app(settings, games) serving the games given."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import httpx
import pytest
from fastapi import WebSocket
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from app.games.base import IllegalMove
from app.main import create_app
from app.rooms.errors import NotHost, RoomNotFound, StaleVersion
from app.web.errors import FormError, TooFast, alert_message, classify, wire_error
from tests.conftest import TOY, settings_for
from tests.live import LiveServer


@pytest.mark.parametrize(("exc", "status", "code"), [
    (StaleVersion(7), 409, "stale"),
    (NotHost(), 403, "not_host"),
    (RoomNotFound(), 404, "not_found"),
    (IllegalMove("You cannot play that card now."), 422, "illegal"),
    (FormError("Seats must be a number."), 422, "invalid_form"),
    (TooFast(), 429, "too_fast"),
    (HTTPException(404, "No such game."), 404, "not_found"),
    (ValueError("x"), 422, "malformed"),
    (KeyError("x"), 500, "error"),
])
def test_each_exception_has_one_status_and_code(
    exc: Exception, status: int, code: str
) -> None:
    error = classify(exc)
    assert (error.status, error.code) == (status, code)
    assert wire_error(exc).code == code
    assert alert_message(exc) == error.reason != ""


def test_stale_carries_the_current_version_everywhere() -> None:
    assert classify(StaleVersion(7)).body()["version"] == 7
    assert wire_error(StaleVersion(7)).version == 7


def test_a_validation_message_names_the_field_and_never_echoes_the_input() -> None:
    exc = RequestValidationError([{"type": "int_parsing", "loc": ("body", "version"),
                                   "msg": "Input should be a valid integer",
                                   "input": "\ud800secret"}])
    reason = classify(exc).reason
    assert reason == "Field body.version: Input should be a valid integer"
    assert "secret" not in reason


async def test_the_app_serves_the_games_it_is_given(sqlite_url: str) -> None:
    from tests.conftest import TOY_GAME

    app = create_app(settings_for(sqlite_url), {TOY_GAME.id: TOY_GAME})
    async with app.router.lifespan_context(app), httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://test"
    ) as client:
        assert [g["id"] for g in (await client.get("/api/games")).json()] == [TOY.id]
        assert (await client.get("/healthz")).json()["games"] == [TOY.id]
        lobby = (await client.get("/")).text
        assert f'data-game="{TOY.id}"' in lobby and 'data-game="null-bock"' not in lobby
        refused = await client.post("/api/rooms", json={"game": "null-bock", "seats": 3})
        assert refused.status_code == 422 and refused.json()["code"] == "unknown_game"


@pytest.mark.parametrize(("path", "content", "ctype", "status"), [
    ("/api/rooms", b'{"game": "\\ud800", "seats": 2}', "application/json", 422),
    ("/api/rooms", b'{"game": "toy-high-card", "seats": 2, "options": {"\\ud800": 1}}',
     "application/json", 422),
    ("/api/rooms/{code}/chat", b'{"text": "\\ud800"}', "application/json", 422),
    ("/api/rooms/{code}/chat", b"\xff\xfe\xfd", "text/plain", 422),
    ("/api/rooms/{code}/moves", b'{"version": NaN, "move": {}}', "application/json", 422),
    ("/api/rooms/{code}/moves", b'{"version": Infinity, "move": {}}', "application/json", 422),
    ("/api/rooms/{code}/moves", b'{"version": 1e999, "move": {}}', "application/json", 422),
    ("/api/rooms/{code}/moves", b'{"version": true, "move": {}}', "application/json", 422),
    ("/api/rooms/{code}/moves", b'{"version": 123456789012345678901234, "move": {}}',
     "application/json", 422),
    ("/api/rooms/{code}/chat", b'{"text": "' + b"x" * 70_000 + b'"}', "application/json", 413),
])
async def test_the_hostile_bodies_of_issue_13_get_a_readable_4xx(
    app: object, path: str, content: bytes, ctype: str, status: int,
) -> None:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),  # type: ignore[arg-type]
                                 base_url="http://test") as client:
        code = (await client.post("/api/rooms", json={"game": TOY.id, "seats": 2})).json()[
            "code"]
        await client.post(f"/api/rooms/{code}/seats", json={"name": "Ann"})
        response = await client.post(path.format(code=code), content=content,
                                     headers={"content-type": ctype})
        assert response.status_code == status, response.text
        assert response.json()["detail"] and response.json()["code"] in {
            "malformed", "too_big", "unknown_game", "invalid_options"}
        assert [c["text"] for c in (await client.get(f"/api/rooms/{code}/chat")).json()] == []


async def test_a_long_rules_name_is_not_found(app: object) -> None:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),  # type: ignore[arg-type]
                                 base_url="http://test") as client:
        for name in ["x" * 300, "..%2F..%2Fpyproject", "null-bock%00"]:
            response = await client.get(f"/rules/{name}")
            assert response.status_code == 404, name


@pytest.mark.parametrize("accepted", [False, True])
@pytest.mark.parametrize("exc", [RuntimeError("boom"), RoomNotFound()])
async def test_a_socket_s_escaping_error_ends_it_and_is_logged_as_itself(
    sqlite_url: str, games: dict[str, Any], accepted: bool, exc: Exception,
) -> None:
    """Sockets pass the app's error handlers too (they answer HTTP): an error that
    escapes a socket's endpoint is left to the server, which logs it and ends the
    socket (an HTTP 500 before it is accepted); the handlers do not fail on it."""
    app = create_app(settings_for(sqlite_url), games)

    async def failing(websocket: WebSocket) -> None:
        if accepted:
            await websocket.accept()
        raise exc

    app.add_api_websocket_route("/ws/failing", failing)
    said: list[logging.LogRecord] = []
    handler = logging.Handler(logging.ERROR)
    handler.emit = said.append  # type: ignore[method-assign]
    logger = logging.getLogger("uvicorn.error")
    server = LiveServer(app)  # (its logging set up first: then the handler is added)
    server.start()
    logger.addHandler(handler)
    try:
        if accepted:
            async with connect(f"{server.ws_url}/ws/failing") as ws:
                with pytest.raises(ConnectionClosed):
                    await asyncio.wait_for(ws.recv(), 10)
        else:
            with pytest.raises(InvalidStatus) as refused:
                await connect(f"{server.ws_url}/ws/failing")
            assert refused.value.response.status_code == 500
    finally:
        server.stop()
        logger.removeHandler(handler)
    assert [r.exc_info[1] if r.exc_info else None for r in said] == [exc]
