"""Fixtures for the web tests: people (HTTP + WebSocket clients) and a live server."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import pytest

from tests.client import Make, Person
from tests.live import LiveServer


@pytest.fixture
async def people() -> AsyncIterator[Make]:
    made: list[Person] = []

    def make(server: LiveServer) -> Person:
        person = Person(server)
        made.append(person)
        return person

    yield make
    for person in made:
        await person.close()


@pytest.fixture
def server(live_server: Callable[..., LiveServer], sqlite_url: str) -> LiveServer:
    return live_server(sqlite_url)
