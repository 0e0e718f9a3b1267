"""/metrics (issue 35.6): the process's resident memory and every bounded table's size
and bound, as a small JSON object; the limits' tables stay within LIMIT_KEYS however
many clients come."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from app.main import create_app
from tests.conftest import TOY, settings_for


@pytest.fixture
async def small(sqlite_url: str, games: dict[str, Any]) -> AsyncIterator[FastAPI]:
    app = create_app(settings_for(sqlite_url).model_copy(
        update={"limit_keys": 5, "presence_rooms_kept": 7}), games)
    async with app.router.lifespan_context(app):
        yield app


async def test_metrics_report_memory_and_every_bound(small: FastAPI) -> None:
    for n in range(8):
        transport = httpx.ASGITransport(app=small, client=(f"10.2.0.{n}", 4000))
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
            made = await c.post("/api/rooms", json={"game": TOY.id, "seats": 2})
            assert made.status_code == 201
            await c.get(f"/r/{made.json()['code']}")
            await c.get("/rules/null-bock")
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=small),
                                 base_url="http://test") as c:
        metrics = (await c.get("/metrics")).json()
    assert metrics["rss_bytes"] > 10 * 2**20
    sizes = metrics["sizes"]
    assert sizes["limits.rooms"] == {"size": 5, "max": 5}  # 8 clients, 5 kept
    assert sizes["limits.chat"] == {"size": 0, "max": 5}
    assert sizes["presence.gone_rooms"]["max"] == 7
    assert sizes["rules.html"]["size"] >= 1 and sizes["rules.html"]["max"] == 64
    for name in ("log.pieces", "i18n.catalogues", "i18n.card_words", "rooms.live",
                 "rooms.locks_kept", "sockets.clients", "rooms.feeds", "render.formatted",
                 "render.catalogue_text", "render.turn", "invite.qr",
                 "four-pints-please.covers"):
        assert name in sizes, name
    assert all(set(v) == {"size", "max"} for v in sizes.values())
