"""The replay page in Chromium (issue 14): one short finished game (played through the
JSON API), stepped through with the keyboard and the seat picker; axe passes."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
from playwright.sync_api import Browser, Page, expect

from tests.browser.checks import serious_violations
from tests.browser.conftest import DESKTOP
from tests.browser.play import api_game, new_page
from tests.live import LiveServer

GAME = "null-bock"


def finished_game(url: str) -> tuple[str, int]:
    """A short game played by the good bot's choices (tests/browser/play.py): its room
    code and its number of moves."""
    code = api_game(url, 4)
    record = httpx.get(f"{url}/api/rooms/{code}/games/1/record", timeout=10).json()
    return code, len(record["moves"])


def at_step(page: Page, step: int) -> None:
    expect(page.locator("#replay-caption")).to_have_attribute("data-step", str(step))


def test_a_replay_steps_with_the_keyboard_and_passes_axe(
    browser: Browser, app_server: LiveServer,
) -> None:
    code, last = finished_game(app_server.url)
    errors: list[str] = []
    context, page = new_page(browser, errors, viewport=DESKTOP)
    page.goto(f"{app_server.url}/r/{code}/games/1?step=0")
    at_step(page, 0)
    expect(page.locator("#board .board")).to_be_visible()
    expect(page.locator("#replay-go")).to_be_hidden()  # the script steps at once
    page.keyboard.press("ArrowRight")
    at_step(page, 1)
    expect(page.locator("#replay-caption")).to_contain_text(f"Move 1 of {last}")
    page.keyboard.press("ArrowRight")
    at_step(page, 2)
    page.keyboard.press("ArrowLeft")
    at_step(page, 1)
    page.keyboard.press("End")
    at_step(page, last)
    expect(page.locator("#board .summary--final")).to_be_visible()
    page.keyboard.press("ArrowRight")  # past the end: stays at the end
    at_step(page, last)
    assert re.search(rf"step={last}&seat=open$", page.url)
    page.keyboard.press("Home")
    at_step(page, 0)
    assert not serious_violations(page)
    page.locator("#replay-seat").select_option("1")  # seat 1's eyes: its own hand below
    expect(page.locator("#board .mine.seat-c1")).to_be_visible()
    page.locator("#replay-forward").click()
    at_step(page, 1)
    assert page.locator("#replay-step").input_value() == "1"
    assert not serious_violations(page)
    assert not errors
    context.close()


def test_the_replay_works_without_javascript(
    browser: Browser, app_server: LiveServer, tmp_path: Path,
) -> None:
    code, last = finished_game(app_server.url)
    errors: list[str] = []
    context, page = new_page(browser, errors, viewport=DESKTOP, java_script_enabled=False)
    page.goto(f"{app_server.url}/r/{code}/games/1")
    at_step(page, last)
    page.locator("#replay-first").click()
    at_step(page, 0)
    page.locator("#replay-forward").click()
    at_step(page, 1)
    page.locator("#replay-seat").select_option("2")
    page.locator("#replay-go").click()
    at_step(page, 1)
    expect(page.locator("#board .mine.seat-c2")).to_be_visible()
    context.close()
