"""Turn timers in Chromium: the lobby's timer choice, a countdown on every seat that
must act (for players and spectators alike), ticking, and gone once the seat acted."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.play import new_page, take_seat
from tests.games import toy
from tests.live import LiveServer

CLOCK = re.compile(r"^[0-9]+:[0-5][0-9]$")


pytestmark = pytest.mark.usefixtures("toy_game")  # conftest.py: the toy game, registered



def test_the_countdown_shows_on_the_acting_seats_and_ticks(
    browser: Browser, app_server: LiveServer
) -> None:
    errors: list[str] = []
    contexts = []
    ctx, ann = new_page(browser, errors)
    contexts.append(ctx)
    ann.goto(app_server.url + "/")
    setup = ann.locator(f"details.game__setup[data-game='{toy.HighCard.id}']")
    setup.locator("summary").click()
    form = setup.locator("form.game-form")
    form.locator("select[name=seats]").select_option("2")
    form.get_by_label("Time per decision").select_option("60")
    form.locator("button[type=submit]").click()
    ann.wait_for_url(re.compile(r".*/r/[^/?]+$"))
    link = ann.url
    take_seat(ann, "Ann")
    ctx, bo = new_page(browser, errors)
    contexts.append(ctx)
    bo.goto(link)
    take_seat(bo, "Bo")
    ctx, watcher = new_page(browser, errors)
    contexts.append(ctx)
    watcher.goto(link)
    ann.locator("#start").click()
    try:
        for page in (ann, bo, watcher):
            expect(page.locator("#room")).to_have_attribute("data-status", "playing")
            for index in (0, 1):  # High card: both choose at once, both are timed
                clock = page.locator(
                    f"#panel .seatlist__seat[data-seat='{index}'] > .countdown")
                expect(clock).to_have_text(CLOCK)
                expect(clock).to_have_text(re.compile(r"^(1:00|0:5[0-9])$"))
        mine = ann.locator("#statusbar > .countdown")
        expect(mine).to_have_text(CLOCK)
        assert watcher.locator("#statusbar > .countdown").count() == 0  # no seat, no clock
        first = mine.inner_text()
        expect(mine).not_to_have_text(first, timeout=5000)  # it ticks
        deadline = ann.locator("#statusbar").get_attribute("data-deadline")
        assert deadline is not None and deadline == bo.locator(
            "#panel .seatlist__seat[data-seat='0']").get_attribute("data-deadline")
        ann.locator("#board .move").first.click()  # Ann has chosen: her clock is gone
        for page in (ann, bo, watcher):
            expect(page.locator(
                "#panel .seatlist__seat[data-seat='0'] > .countdown")).to_have_count(0)
            expect(page.locator(
                "#panel .seatlist__seat[data-seat='1'] > .countdown")).to_have_text(CLOCK)
        expect(ann.locator("#statusbar > .countdown")).to_have_count(0)
        expect(bo.locator("#statusbar > .countdown")).to_have_text(CLOCK)
        expect(bo.locator("#im-back")).to_be_hidden()  # nobody is away
        assert not errors, errors
    finally:
        for context in contexts:
            context.close()
