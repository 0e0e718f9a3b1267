"""The decision walk (issue 34, "Done when"): in every game two people play with a bot,
Ann on a phone (390x844, touch, device scale 2) and Bo at a desktop (1280x800), and at
each of their first decisions (at least WALK each; a game that ends sooner, as a short
Four pints game can, is followed by the next at the same table, both saying Play again)
the page must:

- show a control and its destination (a picked card's places, a secret choice's
  Confirm) on the screen as it arrived, at >= 90 % of the decisions;
- let every control and every destination of a picked card be brought into view, and
  then be the top element at its centre (nothing over it, the scores included);
- make every control at least 44 x 44 px and no text under 11 px;
- say the viewer's own prompt in the status bar.

Once each player goes offline at a decision: the banner within 2 s, back online it
goes, and the decision's move works. Then the game is played out and each page's final
scores link its replay. Bots move at once; without motion, so nothing slides.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from app.games.registry import GAMES
from tests.browser.conftest import DESKTOP, PHONE
from tests.browser.play import (
    CONTROLS,
    FINAL,
    Table,
    click_a_move,
    open_table,
    play_to_the_end,
    sync,
    version,
)
from tests.browser.walk import Decisions, check_decision
from tests.live import LiveServer

WALK = 12
OFFLINE_AT = 3  # the decision at which each player's network goes away and comes back
PEOPLE = ["Ann", "Bo"]
DEVICES: list[dict[str, Any]] = [
    {"viewport": PHONE, "device_scale_factor": 2, "is_mobile": True, "has_touch": True},
    {"viewport": DESKTOP},
]
SHORT: dict[str, dict[str, Any]] = {"null-bock": {"rounds": 1}}

# The next decision: a board on which only people are to act (a bot's move would change
# it under the checks; a board where people alone act changes only when they move), or
# the end. Resolves to [version, seats to act, over].
_SETTLED = """async ([people, final, atLeast, limit]) => {
  const room = document.getElementById("room");
  const t0 = performance.now();
  for (;;) {
    if (Number(room.dataset.version) >= atLeast) {
      const over = document.querySelector(final) !== null;
      const turn = document.querySelector("#board .board-turn");
      const toAct = turn ? turn.dataset.toAct.split(" ").filter(Boolean).map(Number) : [];
      if (over || (toAct.length && toAct.every((s) => people.includes(s)))) {
        return [Number(room.dataset.version), toAct, over];
      }
    }
    if (performance.now() - t0 > limit) return null;
    await new Promise((done) => setTimeout(done, 10));
  }
}"""


def settled(page: Page, at_least: int) -> tuple[int, list[int], bool]:
    got = page.evaluate(_SETTLED, [list(range(len(PEOPLE))), FINAL, at_least, 10_000])
    assert got is not None, f"no board for a person's decision (at v{version(page)})"
    return int(got[0]), list(got[1]), bool(got[2])


def offline_and_back(page: Page, label: str) -> list[str]:
    """The network goes away at a decision: the banner within 2 s; back, it goes and
    the page is connected again (the decision's move is made after it)."""
    context = page.context
    context.set_offline(True)
    start = time.monotonic()
    expect(page.locator("#connection")).to_contain_text("Connection lost", timeout=2_000)
    took = time.monotonic() - start
    context.set_offline(False)
    expect(page.locator("#connection")).to_be_empty()
    expect(page.locator("#room")).to_have_attribute("data-connected", "true")
    # the new socket's greeting is the board: its cards take taps again
    expect(page.locator(CONTROLS).first).to_be_visible()
    return [] if took < 2 else [f"{label}: the banner took {took:.1f}s"]


def play_again(table: Table, at: int) -> int:
    """Both people say Play again at the end; the next game's first version."""
    for page in table.players:
        sync(page, at)
        page.get_by_role("button", name="Play again").click()
    for page in table.players:
        expect(page.locator("#room")).to_have_attribute("data-status", "playing")
    return version(table.players[0])


def walk(table: Table, rng: random.Random) -> tuple[dict[str, Decisions], int]:
    """Both players' first WALK decisions, checked and made, and the game they end in."""
    seen = {name: Decisions() for name in PEOPLE}
    labels = {0: "phone", 1: "desktop"}
    problems: list[str] = []
    last = version(table.players[0])
    game_no = 1
    while min(d.made for d in seen.values()) < WALK:
        at, to_act, over = settled(table.players[0], last)
        if over:  # the seats' decisions are uneven in a push-your-luck game
            assert game_no < 3, f"two games ended after {[d.made for d in seen.values()]}"
            last, game_no = play_again(table, at), game_no + 1
            continue
        for page in table.players[1:]:
            sync(page, at)
        # the person with fewer decisions so far acts first (a simultaneous step)
        seat = min(to_act, key=lambda s: seen[PEOPLE[s]].made)
        page, mine = table.players[seat], seen[PEOPLE[seat]]
        check_decision(page, mine, labels[seat])
        if mine.made == OFFLINE_AT:
            problems += offline_and_back(page, f"{labels[seat]} decision {mine.made}")
        click_a_move(page, rng)
        last = sync(page, at + 1).version
    for name, decisions in seen.items():
        decisions.problems += [p for p in problems if p.startswith(labels[PEOPLE.index(name)])]
    return seen, game_no


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_decision_shows_its_cards_and_their_places(
    game_id: str, browser: Browser, app_server: LiveServer,
) -> None:
    bots = max(1, GAMES[game_id].min_players - len(PEOPLE))
    table = open_table(browser, app_server.url, game_id, PEOPLE, SHORT.get(game_id),
                       spectator=False, bots=bots, devices=DEVICES, reduced_motion="reduce")
    try:
        seen, game_no = walk(table, random.Random(game_id))
        problems: list[str] = []
        for name, decisions in seen.items():
            problems += decisions.problems
            if decisions.arrived < 0.9 * decisions.made:
                problems.append(f"{name}: a control and its destination on the screen as "
                                f"the page arrived at {decisions.arrived} of "
                                f"{decisions.made} decisions")
                problems += decisions.missed
        play_to_the_end(table, random.Random(f"{game_id} end"))
        code = table.code
        for page in table.players:  # the final scores link the game's replay
            replay = page.locator(f"#dock a[href='/r/{code}/games/{game_no}']")
            expect(replay).to_be_visible()
            expect(page.locator("#dock .scores--final")).to_be_visible()
        assert table.errors == []
        assert problems == [], "\n".join(problems)
    finally:
        table.close()
