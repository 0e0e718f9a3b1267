"""Issue 37 items 1-3 in Chromium on phones (390x844): Ann (the host) and Bo play Null
Bock! with a bot, Ann picks Bullenparty for the same table from the end's block, Bo's
page follows to the new game by itself, they play it out; then both pages show the
evening's standings (a line per player, a column per game) and the room's history with
both replays, and axe finds nothing serious on them. Screenshots at both sizes."""

from __future__ import annotations

import random
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.browser.checks import serious_violations
from tests.browser.conftest import DESKTOP, PHONE
from tests.browser.play import open_table, play_to_the_end
from tests.live import LiveServer

PHONES = [{"viewport": PHONE, "device_scale_factor": 2, "is_mobile": True, "has_touch": True},
          {"viewport": PHONE}]


def choose_next(host: Page, title: str) -> None:
    """The host picks the next game in the end's block, as a thumb would."""
    chooser = host.locator("#dock #next-game")
    chooser.locator("> summary").click()
    setup = chooser.locator("details.next-game__setup", has_text=title)
    setup.locator("> summary").click()
    setup.get_by_role("button", name=f"Play {title} next").click()


def test_two_games_at_one_table_and_the_evenings_standings(
    browser: Browser, app_server: LiveServer, screenshot_dir: Path,
) -> None:
    table = open_table(browser, app_server.url, "null-bock", ["Ann", "Bo"], {"rounds": 1},
                       spectator=False, bots=1, devices=PHONES, reduced_motion="reduce")
    ann, bo = table.players
    try:
        play_to_the_end(table, random.Random(37))
        # only the host is offered the choice
        expect(bo.locator("#next-game")).to_have_count(0)
        choose_next(ann, "Bullenparty")
        for page in (ann, bo):  # Bo's page follows: a new game's page, same link
            expect(page.locator("#room")).to_have_attribute("data-game", "bullenparty")
            expect(page.locator("#room")).to_have_attribute("data-status", "waiting")
            assert page.url == table.url
        expect(bo.locator("#panel .is-you .seatlist__name")).to_have_text("Bo")
        expect(ann.locator("#start")).to_be_enabled()
        ann.locator("#start").click()
        for page in (ann, bo):
            expect(page.locator("#room")).to_have_attribute("data-status", "playing")
            expect(page.locator("#room")).to_have_attribute("data-connected", "true")
        play_to_the_end(table, random.Random(38))

        for page, name in ((ann, "ann"), (bo, "bo")):
            standings = page.locator("#dock .standings")
            expect(standings).to_be_visible()
            expect(standings.locator("tbody tr")).to_have_count(3)
            expect(standings.locator("thead th.standings__game")).to_have_count(2)
            names = standings.locator("tbody th.standings__name").all_inner_texts()
            # (a bot's line ends in its "bot" badge)
            assert sorted(n.removesuffix("bot").strip() for n in names) == [
                "Ann", "Bo", "Bot 3"], names
            page.locator("#room-info > summary").click()
            history = page.locator("#panel .games-played__game")
            expect(history).to_have_count(2)
            expect(history.nth(0)).to_contain_text("Bullenparty")
            expect(history.nth(1)).to_contain_text("Null Bock!")
            for number in (1, 2):
                expect(page.locator(f"#panel a[href='/r/{table.code}/games/{number}']")
                       ).to_be_visible()
            assert serious_violations(page) == []
            page.screenshot(path=screenshot_dir / f"evening-{name}-phone.png", full_page=True)
        ann.set_viewport_size(DESKTOP)
        ann.locator("#room-info > summary").click()  # folded again: the table's own view
        ann.screenshot(path=screenshot_dir / "evening-ann-desktop.png", full_page=True)
        ann.locator("#room-info > summary").click()
        ann.screenshot(path=screenshot_dir / "evening-ann-desktop-room.png", full_page=True)
        # nothing in the opened panel is wider than it (its standings scroll instead)
        assert ann.evaluate("""() => { const box = document.querySelector('.room-info__body');
          const right = box.getBoundingClientRect().right;
          return [...box.querySelectorAll('li, section, form')].every(
            (el) => el.getBoundingClientRect().right <= right + 1); }""")
        # who is ahead shows in the side panel without scrolling the standings
        assert ann.evaluate("""() => { const box = document.querySelector(
            '#dock .standings__scroll').getBoundingClientRect();
          return [...document.querySelectorAll('#dock .standings__points')].every((el) => {
            const r = el.getBoundingClientRect();
            return r.width > 0 && r.left >= box.left && r.right <= box.right + 1; }); }""")
        assert serious_violations(ann) == []
        assert table.errors == []
    finally:
        table.close()
