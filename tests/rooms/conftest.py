"""A RoomService on a real, migrated database (SQLite and PostgreSQL), no HTTP."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack
from typing import Any

import pytest

from app.db.engine import make_engine, sessions
from app.db.repository import Repository
from app.games.registry import GAMES
from app.realtime.memory import MemoryBroker
from app.rooms.service import RoomService

ServiceFactory = Callable[..., Any]


@pytest.fixture
async def make_service(
    database_url: str, toy: Any
) -> AsyncIterator[Callable[..., Any]]:
    """`await make_service()`: a new RoomService on the same database, as another
    process (or the same one after a restart) would have. Bots move at once unless
    `bot_delay_ms` says otherwise; `await service.close()` stops its bots (a shutdown)."""
    async with AsyncExitStack() as stack:

        async def make(bot_delay_ms: int = 0) -> RoomService:
            engine = make_engine(database_url)
            stack.push_async_callback(engine.dispose)
            broker = MemoryBroker()
            await broker.connect()
            stack.push_async_callback(broker.disconnect)
            service = RoomService(Repository(sessions(engine)), broker, GAMES,
                                  bot_delay_ms=bot_delay_ms)
            stack.push_async_callback(service.close)
            return service

        yield make


@pytest.fixture
async def service(make_service: Callable[[], Any]) -> RoomService:
    result: RoomService = await make_service()
    return result
