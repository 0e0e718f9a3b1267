"""Whole games of every registered game, played by clicking in real browsers.

Three people at one table (the host made a private room in the lobby; the other two came
by the link), a fourth browser watching. They click random legal moves until the final
scores show; the spectator never has a move or a hand; one player reloads mid-game and
is back in their seat. Screenshots of each board at phone and desktop size go to
test-results/screenshots/ for review.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from app.games.registry import GAMES
from tests.browser.conftest import DESKTOP, PHONE
from tests.browser.play import Table, open_table, play_to_the_end, version, wait_for_version
from tests.live import LiveServer

# Options that keep a game short enough for a browser test.
SHORT = {
    "null-bock": {"rounds": 1},
    "stier-zoekt-bier": {},
    "four-pints-please": {},
    "bullenparty": {},
}
NAMES = ["Ann", "Bo <b>", "Cy & Co"]  # names are escaped on every page
RELOAD_AFTER = 5


def shoot(page: Page, folder: Path, name: str) -> None:
    """The page at desktop and at phone size; the phone page must not scroll sideways."""
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=folder / f"{name}-desktop.png", full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=folder / f"{name}-phone.png", full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    page.set_viewport_size(DESKTOP)
    assert width <= PHONE["width"], f"{name}: the page is {width}px wide on a phone"


def assert_spectator_sees_no_secret(table: Table) -> None:
    spectator = table.spectator
    assert spectator is not None
    expect(spectator.locator("#board .move")).to_have_count(0)
    expect(spectator.locator("#board .hand .card:not(.card--back)")).to_have_count(0)
    expect(spectator.locator("#board .mine")).to_have_count(0)


def reload_and_check_seat(table: Table, index: int) -> None:
    page = table.players[index]
    now = version(table.players[0])
    page.reload()
    expect(page.locator("#panel .is-you .seatlist__name")).to_have_text(NAMES[index])
    wait_for_version(page, now)
    expect(page.locator("#room")).to_have_attribute("data-connected", "true")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_whole_game_in_the_browser(
    game_id: str, browser: Browser, app_server: LiveServer, screenshot_dir: Path
) -> None:
    options: dict[str, Any] = SHORT.get(game_id, {})
    players = max(GAMES[game_id].min_players, 3)
    table = open_table(browser, app_server.url, game_id, NAMES[:players], options)
    try:
        for page in table.pages():
            expect(page.locator("#panel")).to_contain_text("Bo <b>")
        assert_spectator_sees_no_secret(table)
        rules = table.players[0].locator("#rules")
        expect(rules.locator("summary")).to_have_text(f"Rules of {GAMES[game_id].title}")
        rules.locator("summary").click()
        expect(rules.locator("h2").first).to_be_visible()
        shoot(table.players[0], screenshot_dir, f"{game_id}-start")
        rules.locator("summary").click()
        assert table.spectator is not None
        shoot(table.spectator, screenshot_dir, f"{game_id}-spectator")

        def check(moves: int) -> None:
            if moves == RELOAD_AFTER:
                reload_and_check_seat(table, 1)
            if moves % 10 == 0:
                assert_spectator_sees_no_secret(table)
            if moves == 12:
                shoot(table.players[1], screenshot_dir, f"{game_id}-midgame")

        play_to_the_end(table, random.Random(game_id), on_move=check)
        assert_spectator_sees_no_secret(table)
        for page in table.players:
            expect(page.locator("#rematch")).to_be_visible()
        expect(table.spectator.locator("#rematch")).to_have_count(0)
        shoot(table.players[0], screenshot_dir, f"{game_id}-final")
        assert table.errors == []
    finally:
        table.close()
