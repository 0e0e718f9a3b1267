"""Driving rooms through the pages like people do: the lobby form, the link, the seat
form, the start button, and random clicks on the cards a board offers: a `.move` card
(one destination) or a move on a place of the table, or a `.pick` and then one of the
`.dest`s the page puts on the table for it (static/room/picks.js)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, BrowserContext, Page, expect

from app.games.registry import GAMES

DEFAULT_TIMEOUT_MS = 10_000


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


def api(context: BrowserContext, base_url: str, path: str, body: dict[str, Any]) -> Any:
    """A JSON API call with this browser's cookies (the seat and host cookies it sets
    stay in the context, as if a page had made the call)."""
    response = context.request.post(base_url + path, data=body)
    assert response.ok, f"{path}: {response.status} {response.text()}"
    return response.json()


def open_table(
    browser: Browser,
    base_url: str,
    game_id: str,
    names: list[str],
    options: dict[str, Any] | None = None,
    spectator: bool = True,
    viewport: dict[str, int] | None = None,
    bots: int = 0,
    prepare: Callable[[Page], Any] | None = None,
    devices: list[dict[str, Any]] | None = None,
    **context: Any,
) -> Table:
    """A private room, its seats taken, started: the host makes it and everyone takes
    their seat over the JSON API in their own browser (the lobby form and the seat form
    have tests of their own; here they would only cost page loads), `bots` seats after
    the people get random bots; then every page opens the link and the host presses
    Start on the page. `prepare(page)`: called for every page before it loads the room
    (listeners, init scripts). `context`: more options for every browser context;
    `devices[i]`: player i's own (a phone beside a desktop), over `viewport` and those."""
    errors: list[str] = []

    def device(i: int) -> dict[str, Any]:
        own = devices[i] if devices and i < len(devices) else {}
        return {"viewport": viewport, **context, **own}

    host_ctx, host = new_page(browser, errors, **device(0))
    room = api(host_ctx, base_url, "/api/rooms", {
        "game": game_id, "options": options or {}, "seats": len(names) + bots})
    code = room["code"]
    link = f"{base_url}/r/{code}"
    table = Table(link, code, [host], contexts=[host_ctx], errors=errors)
    api(host_ctx, base_url, f"/api/rooms/{code}/seats", {"name": names[0]})
    for i, name in enumerate(names[1:], start=1):
        ctx, page = new_page(browser, errors, **device(i))
        table.contexts.append(ctx)
        api(ctx, base_url, f"/api/rooms/{code}/seats", {"name": name})
        table.players.append(page)
    for seat in range(len(names), len(names) + bots):
        api(host_ctx, base_url, f"/api/rooms/{code}/bots", {"seat": seat, "level": "random"})
    if spectator:
        ctx, page = new_page(browser, errors, viewport=viewport, **context)
        table.contexts.append(ctx)
        table.spectator = page
    for page in table.pages():
        if prepare is not None:
            prepare(page)
        page.goto(link)
    expect(host.locator("#start")).to_be_enabled()
    host.locator("#start").click()
    for page in table.pages():
        expect(page.locator("#room")).to_have_attribute("data-status", "playing")
        # The host's page was reloaded by the start form and drawn "playing" by the
        # server: a test that clicks at once needs its new socket open.
        expect(page.locator("#room")).to_have_attribute("data-connected", "true")
    return table


# The room page's script is ES modules (static/room/); a test imports the one it needs
# and gets the very instance the page runs (a module is loaded once per URL), e.g.
# f"async () => {{ const {{ receive }} = {SOCKET}; ... }}".
SOCKET = 'await import("/static/room/socket.js")'


def receive(page: Page, message: dict[str, Any]) -> None:
    """`message` handled by the room page as if its socket had brought it."""
    page.evaluate(f"async m => ({SOCKET}).receive(m)", message)


def version(page: Page) -> int:
    return int(page.locator("#room").get_attribute("data-version") or -1)


def wait_for_version(page: Page, at_least: int) -> None:
    page.wait_for_function(
        "v => Number(document.getElementById('room').dataset.version) >= v", arg=at_least
    )


