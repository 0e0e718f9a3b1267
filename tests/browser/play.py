"""Driving rooms through the pages like people do: the lobby form, the link, the seat
form, the start button, and random clicks on the cards a board offers: a `.move` card
(one destination), or a `.pick` card and then one of the `.dest`s it lights up."""

from __future__ import annotations

import random
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect

DEFAULT_TIMEOUT_MS = 10_000
IDLE_LIMIT_S = 10


@dataclass
class Table:
    """A room with its pages: players[i] sits in seat i; spectator watches if present."""

    url: str
    code: str
    players: list[Page]
    spectator: Page | None = None
    contexts: list[BrowserContext] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def pages(self) -> list[Page]:
        return self.players + ([self.spectator] if self.spectator else [])

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def new_page(
    browser: Browser, table_errors: list[str], **kwargs: Any
) -> tuple[BrowserContext, Page]:
    context = browser.new_context(**kwargs)
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    page = context.new_page()
    page.on("pageerror", lambda exc: table_errors.append(str(exc)))
    return context, page


def create_room(
    page: Page,
    base_url: str,
    game_id: str,
    seats: int,
    options: dict[str, Any],
    spectators: bool = True,
) -> str:
    """Fill the game's lobby form (private room) and return the new room's link."""
    page.goto(base_url + "/")
    setup = page.locator(f"details.game__setup[data-game='{game_id}']")
    setup.locator("summary").click()  # one game's form at a time, folded until asked
    expect(setup).to_have_attribute("open", "")
    form = setup.locator("form.game-form")
    form.locator("select[name=seats]").select_option(str(seats))
    for name, value in options.items():
        field_ = form.locator(f"[name='opt.{name}']")
        if isinstance(value, bool):
            field_.set_checked(value)
        elif field_.evaluate("el => el.tagName") == "SELECT":
            field_.select_option(str(value))
        else:
            field_.fill(str(value))
    form.get_by_label("Private (link only)").check()
    form.get_by_label("Allow spectators").set_checked(spectators)
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r".*/r/[^/?]+$"))
    return page.url


def take_seat(page: Page, name: str) -> None:
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Take a seat").click()
    expect(page.locator("#panel .is-you .seatlist__name")).to_have_text(name)


def open_table(
    browser: Browser,
    base_url: str,
    game_id: str,
    names: list[str],
    options: dict[str, Any] | None = None,
    spectator: bool = True,
    viewport: dict[str, int] | None = None,
) -> Table:
    """Host opens a private room; everyone else joins by the link; the host starts."""
    errors: list[str] = []
    host_ctx, host = new_page(browser, errors, viewport=viewport)
    link = create_room(host, base_url, game_id, len(names), options or {})
    code = link.rstrip("/").rsplit("/", 1)[-1]
    table = Table(link, code, [host], contexts=[host_ctx], errors=errors)
    take_seat(host, names[0])
    for name in names[1:]:
        ctx, page = new_page(browser, errors, viewport=viewport)
        table.contexts.append(ctx)
        page.goto(link)
        take_seat(page, name)
        table.players.append(page)
    if spectator:
        ctx, page = new_page(browser, errors, viewport=viewport)
        table.contexts.append(ctx)
        page.goto(link)
        table.spectator = page
    expect(host.locator("#start")).to_be_enabled()
    host.locator("#start").click()
    for page in table.pages():
        expect(page.locator("#room")).to_have_attribute("data-status", "playing")
    return table


def version(page: Page) -> int:
    return int(page.locator("#room").get_attribute("data-version") or -1)


def wait_for_version(page: Page, at_least: int) -> None:
    page.wait_for_function(
        "v => Number(document.getElementById('room').dataset.version) >= v", arg=at_least
    )


FINAL = "#board .final-scores, #board .summary--final"
# What a person can click first: a card (or control) with one move, or a card to pick.
CONTROLS = "#board .move:not(.dest):enabled, #board .pick:enabled"


def finished(page: Page) -> bool:
    return page.locator(FINAL).count() > 0


def click_a_move(page: Page, rng: random.Random) -> str:
    """Click a random control as a person would; a pick is followed by one of its lit
    destinations (never a hidden one). Returns the accessible name of what was played."""
    controls = page.locator(CONTROLS)
    # a handle, not a locator: once clicked, the controls are disabled and `:enabled`
    # would match others
    control = controls.nth(rng.randrange(controls.count())).element_handle()
    label = control.get_attribute("aria-label") or control.inner_text()
    pick_id = control.get_attribute("data-pick")
    control.click()
    if pick_id is None:
        return label
    expect(page.locator(f"#board .pick[data-pick='{pick_id}']")).to_have_attribute(
        "aria-pressed", "true"
    )
    dests = page.locator(f"#board .dest[data-pick-for='{pick_id}']:visible")
    assert dests.count() > 0, f"picking {label!r} lit no destination"
    dest = dests.nth(rng.randrange(dests.count()))
    label = dest.get_attribute("aria-label") or dest.inner_text()
    dest.click()
    return label


def play_to_the_end(
    table: Table,
    rng: random.Random,
    max_moves: int = 2000,
    on_move: Any = None,
) -> int:
    """Click random legal moves on whichever player's page offers some, until the
    final scores show. Returns the number of moves made."""
    moves = 0
    idle_since = time.monotonic()
    while not finished(table.players[0]):
        assert moves < max_moves, "the game did not end"
        ready = [p for p in table.players if p.locator(CONTROLS).count()]
        if not ready:
            # Everyone waits for a board that is on its way.
            if time.monotonic() - idle_since > IDLE_LIMIT_S:
                states = [(version(p), p.locator("#messages").inner_text()) for p in table.players]
                raise AssertionError(f"nobody can move and the game is not over: {states}")
            table.players[0].wait_for_timeout(30)
            continue
        idle_since = time.monotonic()
        page = rng.choice(ready)
        before = version(page)
        label = click_a_move(page, rng)
        try:
            wait_for_version(page, before + 1)
        except Exception as exc:
            alert = page.locator("#messages").inner_text()
            raise AssertionError(f"move {label!r} got no new board: {alert!r}") from exc
        now = version(page)
        for other in table.pages():
            wait_for_version(other, now)
        moves += 1
        if on_move is not None:
            on_move(moves)
    for page in table.pages():
        expect(page.locator(FINAL).first).to_be_visible()
    return moves


def screenshot(page: Page, folder: Path, name: str) -> None:
    page.screenshot(path=folder / f"{name}.png", full_page=True)
