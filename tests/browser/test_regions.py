"""The room page takes regions (docs/contracts.md §3): after the greeting a board message
carries only the regions that changed, and the page morphs them in. A board kept so over
many moves is the board a fresh page draws; a picked card stays picked across a regions
update; a regions message for a board the page does not hold makes it reconnect."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.play import Table, click_a_move, open_table, receive, sync, version
from tests.browser.test_room import PICK_BOARD, TABLE
from tests.games import toy
from tests.live import LiveServer

# Counts the board messages that came as regions (the page's own socket, unchanged).
_COUNT_REGIONS = """(() => {
  const Real = window.WebSocket;
  window.regionsSeen = 0;
  window.WebSocket = class extends Real {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => {
        if (String(e.data).includes('"regions":{')) window.regionsSeen += 1;
      });
    }
  };
})();"""


pytestmark = pytest.mark.usefixtures("toy_game")  # conftest.py: the toy game, registered


@pytest.fixture
def table(browser: Browser, app_server: LiveServer) -> Iterator[Table]:
    table = open_table(browser, app_server.url, "null-bock", ["Ann", "Bo", "Cy"],
                       prepare=lambda page: page.add_init_script(_COUNT_REGIONS))
    yield table
    table.close()


def test_a_board_kept_by_regions_is_the_board_a_fresh_page_draws(table: Table) -> None:
    rng = random.Random(4)
    pages = table.pages()
    assert table.spectator is not None
    made = 0
    while made < 12:
        seen = [sync(p, max(version(q) for q in pages)) for p in table.players]
        ready = [i for i, s in enumerate(seen) if s.controls]
        if not ready:
            break
        page = table.players[rng.choice(ready)]
        before = version(page)
        click_a_move(page, rng)
        sync(page, before + 1)
        made += 1
    top = max(version(p) for p in pages)
    assert made >= 8, made
    kept = {}
    for page in pages:
        sync(page, top)
        kept[id(page)] = page.locator("#board").inner_html()
        assert page.evaluate("window.regionsSeen") >= made // 2  # regions really came
    for page in pages:
        page.reload()
        expect(page.locator("#room")).to_have_attribute("data-connected", "true")
        sync(page, top)
        assert page.locator("#board").inner_html() == kept[id(page)]
    assert not table.errors


REGION_BOARD = PICK_BOARD.replace("{extra}", "")


def middle(extra: str) -> str:
    return TABLE.replace("{extra}", extra)


@pytest.fixture
def ann(browser: Browser, app_server: LiveServer) -> Iterator[Page]:
    """Ann at a toy table: only made-up messages are fed to her page."""
    table = open_table(browser, app_server.url, toy.HighCard.id, ["Ann", "Bo"],
                       spectator=False)
    yield table.players[0]
    table.close()


def test_a_picked_card_survives_a_regions_update(ann: Page) -> None:
    page = ann
    now = version(page)
    receive(page, {"type": "board", "version": now + 1, "html": REGION_BOARD})
    second = page.locator(".pick[data-pick='D7-1']")
    second.click()
    expect(page.locator("#board .dest:visible")).to_have_count(2)
    receive(page, {"type": "board", "version": now + 2, "base": now + 1,
                   "regions": {"middle": middle("<p id=newer>newer</p>")}})
    expect(page.locator("#newer")).to_have_count(1)
    expect(page.locator("#room")).to_have_attribute("data-version", str(now + 2))
    expect(second).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#board .dest:visible")).to_have_count(2)  # the new dests are lit
    # a regions message for a board the page does not hold: drop the socket, and the
    # greeting brings the server's whole board back
    receive(page, {"type": "board", "version": now + 7, "base": now + 6,
                   "regions": {"middle": middle("<p id=wrong></p>")}})
    expect(page.locator("#wrong")).to_have_count(0)
    expect(page.locator("#newer")).to_have_count(0)  # the server's board again
    expect(page.locator("#room")).to_have_attribute("data-version", str(now))
    expect(page.locator("#room")).to_have_attribute("data-connected", "true")