# The game's end as the page shows it: the final scores on the board (the toy game), or
# a game's final summary in the dock beside the table (the board's copy stays hidden).
FINAL = "#board .final-scores, #dock .scores--final"
# What a person can click first: a card (or control) with one move, or a card to pick.
CONTROLS = "#board .move:not(.dest):enabled, #board .pick:enabled"
# The button that sends a chosen secret choice (a `.move[data-confirm]`, static/room/picks.js).
CONFIRM = "#board .confirm__go"

# One round trip per page and move: wait (in the page) until it shows version `v`,
# then say what it offers. Polls every 10 ms (a board arrives over the socket).
_SYNC = """async ([v, controls, final, limit]) => {
  const room = document.getElementById("room");
  const t0 = performance.now();
  while (Number(room.dataset.version) < v) {
    if (performance.now() - t0 > limit) return null;
    await new Promise((done) => setTimeout(done, 10));
  }
  return {version: Number(room.dataset.version),
          controls: document.querySelectorAll(controls).length,
          final: document.querySelector(final) !== null};
}"""
# The controls as a person sees them: their names, pick ids and whether they are a
# secret choice to confirm, in document order.
_LIST = """sel => Array.from(document.querySelectorAll(sel), (b) =>
  [b.getAttribute("aria-label") || b.textContent.trim(), b.dataset.pick || null,
   b.hasAttribute("data-confirm")])"""


@dataclass
class Seen:
    version: int
    controls: int
    final: bool


def sync(page: Page, at_least: int) -> Seen:
    """`page` once it shows board `at_least` (fails after DEFAULT_TIMEOUT_MS)."""
    got = page.evaluate(_SYNC, [at_least, CONTROLS, FINAL, DEFAULT_TIMEOUT_MS])
    if got is None:
        alert = page.locator("#messages").inner_text()
        raise AssertionError(f"no board {at_least} (at {version(page)}): {alert!r}")
    return Seen(got["version"], got["controls"], got["final"])


def server_side(page: Page) -> dict[str, object]:
    """What the server holds for this viewer (its seat cookie), to tell a board that
    never came (the server is ahead) from a table that stopped (nobody moves)."""
    code = page.locator("#room").get_attribute("data-code")
    answer = page.request.get(page.url.split("/r/")[0] + f"/api/rooms/{code}/view")
    if not answer.ok:
        return {"status": answer.status}
    got = answer.json()
    view = got.get("view") or {}
    return {"version": got.get("version"), "status": got.get("status"),
            "to_act": view.get("to_act"), "moves": len(view.get("moves") or [])}


def finished(page: Page) -> bool:
    return page.locator(FINAL).count() > 0


# After a pick's click (its handler runs in the click): the destinations it lit, or
# None if the pick does not show as pressed.
_LIT = """([pick, lit]) => {
  const card = document.querySelector(pick);
  if (card === null || card.getAttribute("aria-pressed") !== "true") return null;
  return Array.from(document.querySelectorAll(lit), (b) =>
    [b.getAttribute("aria-label") || b.textContent.trim(), null]);
}"""


def click_a_move(page: Page, rng: random.Random, again: bool = True) -> str:
    """Click a random control as a person would; a pick is followed by one of its lit
    destinations (never a hidden one). Returns the accessible name of what was played.
    Each step is one round trip to the page where it can be (the whole games make
    hundreds of these). `again`: a card gone from the board since the list is chosen
    anew from the board that took its place, once."""
    offered = page.evaluate(_LIST, CONTROLS)  # the scores never lie over them
    assert offered, "no control to click"
    index = rng.randrange(len(offered))
    label, pick_id, confirm = offered[index]
    if pick_id is None:
        page.locator(CONTROLS).nth(index).click()
        if confirm:  # a secret choice: chosen, then confirmed (docs/contracts.md §4)
            page.locator(CONFIRM).click()
        return str(label)
    pick = f"#board .pick[data-pick='{pick_id}']"
    lit = "#board .dest.made"  # the picked pick's destinations, made by the page
    if page.locator(pick).count() == 0 and again:
        # A board came in since the list (another seat's move in a simultaneous step
        # ended it): the card is no longer offered, so the person chooses anew.
        return click_a_move(page, rng, again=False)
    page.locator(pick).click()  # by its id: a board coming in may reorder the controls
    dests = page.evaluate(_LIT, [pick, lit])
    if dests is None:
        # The tap landed as a board came in and the cards slid under it (a bot's move;
        # seen once in CI on a slow machine): a person whose tap did not take taps
        # again. Not pressed then either: say so as an expectation does.
        page.locator(pick).click()
        expect(page.locator(pick)).to_have_attribute("aria-pressed", "true")
        dests = page.evaluate(_LIST, lit)
    assert dests, f"picking {label!r} lit no destination"
    index = rng.randrange(len(dests))
    page.locator(lit).nth(index).click()
    return str(dests[index][0])


