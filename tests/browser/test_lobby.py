"""The lobby in a real browser: it renders, it is usable on a phone, it has no JS errors."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, expect

from app.games.registry import GAMES
from tests.browser.checks import check_page
from tests.browser.conftest import DESKTOP, PHONE
from tests.browser.play import create_room, take_seat
from tests.live import LiveServer


def test_lobby_renders_at_phone_and_desktop_sizes(
    browser: Browser, app_server: LiveServer, screenshot_dir: Path
) -> None:
    for size in (PHONE, DESKTOP):
        context = browser.new_context(viewport=size)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
        page.goto(app_server.url + "/")
        expect(page.get_by_role("heading", name="Join a room")).to_be_visible()
        expect(page.get_by_label("Room code or link")).to_be_visible()
        for game in GAMES.values():
            item = page.locator(f".game[data-game='{game.id}']")
            expect(item.locator(".game__meta")).to_contain_text(
                f"{game.min_players}\u2013{game.max_players} players")
            expect(item.locator(".game__meta")).to_contain_text("minutes")
            expect(item.locator(".game__blurb")).not_to_be_empty()
        assert errors == []
        context.close()


def test_lobby_and_room_pass_axe_and_fit_at_both_sizes(
    browser: Browser, app_server: LiveServer, screenshot_dir: Path
) -> None:
    page = browser.new_page()
    page.goto(app_server.url + "/")
    problems = check_page(page, screenshot_dir, "lobby")
    page.locator("details.game__setup").first.locator("summary").click()
    problems += check_page(page, screenshot_dir, "lobby-form")
    create_room(page, app_server.url, "null-bock", 3, {})
    take_seat(page, "Ann")
    problems += check_page(page, screenshot_dir, "room-waiting")
    page.close()
    assert problems == [], "\n".join(problems)


def test_one_game_form_at_a_time(browser: Browser, app_server: LiveServer) -> None:
    page = browser.new_page()
    page.goto(app_server.url + "/")
    setups = page.locator("details.game__setup")
    expect(setups.locator("form.game-form:visible")).to_have_count(0)
    setups.nth(0).locator("summary").click()
    expect(page.locator("form.game-form:visible")).to_have_count(1)
    setups.nth(1).locator("summary").click()
    expect(page.locator("form.game-form:visible")).to_have_count(1)
    expect(setups.nth(0)).not_to_have_attribute("open", "")
    page.close()


def test_play_now_with_bots_is_one_click_to_a_running_table(
    browser: Browser, app_server: LiveServer
) -> None:
    page = browser.new_page()
    page.goto(app_server.url + "/")
    game = GAMES["null-bock"]
    page.get_by_role("button", name=f"Play {game.title} now with bots").click()
    page.wait_for_url(re.compile(r".*/r/[^/?]+$"))
    expect(page.locator("#room")).to_have_attribute("data-status", "playing")
    expect(page.locator("#panel .is-you .seatlist__name")).to_have_text("Guest")
    seats = min(max(game.min_players, 3), game.max_players)
    expect(page.locator("#panel .seatlist__seat.is-bot")).to_have_count(seats - 1)
    expect(page.locator("#panel .is-bot .seatlist__dot")).to_have_count(0)  # never "offline"
    expect(page.locator("#panel .is-bot .badge--bot")).to_have_count(seats - 1)
    expect(page.locator("#room-info")).not_to_have_attribute("open", "")  # folded away
    expect(page.locator("#turn")).to_be_visible()
    page.close()


def test_join_by_code_goes_to_the_room_page(browser: Browser, app_server: LiveServer) -> None:
    page = browser.new_page()
    page.goto(app_server.url + "/")
    page.get_by_label("Room code or link").fill(f"{app_server.url}/r/abc123")
    page.get_by_role("button", name="Join").click()
    page.wait_for_url("**/r/abc123")
    page.close()


def test_a_refused_form_says_why_once_and_keeps_the_address_clean(
    browser: Browser, app_server: LiveServer
) -> None:
    page = browser.new_page()
    page.goto(app_server.url + "/")
    page.get_by_label("Room code or link").fill("no good!")
    page.get_by_role("button", name="Join").click()
    page.wait_for_url(app_server.url + "/")  # no ?error= to copy or to forge
    expect(page.locator(".message--error")).to_have_text("That is not a room code.")
    page.reload()
    expect(page.locator(".message--error")).to_have_count(0)
    page.close()


def test_card_faces_page(browser: Browser, app_server: LiveServer, screenshot_dir: Path) -> None:
    for name, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page = browser.new_page(viewport=size)
        page.goto(app_server.url + "/cards")
        cards = page.locator(".card")
        assert cards.count() >= 20, "the review page lost its samples"
        for i in range(cards.count()):
            expect(cards.nth(i)).to_be_visible()
        # a face whose words do not fit is cut off (cards hide their overflow)
        cut = cards.evaluate_all(
            "cs => cs.filter(c => c.scrollWidth > c.clientWidth + 1"
            " || c.scrollHeight > c.clientHeight + 1).map(c => c.dataset.card || c.className)"
        )
        assert cut == [], f"faces cut off at {size['width']}px: {cut}"
        page.screenshot(path=screenshot_dir / f"cards-{name}.png", full_page=True)
        page.close()


def test_without_javascript_the_forms_still_open_seat_and_start(
    browser: Browser, app_server: LiveServer
) -> None:
    contexts = [browser.new_context(java_script_enabled=False) for _ in range(3)]
    try:
        host, *guests = (context.new_page() for context in contexts)
        link = create_room(host, app_server.url, "null-bock", 3, {"rounds": 1})
        for page, name in zip((host, *guests), ("Ann", "Bo", "Cy"), strict=True):
            if page is not host:
                page.goto(link)
            page.get_by_label("Your name").fill(name)
            page.get_by_role("button", name="Take a seat").click()
            expect(page.locator("#panel .is-you .seatlist__name")).to_have_text(name)
        host.reload()
        host.get_by_role("button", name="Start the game").click()
        expect(host.locator("#room")).to_have_attribute("data-status", "playing")
        expect(host.locator("#board .move").first).to_be_visible()
    finally:
        for context in contexts:
            context.close()
