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
from playwright.sync_api import Browser, Page

from app.games.registry import GAMES
from tests.browser.checks import serious_violations
from tests.browser.conftest import DESKTOP
from tests.browser.play import click_a_move, open_table, sync, version
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
    const card = pile.querySelector(":scope > .card"), label = pile.querySelector(".pile__label");
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