def play_to_the_end(
    table: Table,
    rng: random.Random,
    max_moves: int = 2000,
    on_move: Any = None,
) -> int:
    """Click random legal moves on whichever player's page offers some, until the
    final scores show. After each move every player's page is brought to the new
    board (one round trip each); the spectator catches up at the end (and wherever
    `on_move` looks at it). Returns the number of moves made."""
    moves = 0
    seen = [sync(p, version(p)) for p in table.players]
    while not seen[0].final:
        assert moves < max_moves, "the game did not end"
        ready = [i for i, s in enumerate(seen) if s.controls]
        if not ready:
            top = max(s.version for s in seen)
            if any(s.version < top for s in seen):  # late boards: wait for them
                seen = [sync(p, top) for p in table.players]
                continue
            # Every board is current and nobody can move: a bot's move is on its way.
            try:
                seen[0] = sync(table.players[0], top + 1)
            except AssertionError as late:
                states = [(version(p), p.locator("#messages").inner_text(), server_side(p))
                          for p in table.players]
                raise AssertionError(
                    f"nobody can move and the game is not over: {states}") from late
            seen = [sync(p, seen[0].version) for p in table.players]
            continue
        index = rng.choice(ready)
        page = table.players[index]
        label = click_a_move(page, rng)
        try:
            got = sync(page, seen[index].version + 1)
        except AssertionError as exc:
            raise AssertionError(f"move {label!r} got no new board: {exc}") from exc
        seen = [got if p is page else sync(p, got.version) for p in table.players]
        moves += 1
        if on_move is not None:
            on_move(moves)
    final = max(s.version for s in seen)
    for page in table.pages():
        sync(page, final)
        expect(page.locator(FINAL).first).to_be_visible()
    return moves


def screenshot(page: Page, folder: Path, name: str) -> None:
    page.screenshot(path=folder / f"{name}.png", full_page=True)


def api_game(url: str, seed: int, random_seats: tuple[int, ...] = ()) -> str:
    """A 3-player, 1-round Null Bock! game played to its end through the JSON API: the
    seats in `random_seats` play random moves, the others the good bot's. Returns the
    room code."""
    rng, rules = random.Random(seed), GAMES["null-bock"]
    people = [httpx.Client(base_url=url, timeout=10) for _ in range(3)]
    try:
        code: str = people[0].post("/api/rooms", json={
            "game": "null-bock", "options": {"rounds": 1}, "seats": 3}).json()["code"]
        for i, person in enumerate(people):
            person.post(f"/api/rooms/{code}/seats", json={"name": f"P{i}"}).raise_for_status()
        people[0].post(f"/api/rooms/{code}/start").raise_for_status()
        for _ in range(2000):
            snap = people[0].get(f"/api/rooms/{code}/view").json()
            if snap["status"] == "finished":
                return code
            seat = snap["view"]["to_act"][0]
            view = people[seat].get(f"/api/rooms/{code}/view").json()
            moves = view["view"]["moves"]
            move = rng.choice(moves) if seat in random_seats else (
                rules.bot_move(view["view"], seat, rng) or rng.choice(moves))
            people[seat].post(f"/api/rooms/{code}/moves", json={
                "version": view["version"], "move": move}).raise_for_status()
        raise AssertionError("the game did not end")
    finally:
        for person in people:
            person.close()
