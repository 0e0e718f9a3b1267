"""Security headers on every answer of a real server, no `server: uvicorn` banner, and
/docs served from the app's own files (no CDN)."""

from __future__ import annotations

import re

import httpx
import pytest

from tests.conftest import TOY
from tests.live import LiveServer


@pytest.mark.parametrize(("path", "status"), [
    ("/", 200), ("/r/nosuchroom", 404), ("/api/games", 200), ("/api/rooms/nosuchroom", 404),
    ("/static/app.css", 200), ("/rules/null-bock", 200), ("/docs", 200),
    ("/openapi.json", 200), ("/cards", 200),
])
async def test_every_answer_carries_the_security_headers(server: LiveServer, path: str,
                                                         status: int) -> None:
    async with httpx.AsyncClient(base_url=server.url) as client:
        response = await client.get(path)
    assert response.status_code == status
    headers = response.headers
    csp = headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "object-src 'none'" in csp
    assert re.search(r"script-src 'self'(;|$)", csp)  # no inline script, no CDN
    if path != "/docs":
        assert re.search(r"style-src 'self'(;|$)", csp)  # no inline style either
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "same-origin"
    assert headers["x-frame-options"] == "DENY"
    assert "server" not in headers


async def test_errors_and_refusals_carry_them_too(server: LiveServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as client:
        refused = await client.post("/api/rooms", json={"game": TOY.id, "seats": 2},
                                    headers={"origin": "http://elsewhere.example"})
        malformed = await client.post("/api/rooms", content=b"NaN")
    assert (refused.status_code, malformed.status_code) == (403, 422)
    for response in (refused, malformed):
        assert "frame-ancestors 'none'" in response.headers["content-security-policy"]


async def test_docs_load_swagger_ui_from_the_app(server: LiveServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as client:
        page = (await client.get("/docs")).text
        sources = re.findall(r'<(?:script|link)\s[^>]*(?:src|href)="([^"]+)"', page)
        assert sources and all(s.startswith("/static/") for s in sources), sources
        assert "<script>" not in page  # every script is a file
        for source in sources:
            asset = await client.get(source)
            assert asset.status_code == 200 and len(asset.content) > 100, source
        assert (await client.get("/static/vendor/swagger-ui/LICENSE")).status_code == 200
        assert (await client.get("/redoc")).status_code == 404  # it would need a CDN


@pytest.mark.parametrize("path", ["/healthz", "/", "/rules/null-bock", "/api/games",
                                  "/static/app.css"])
async def test_head_answers_as_get_without_the_body(server: LiveServer, path: str) -> None:
    async with httpx.AsyncClient(base_url=server.url) as client:
        got = await client.get(path)
        head = await client.head(path)
    assert head.status_code == got.status_code == 200
    assert head.content == b""
    assert head.headers["content-type"] == got.headers["content-type"]
    assert "frame-ancestors 'none'" in head.headers["content-security-policy"]


async def test_head_of_a_missing_room_is_still_a_404(server: LiveServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as client:
        head = await client.head("/r/nosuchroom")
    assert head.status_code == 404 and head.content == b""
