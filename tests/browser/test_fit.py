"""At 1280x800 the whole table of every game, at its largest player count, fits on one
screen while the game runs: the document does not scroll, nor does the table inside it
(docs/contracts.md §5; issue 10). One person plays against random bots, so the board is
as full of opponents as it gets. At the start neither the page nor the table scrolls;
a few moves in the page still does not (a board that grows past the screen, e.g. a
round's summary, scrolls inside the table). Without motion (no slides to wait for)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from app.games.registry import GAMES
from tests.browser.checks import end_fits, off_first_screen, serious_violations
from tests.browser.conftest import DESKTOP, PHONE
from tests.browser.play import CONTROLS, click_a_move, open_table, sync, version
from tests.live import LiveServer

SHORT = {"null-bock": {"rounds": 1}}
MOVES = 4

# How far the page and the table would scroll, and any pile whose card (with its
# last-play outline, 5 px) runs into the pile's label; once the cards have slid into
# place (a moving card's transform counts as overflow; the glow of a lit destination
# never ends, so only finite animations are waited for).
_MEASURE = """async () => {
  await Promise.all(document.getAnimations()
    .filter((a) => a.effect && a.effect.getTiming().iterations !== Infinity)
    .map((a) => a.finished.catch(() => null)));
  const doc = document.documentElement, table = document.querySelector(".room__table");
  const clash = Array.from(document.querySelectorAll("#board .pile"), (pile) => {
    const card = pile.querySelector(":scope > .card, :scope > .place > .card");
    const label = pile.querySelector(".pile__label");
    if (!card || !label) return null;
    const c = card.getBoundingClientRect(), l = label.getBoundingClientRect();
    return c.bottom + 5 > l.top && c.top < l.bottom
      ? `${label.textContent} (card to ${Math.round(c.bottom)}, label from ${Math.round(l.top)})`
      : null;
  }).filter(Boolean);
  return {page: doc.scrollHeight - doc.clientHeight,
          table: table.scrollHeight - table.clientHeight, clash: clash};
}"""


def overflow(page: Page, when: str, inside: bool = False) -> list[str]:
    got = page.evaluate(_MEASURE)
    out = []
    if got["page"] > 0:
        out.append(f"{when}: the page scrolls {got['page']}px")
    if inside and got["table"] > 1:
        out.append(f"{when}: the table scrolls {got['table']}px inside")
    out += [f"{when}: a card runs into the label {label!r}" for label in got["clash"]]
    return out


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_largest_table_fits_a_desktop_screen(
    game_id: str, browser: Browser, app_server: LiveServer, screenshot_dir: Path
) -> None:
    rules = GAMES[game_id]
    table = open_table(browser, app_server.url, game_id, ["Ann"], SHORT.get(game_id),
                       spectator=False, viewport=DESKTOP, bots=rules.max_players - 1,
                       reduced_motion="reduce")
    page = table.players[0]
    rng = random.Random(game_id)
    try:
        problems = overflow(page, "at the start", inside=True)
        if rules.max_players == 6:  # the sixth seat's colour meets AA where it is used
            problems += serious_violations(page)
        for n in range(MOVES):
            seen = sync(page, version(page))
            if seen.final:
                break
            if seen.controls:
                click_a_move(page, rng)
                seen = sync(page, seen.version + 1)
            else:
                seen = sync(page, seen.version + 1)  # the bots' next board
            problems += overflow(page, f"after move {n + 1}")
        page.screenshot(path=screenshot_dir / f"{game_id}-{rules.max_players}p-desktop.png")
        assert table.errors == []
        assert problems == [], "\n".join(problems)
    finally:
        table.close()


ROUND_SUMMARY = "#board .summary:not(.summary--final)"
DOCKED = "#dock .scores:not(.scores--final)"  # the page keeps it into the next round


# Room seeds, so each run plays the same games (a random game each run made a rare
# board fail one run in many: CI must not depend on luck). 5009 gives Ann seven piles
# late in the last round, and their labels wrapped them to a second line beside her
# hand (the table scrolled 49 px); 77 is an ordinary game.
SEEDS = [77, 5009]


@pytest.mark.parametrize("seed", SEEDS, ids=lambda seed: f"seed-{seed}")
def test_five_bulls_fit_to_the_end_and_the_summary_is_a_panel(
    seed: int, browser: Browser, app_server: LiveServer, screenshot_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Bullenparty with five seats (one person, four random bots) played to the end at
    1280x800: after every move neither the page nor the table region scrolls, late in
    the game (piles and bulls everywhere) included; a round's summary opens as a panel
    over the middle (a dialog that takes the focus), so the table does not scroll
    either; Escape folds it and its button unfolds it. At 390x844 with the summary
    open, the prompt and the hand are on the first screen when it is the person's move.
    A fixed room seed plays the same game every run (the bots draw from the room's seed,
    the person from `rng`), so a board known to have overflowed comes back without luck."""
    monkeypatch.setattr("app.rooms.seating.new_seed", lambda: seed)
    table = open_table(browser, app_server.url, "bullenparty", ["Ann"], None,
                       spectator=False, viewport=DESKTOP, bots=4, reduced_motion="reduce")
    page = table.players[0]
    rng = random.Random("five bulls")
    problems: list[str] = []
    summaries = 0
    try:
        seen = sync(page, version(page))
        moves = 0
        while not seen.final:
            assert moves < 400, "the game did not end"
            if seen.controls:
                click_a_move(page, rng)
                moves += 1
                seen = sync(page, seen.version + 1)
            else:
                page.wait_for_function(  # the bots move: the next board
                    "v => Number(document.getElementById('room').dataset.version) > v",
                    arg=seen.version)
                seen = sync(page, version(page))
            problems += overflow(page, f"after move {moves} (v{seen.version})", inside=True)
            if summaries == 0 and page.locator(DOCKED).count():
                expect(page.locator("#dock .scores__title")).to_have_text("Round 1 is over")
                summaries += 1
                problems += round_summary_checks(page, screenshot_dir)
        problems += end_fits(page, "five bulls")
        page.screenshot(path=screenshot_dir / "bullenparty-5p-final-desktop.png")
        assert summaries == 1, "no round's summary was seen"
        assert table.errors == []
        assert problems == [], "\n".join(problems)
    finally:
        table.close()


