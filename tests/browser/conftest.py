"""Browser tests: the system Chromium through pytest-playwright, against the real app
served by uvicorn on a free 127.0.0.1 port in a background thread.

Tests stay sync (Playwright's sync API runs its own event loop in this thread); the
server (tests/live.py, shared with the server tests) runs its loop in another thread.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.games.registry import GAMES, REGISTRY
from app.main import create_app
from tests.conftest import settings_for
from tests.live import LiveServer

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests last: Playwright's sync API keeps an event loop running in the main
    thread from its first test to the end of the session, and pytest-asyncio's tests
    cannot run their own loops after that."""
    items.sort(key=lambda item: item.nodeid.startswith("tests/browser/"))


def _needs_chromium() -> None:
    """The system Chromium (never `playwright install`). Missing: skipped locally, a
    failure under CI=true, so CI cannot pass by skipping."""
    if Path(CHROMIUM).exists():
        return
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{CHROMIUM} is missing, but CI=true: the browser tests must run")
    pytest.skip(f"{CHROMIUM} is missing (set CHROMIUM to another Chromium binary)")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    _needs_chromium()
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="module")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One real server per test module, on a fresh SQLite file made by the migrations
    (the app runs them at start, in its own thread: Playwright's loop owns this one)."""
    db = tmp_path_factory.mktemp("db") / "stammtisch.sqlite3"
    url = f"sqlite+aiosqlite:///{db}"
    # Every page comes from 127.0.0.1: one client, whose sockets and API calls in a room
    # share one chat budget; 10 lines at once, then one every 6 s (test_room.py meets it).
    settings = settings_for(url).model_copy(update={"chat_per_minute": 10})
    server = LiveServer(create_app(settings))
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def screenshot_dir(pytestconfig: pytest.Config) -> Path:
    out = Path(str(pytestconfig.getoption("--output"))) / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    return out


@pytest.fixture(scope="module")
def toy_game() -> Iterator[None]:
    """The toy game (with an outcome) in the catalogue, for a module's tables."""
    from tests.browser.test_toy_game import HighCardWithOutcome
    from tests.games import toy

    rules = HighCardWithOutcome()
    GAMES[rules.id] = rules
    REGISTRY[rules.id] = dataclasses.replace(toy.GAME, rules=rules)  # apps made from now
    yield
    GAMES.pop(rules.id, None)
    REGISTRY.pop(rules.id, None)
