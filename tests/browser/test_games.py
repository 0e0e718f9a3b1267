"""Whole games of every registered game, played by clicking in real browsers.

As few seats as the game allows (the room and seats are made over the API: the lobby's
forms have their own tests): one person, random bots in the other seats (more people
and their pages cost clicks and round trips and test nothing more: the spectator checks
what others see), a browser more watching. The person clicks random legal cards and
destinations until the final scores show; the spectator never has a move or a hand; the
person reloads mid-game and is back in their seat. The checks of checks.py (axe, no
sideways scrolling, prompt and hand on the first screen) run at both sizes at the start,
for the spectator (without axe: the start's board has had it), during a secret choice
and at the end (where at 1280x800 nothing scrolls and "Play again" is on the screen);
screenshots of each go to test-results/screenshots/ for review.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from app.games.registry import GAMES
from tests.browser.checks import check_page, end_fits, play_again_on_phone
from tests.browser.conftest import PHONE
from tests.browser.play import (
    CONTROLS,
    Table,
    open_table,
    play_to_the_end,
    version,
    wait_for_version,
)
from tests.live import LiveServer

# Options that keep a game short enough for a browser test.
SHORT = {
    "null-bock": {"rounds": 1},
    "stier-zoekt-bier": {},
    "four-pints-please": {},
    "bullenparty": {},
}
NAME = "Bo <b> & Co"  # names are escaped on every page
# Each game's secret choice, as its board's turn says it (data-phase): there the person
# chooses in secret while the others do (bots choose at once, so the seats still
# choosing are rarely more than the person's own).
SECRET = {
    "stier-zoekt-bier": "#board .board-turn[data-phase='draft']",
    "null-bock": "#board .board-turn[data-phase='edge']",
    "bullenparty": "#board .board-turn[data-phase='bid']",
}
RELOAD_AFTER = 5
# The cards slide (FLIP) in one game; the others prefer reduced motion, so a click never
# waits for a sliding card to come to rest (the shortest game keeps the slides).
MOVING = "null-bock"


def secret_step(page: Page, game_id: str) -> bool:
    """The person may choose, in the game's secret step (one round trip: it is asked
    after every move until seen)."""
    own = SECRET.get(game_id)
    return own is not None and bool(page.evaluate(
        "([c, o]) => document.querySelector(c) !== null && document.querySelector(o) !== null",
        [CONTROLS, own]))


def mover(table: Table) -> Page:
    """A player whose move it is (the checks look at the hand then), else the host."""
    ready = [p for p in table.players if p.locator(CONTROLS).count()]
    return ready[0] if ready else table.players[0]


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
    expect(page.locator("#panel .is-you .seatlist__name")).to_have_text(NAME)
    wait_for_version(page, now)
    expect(page.locator("#room")).to_have_attribute("data-connected", "true")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_whole_game_in_the_browser(
    game_id: str, browser: Browser, app_server: LiveServer, screenshot_dir: Path
) -> None:
    options: dict[str, Any] = SHORT.get(game_id, {})
    bots = GAMES[game_id].min_players - 1
    motion = "no-preference" if game_id == MOVING else "reduce"
    table = open_table(browser, app_server.url, game_id, [NAME], options, bots=bots,
                       reduced_motion=motion)
    try:
        for page in table.pages():
            expect(page.locator("#panel")).to_contain_text(NAME)
        assert_spectator_sees_no_secret(table)
        rules = table.players[0].locator("#rules")
        expect(rules.locator("summary")).to_have_text(f"Rules of {GAMES[game_id].title}")
        rules.locator("summary").click()
        expect(rules.locator("h2").first).to_be_visible()
        rules.locator("summary").click()
        problems = check_page(mover(table), screenshot_dir, f"{game_id}-start")
        assert table.spectator is not None
        problems += check_page(table.spectator, screenshot_dir, f"{game_id}-spectator", axe=False)
        secret_seen = secret_step(table.players[0], game_id)  # a game may begin in secret

        def check(moves: int) -> None:
            nonlocal secret_seen, problems
            if moves == RELOAD_AFTER:
                reload_and_check_seat(table, 0)
            if moves % 10 == 0:
                assert_spectator_sees_no_secret(table)
            if not secret_seen and moves > 1 and secret_step(table.players[0], game_id):
                secret_seen = True
                problems += check_page(mover(table), screenshot_dir, f"{game_id}-secret")
            if moves == 12 and not secret_seen:  # a game without secret steps: its middle
                problems += check_page(mover(table), screenshot_dir, f"{game_id}-midgame")

        play_to_the_end(table, random.Random(game_id), on_move=check)
        assert secret_seen or game_id not in SECRET, "no secret choice was checked"
        assert_spectator_sees_no_secret(table)
        for page in table.players:
            expect(page.locator("#rematch")).to_be_visible()
        # the spectator sees who wants to play again, the replay and the lobby, and
        # has no "Play again" of their own
        expect(table.spectator.locator("#rematch")).to_be_visible()
        expect(table.spectator.locator("#rematch form[action$='/rematch']")).to_have_count(0)
        problems += check_page(table.players[0], screenshot_dir, f"{game_id}-final")
        problems += end_fits(table.players[0], game_id)
        problems += play_again_on_phone(table.players[0], game_id)
        assert table.errors == []
        assert problems == [], "\n".join(problems)
        if game_id == MOVING:  # alone with bots, the person's "yes" starts the next game
            table.players[0].set_viewport_size(PHONE)
            table.players[0].get_by_role("button", name="Play again").click()
            expect(table.players[0].locator("#room")).to_have_attribute("data-status", "playing")
    finally:
        table.close()