def round_summary_checks(page: Page, screenshot_dir: Path) -> list[str]:
    """The round's scores beside the table (issue 34): a panel in the column of the log
    and chat on a desktop (the table does not scroll), its title focused so a screen
    reader reads it; on a phone a strip above the table whose Details opens it; nothing
    of it over the prompt or the hand."""
    dock = page.locator("#dock .scores")
    problems = overflow(page, "with the round's summary shown", inside=True)
    expect(page.locator("#dock .scores__title")).to_be_focused()
    if page.locator(ROUND_SUMMARY).count():  # the board's copy: the dock shows it
        expect(page.locator(ROUND_SUMMARY)).to_be_hidden()
    table = page.locator(".room__table").bounding_box()
    box = dock.bounding_box()
    assert table is not None and box is not None
    if box["x"] < table["x"] + table["width"]:
        problems.append(f"desktop: the scores {box} lie over the table {table}")
    page.screenshot(path=screenshot_dir / "bullenparty-5p-summary-desktop.png")
    page.set_viewport_size(PHONE)
    problems += [f"phone, summary shown: {m} is off the first screen"
                 for m in off_first_screen(page, PHONE)]
    toggle = page.locator("#dock .scores__toggle")
    if page.locator(CONTROLS).count():  # the viewer acts: folded to its strip
        expect(toggle).to_have_attribute("aria-expanded", "false")
        toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#dock .summary__table")).to_be_visible()
    page.screenshot(path=screenshot_dir / "bullenparty-5p-summary-phone.png")
    toggle.click()
    expect(page.locator("#dock .summary__table")).to_be_hidden()
    page.set_viewport_size(DESKTOP)
    return problems
