"""The lobby in a real browser: it renders, it is usable on a phone, it has no JS errors."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.browser.conftest import DESKTOP, PHONE
from tests.browser.play import create_room
from tests.live import LiveServer


def test_lobby_renders_at_phone_and_desktop_sizes(
    browser: Browser, app_server: LiveServer, screenshot_dir: Path
) -> None:
    for name, size in (("phone", PHONE), ("desktop", DESKTOP)):
        context = browser.new_context(viewport=size)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
        page.goto(app_server.url + "/")
        expect(page.get_by_role("heading", name="Join a room")).to_be_visible()
        expect(page.get_by_label("Room code or link")).to_be_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], f"the lobby scrolls sideways at {name} size"
        page.screenshot(path=screenshot_dir / f"lobby-{name}.png", full_page=True)
        assert errors == []
        context.close()


def test_join_by_code_goes_to_the_room_page(browser: Browser, app_server: LiveServer) -> None:
    page = browser.new_page()
    page.goto(app_server.url + "/")
    page.get_by_label("Room code or link").fill(f"{app_server.url}/r/abc123")
    page.get_by_role("button", name="Join").click()
    page.wait_for_url("**/r/abc123")
    page.close()


def test_card_faces_page(browser: Browser, app_server: LiveServer, screenshot_dir: Path) -> None:
    for name, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page = browser.new_page(viewport=size)
        page.goto(app_server.url + "/cards")
        expect(page.locator(".card--doe").first).to_be_visible()
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
