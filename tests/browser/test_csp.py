"""The pages meet the Content-Security-Policy in Chromium: the lobby, a room of every game
mid-game (boards, panel, chat), the rules, the card faces and /docs (Swagger UI from the
app's own files) log no CSP violation and no page error."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, expect

from app.games.registry import GAMES
from tests.browser.play import open_table
from tests.live import LiveServer


@pytest.fixture
def violations(browser: Browser) -> Iterator[list[str]]:
    found: list[str] = []
    yield found
    assert not found, found


def watch(page: Page, found: list[str]) -> Page:
    def on_console(message: ConsoleMessage) -> None:
        # Chromium words every CSP refusal so ("Refused to ... because it violates the
        # following Content Security Policy directive"); other refusals (a missing
        # stylesheet served as a JSON 404 under nosniff) are not this test's business.
        if "Content Security Policy" in message.text:
            found.append(f"{page.url}: {message.text}")

    page.on("console", on_console)
    page.on("pageerror", lambda exc: found.append(f"{page.url}: {exc}"))
    # The event fires for every blocked thing, also where nothing reaches the console.
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation', e =>"
        " console.error('Content Security Policy: ' + e.violatedDirective))")
    return page


def test_lobby_rules_cards_and_docs_meet_the_csp(
    browser: Browser, app_server: LiveServer, violations: list[str],
) -> None:
    context = browser.new_context()
    page = watch(context.new_page(), violations)
    for path in ["/", "/rules/null-bock", "/cards"]:
        page.goto(app_server.url + path)
        page.wait_for_load_state("networkidle")
    page.goto(app_server.url + "/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Stammtisch")
    expect(page.locator(".opblock").first).to_be_visible()
    context.close()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_room_of_every_game_meets_the_csp(
    browser: Browser, app_server: LiveServer, violations: list[str], game_id: str,
) -> None:
    # one person, bots in the other seats, a spectator: every kind of page, fewest loads
    bots = GAMES[game_id].min_players - 1
    table = open_table(browser, app_server.url, game_id, ["P0"], bots=bots,
                       prepare=lambda page: watch(page, violations))  # before each load
    try:
        for page in table.pages():
            expect(page.locator("#board .board")).to_be_visible()
        host = table.players[0]
        move = host.locator("#board button.move:visible, #board button.pick:visible").first
        if move.count():
            move.click()
        host.wait_for_load_state("networkidle")
        violations.extend(table.errors)
    finally:
        table.close()


def test_the_watch_sees_a_violation(browser: Browser, app_server: LiveServer) -> None:
    """The check above can fail: an inline style and an inline script are reported."""
    found: list[str] = []
    context = browser.new_context()
    page = watch(context.new_page(), found)
    page.goto(app_server.url + "/")
    page.evaluate("""() => {
        window.cspRefused = new Set();
        document.addEventListener('securitypolicyviolation',
                                  e => window.cspRefused.add(e.effectiveDirective));
        const div = document.createElement('div');
        div.setAttribute('style', 'color: red');
        document.body.append(div);
        const script = document.createElement('script');
        script.textContent = 'window.pwned = 1';
        document.body.append(script);
    }""")
    # the refusals are reported as they happen: wait for both, then the script did not run
    page.wait_for_function("() => window.cspRefused && window.cspRefused.size >= 2")
    assert page.evaluate("window.pwned") is None
    assert any("style-src" in f for f in found) and any("script-src" in f for f in found), found
    context.close()
