"""Issue 37 items 4 and 5 in Chromium on a phone (390x844): the host opens the room's
settings and switches spectators off (a spectator's open page is told it may not watch),
and a replay step shows the good bot's advice, marked where the player's move differs;
axe finds nothing serious on either. Screenshots at both sizes."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.browser.checks import serious_violations
from tests.browser.conftest import DESKTOP, PHONE
from tests.browser.play import api_game, new_page
from tests.live import LiveServer

GAME = "null-bock"


def open_settings(page: Page) -> None:
    info = page.locator("#room-info")
    if info.get_attribute("open") is None:
        info.locator("> summary").click()
    change = page.locator(".room-settings__change")
    change.locator("summary").click()
    expect(change.locator("form")).to_be_visible()


def test_the_host_switches_spectators_off_on_a_phone(
    browser: Browser, app_server: LiveServer, screenshot_dir: Path,
) -> None:
    errors: list[str] = []
    host_context, host = new_page(browser, errors, viewport=PHONE)
    watcher_context, watcher = new_page(browser, errors, viewport=PHONE)
    bob_context, bob = new_page(browser, errors, viewport=PHONE)
    api = host_context.request
    code = api.post(f"{app_server.url}/api/rooms",
                    data={"game": GAME, "seats": 3}).json()["code"]
    api.post(f"{app_server.url}/api/rooms/{code}/seats", data={"name": "Anna"})
    bob_context.request.post(f"{app_server.url}/api/rooms/{code}/seats", data={"name": "Bob"})
    api.post(f"{app_server.url}/api/rooms/{code}/bots", data={"seat": 2})
    for page in (watcher, bob):
        page.goto(f"{app_server.url}/r/{code}")
        expect(page.locator("#room")).to_have_attribute("data-connected", "true")
    expect(bob.locator(".room-settings__now")).to_contain_text("Spectators are welcome")
    expect(bob.locator(".room-settings__change")).to_have_count(0)  # the host's only
    host.goto(f"{app_server.url}/r/{code}")
    open_settings(host)
    assert not serious_violations(host)
    form = host.locator(".room-settings__form")
    form.get_by_label("Public (listed in the lobby)").check()
    form.get_by_label("Allow spectators").uncheck()
    form.get_by_label("Time per decision").select_option("60")
    form.get_by_role("button", name="Save the settings").click()
    now = host.locator(".room-settings__now")
    expect(now).to_contain_text("Public: listed in the lobby")
    expect(now).to_contain_text("No spectators")
    expect(now).to_contain_text("Time per decision: 1 minute")
    # the spectator's socket was closed (4403): the page says they may not watch
    expect(watcher.locator("#room")).to_have_attribute("data-connected", "false")
    expect(watcher.locator("#messages")).not_to_be_empty()
    # a player stays, and the panel the page fetches anew says the new settings
    expect(bob.locator(".room-settings__now")).to_contain_text("No spectators")
    expect(bob.locator("#room")).to_have_attribute("data-connected", "true")
    open_settings(host)
    assert not serious_violations(host)
    for name, size in (("phone", PHONE), ("desktop", DESKTOP)):
        host.set_viewport_size(size)
        host.locator(".room-settings").scroll_into_view_if_needed()
        host.screenshot(path=str(screenshot_dir / f"room-settings-{name}.png"))
    assert not errors
    for context in (bob_context, watcher_context, host_context):
        context.close()


def test_a_replay_step_shows_the_good_bots_advice_on_a_phone(
    browser: Browser, app_server: LiveServer, screenshot_dir: Path,
) -> None:
    code = api_game(app_server.url, 11, random_seats=(0,))  # P0 random
    errors: list[str] = []
    context, page = new_page(browser, errors, viewport=PHONE)
    page.goto(f"{app_server.url}/r/{code}/games/1?step=0&seat=0")
    expect(page.locator("#replay-advice")).to_have_count(0)
    page.get_by_label("Show the good bot's advice").check()
    advice = page.locator("#replay-advice")
    expect(advice).to_have_attribute("data-state", "ready")
    assert "advice=1" in page.url
    # step on to a move of P0's (random) that the good bot would not have made
    for _ in range(60):
        if (advice.get_attribute("data-seat"), advice.get_attribute("data-same")) == (
                "0", "false"):
            break
        step = int(page.locator("#replay-caption").get_attribute("data-step") or 0)
        page.locator("#replay-forward").click()
        expect(page.locator("#replay-caption")).to_have_attribute("data-step", str(step + 1))
        expect(advice).to_have_attribute("data-state", "ready")
    expect(advice.locator(".advice__mark--differs")).to_contain_text(
        "P0's move differs from the good bot's.")
    expect(advice.locator(".advice__suggested")).not_to_be_empty()
    assert not serious_violations(page)
    for name, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        page.screenshot(path=str(screenshot_dir / f"replay-advice-{name}.png"))
    page.get_by_label("Show the good bot's advice").uncheck()
    expect(page.locator("#replay-advice")).to_have_count(0)
    assert not errors
    context.close()
