"""The room page's live parts: refused moves, late updates, chat, presence, spectators."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from html import escape
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.play import (
    SOCKET,
    Table,
    create_room,
    new_page,
    open_table,
    play_to_the_end,
    receive,
    take_seat,
    version,
    wait_for_version,
)
from tests.games import toy
from tests.live import LiveServer

pytestmark = pytest.mark.usefixtures("toy_game")  # conftest.py: the toy game, registered


@pytest.fixture
def table(browser: Browser, app_server: LiveServer) -> Iterator[Table]:
    """Ann and Bo at a started table (no spectator: a browser more costs a page load)."""
    table = open_table(browser, app_server.url, toy.HighCard.id, ["Ann", "Bo"],
                       spectator=False)
    yield table
    table.close()


@pytest.fixture(scope="module")
def sandbox(browser: Browser, app_server: LiveServer) -> Iterator[Table]:
    """One table for the tests that make no move the server takes (they feed Ann's page
    made-up messages, or send a move it refuses, or only look): they can share it."""
    table = open_table(browser, app_server.url, toy.HighCard.id, ["Ann", "Bo"],
                       spectator=False)
    yield table
    table.close()


@pytest.fixture
def ann(sandbox: Table) -> Page:
    """Ann's page at the shared table, reloaded: the server's board again, whatever the
    test before fed it (a reload costs far less than a new table)."""
    page = sandbox.players[0]
    page.reload()
    expect(page.locator("#room")).to_have_attribute("data-connected", "true")
    return page


@pytest.fixture
def watched(browser: Browser, app_server: LiveServer) -> Iterator[Table]:
    """The same table with a spectator watching."""
    table = open_table(browser, app_server.url, toy.HighCard.id, ["Ann", "Bo"])
    yield table
    table.close()


def test_an_illegal_move_shows_the_rules_reason_and_changes_nothing(ann: Page) -> None:
    page = ann
    before = version(page)
    button = page.locator("#board .move").first
    button.evaluate("b => { b.dataset.move = JSON.stringify({type: 'pick', card: 999}) }")
    button.click()
    expect(page.get_by_role("alert")).to_contain_text("You cannot play that card now.")
    assert version(page) == before
    expect(page.locator("#board .move:enabled").first).to_be_visible()  # usable again


def test_a_stale_move_is_refused_and_the_current_board_comes_back(table: Table) -> None:
    ann, bo = table.players
    start = version(bo)
    bo.locator("#board .move").first.click()
    wait_for_version(ann, start + 1)
    ann.locator("#board .move").first.click()  # both chose: the trick is played
    wait_for_version(bo, start + 2)
    wait_for_version(ann, start + 2)
    current = version(ann)
    # A version before this game: stale whatever happened since (a move from an older
    # view of this game that conflicts with nothing is applied, issue 11).
    ann.locator("#room").evaluate("(el, v) => { el.dataset.version = String(v) }", 0)
    ann.locator("#board .move").first.click()
    expect(ann.get_by_role("alert")).to_contain_text("The game has moved on")
    wait_for_version(ann, current)
    assert version(ann) == current


def test_a_late_board_never_replaces_a_newer_one(ann: Page) -> None:
    page = ann
    now = version(page)
    receive(page, {"type": "board", "version": now - 1, "html": "<p id=old>old</p>"})
    expect(page.locator("#old")).to_have_count(0)
    receive(page, {"type": "board", "version": now + 1, "html": "<p id=new>new</p>"})
    expect(page.locator("#new")).to_have_count(1)


def test_chat_reaches_everyone_escaped(watched: Table) -> None:
    ann, bo = watched.players
    text = "<img src=x onerror=alert(1)> cheers"
    ann.get_by_label("Message").fill(text)
    ann.get_by_role("button", name="Send").click()
    for page in watched.pages():
        expect(page.locator("#chat li").last).to_have_text(f"Ann: {text}")
        expect(page.locator("#chat img")).to_have_count(0)
    assert watched.spectator is not None
    watched.spectator.get_by_label("Message").fill("hello from the rail")
    watched.spectator.get_by_role("button", name="Send").click()
    expect(bo.locator("#chat li").last).to_have_text("Spectator: hello from the rail")
    bo.reload()  # the history comes back once
    expect(bo.locator("#chat li")).to_have_count(2)
    expect(bo.locator("#chat li").first).to_have_text(f"Ann: {text}")


def test_a_chat_line_refused_as_too_fast_stays_in_the_box(table: Table) -> None:
    ann = table.players[0]
    box = ann.get_by_label("Message")
    for n in range(1, 15):  # the budget holds 10 lines here (conftest), then 1 per 6 s
        box.fill(f"line {n}")
        box.press("Enter")
        # each answered before the next is typed: a refused line's words come back into
        # the empty box, and could land inside a fill under way (select all, then type)
        if n <= 10:
            expect(ann.locator("#chat li").nth(n - 1)).to_have_text(f"Ann: line {n}")
        else:
            expect(box).to_have_value(f"line {n}")  # refused: its words came back, not lost
    expect(ann.get_by_role("alert")).to_contain_text("Slow down a little")
    expect(box).to_have_value("line 14")
    expect(ann.locator("#chat li").first).to_have_text("Ann: line 1")
    assert "Ann: line 14" not in ann.locator("#chat li").all_inner_texts()


def test_only_the_error_naming_a_chat_line_gives_its_words_back(ann: Page) -> None:
    """The client is told (docs/contracts.md §3): a chat line's words come back into the
    box with the error that names its id, and never with another error, however soon
    after an accepted line it comes (the page guessed by a 5 s window)."""
    box = ann.get_by_label("Message")
    alert = ann.locator("#statusbar [role=alert]")
    box.fill("Prost!")
    box.press("Enter")
    expect(ann.locator("#chat li").last).to_have_text("Ann: Prost!")  # its ack came first
    receive(ann, {"type": "error", "reason": "Not your turn."})  # no id: not the line's
    expect(alert).to_have_text("Not your turn.")
    expect(box).to_have_value("")
    # over the server's 2000 characters (the box's maxlength stops a typist at 300)
    long = "x" * 2001
    box.evaluate("(el, text) => { el.value = text; }", long)
    box.press("Enter")
    expect(alert).to_have_text("That message is not understood.")  # the server refused it
    expect(box).to_have_value(long)
    assert ann.locator("#chat li").all_inner_texts()[-1] == "Ann: Prost!"


def test_players_see_who_is_watching_and_who_is_online(watched: Table) -> None:
    ann = watched.players[0]
    expect(ann.locator("#watching")).to_have_text("1 watching")
    expect(ann.locator("#panel .seatlist__dot.is-online")).to_have_count(2)
    assert watched.spectator is not None
    watched.spectator.close()
    expect(ann.locator("#watching")).to_be_hidden()
    watched.players[1].close()
    expect(ann.locator("#panel .seatlist__dot.is-online")).to_have_count(1)


def test_a_name_being_typed_survives_someone_else_taking_a_seat(
    browser: Browser, app_server: LiveServer
) -> None:
    """The seat panel is made anew when seats change; a newcomer typing their name and
    picking a seat at that moment keeps the field, its focus, its letters and the pick
    (a replaced panel swallowed the keys typed into it: CI saw 'Bo' vanish)."""
    errors: list[str] = []
    contexts = []
    try:
        ctx, host = new_page(browser, errors)
        contexts.append(ctx)
        link = create_room(host, app_server.url, toy.HighCard.id, 4, {})
        take_seat(host, "Ann")
        ctx, bo = new_page(browser, errors)
        contexts.append(ctx)
        bo.goto(link)
        expect(bo.locator("#room")).to_have_attribute("data-connected", "true")
        bo.get_by_label("Seat", exact=True).select_option(label="Seat 4")
        name = bo.get_by_label("Your name")
        name.press_sequentially("Bo")
        ctx, cy = new_page(browser, errors)
        contexts.append(ctx)
        cy.goto(link)
        take_seat(cy, "Cy")  # Bo's panel is made anew: Cy sits in seat 2
        expect(bo.locator("#panel .seatlist__name", has_text="Cy")).to_be_visible()
        name.press_sequentially("b")  # still typing, without clicking back in
        expect(name).to_have_value("Bob")
        expect(name).to_be_focused()
        expect(bo.get_by_label("Seat", exact=True)).to_have_value("3")  # seat 4
        bo.get_by_role("button", name="Take a seat").click()
        you = bo.locator("#panel .is-you")
        expect(you.locator(".seatlist__name")).to_have_text("Bob")
        expect(you).to_have_attribute("data-seat", "3")
        assert errors == []
    finally:
        for ctx in contexts:
            ctx.close()


def test_a_room_without_spectators_turns_a_watcher_away(
    browser: Browser, app_server: LiveServer
) -> None:
    errors: list[str] = []
    ctx, host = new_page(browser, errors)
    try:
        link = create_room(host, app_server.url, toy.HighCard.id, 2, {}, spectators=False)
        ctx2, watcher = new_page(browser, errors)
        watcher.goto(link)
        expect(watcher.get_by_role("alert")).to_contain_text("does not allow spectators")
        take_seat(watcher, "Late Lou")  # a seat is still free: joining works
        ctx2.close()
    finally:
        ctx.close()


def test_rematch_starts_a_new_game_for_the_same_people(watched: Table) -> None:
    """"Play again" is a proposal everyone sees; the game starts when all agree."""
    ann, bo = watched.players
    play_to_the_end(watched, random.Random(3))
    finished_at = version(ann)
    for page in watched.pages():  # the end's block: the replay and the way out
        expect(page.get_by_role("link", name="Watch the replay")).to_have_attribute(
            "href", f"/r/{watched.code}/games/1")
        expect(page.locator("#rematch").get_by_text("Back to the lobby")).to_be_visible()
    bo.get_by_role("button", name="Play again").click()
    expect(bo.locator("#rematch-state")).to_have_text(
        "You want to play again. Waiting for Ann.")
    expect(bo.get_by_role("button", name="Play again")).to_have_count(0)
    for page in (ann, watched.spectator):
        assert page is not None
        expect(page.locator("#rematch-state")).to_have_text("Bo wants to play again.")
        expect(page.locator("#panel .seatlist__seat[data-seat='1'] .badge--again")).to_have_text(
            "plays again")
    assert version(ann) == finished_at  # nothing starts on one "yes"
    expect(ann.locator("#room")).to_have_attribute("data-status", "finished")
    ann.get_by_role("button", name="Play again").click()
    for page in watched.pages():
        wait_for_version(page, finished_at + 1)
        expect(page.locator("#board .final-scores")).to_have_count(0)
        expect(page.locator("#room")).to_have_attribute("data-status", "playing")
    expect(ann.locator("#rematch")).to_be_hidden()
    expect(ann.locator("#panel .is-you .seatlist__name")).to_have_text("Ann")


def test_moves_in_the_page_are_json_buttons(ann: Page) -> None:
    raws = ann.locator("#board .move").evaluate_all("bs => bs.map(b => b.dataset.move)")
    assert raws, "no move on the board"
    for raw in raws:
        assert json.loads(raw)["type"] == "pick"


def test_a_move_can_be_made_with_the_keyboard(table: Table) -> None:
    page = table.players[0]
    before = version(page)
    page.locator("#board .move").first.focus()
    page.keyboard.press("Enter")
    wait_for_version(page, before + 1)


def test_copy_link_puts_the_room_link_on_the_clipboard(ann: Page, sandbox: Table) -> None:
    page = ann
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    expect(page.get_by_role("button", name="Copy link")).to_be_hidden()  # folded: playing
    page.locator("#room-info > summary").click()
    page.get_by_role("button", name="Copy link").click()
    expect(page.get_by_role("alert")).to_contain_text("Link copied.")
    assert page.evaluate("navigator.clipboard.readText()") == sandbox.url


def _pick(pid: str) -> str:
    return (f'<button type="button" class="pick" data-pick="{pid}" aria-pressed="false"'
            f' aria-label="7 doe">7</button>')


def _dest(at: str, card: int, label: str, word: str = "Here") -> dict[str, Any]:
    return {"at": at, "move": {"type": "pick", "card": card}, "label": label, "word": word}


def mine(data: dict[str, Any], buttons: str = "") -> str:
    """A `mine` region holding `buttons` and the moves as data (docs/contracts.md §4)."""
    return (f'<section class="mine" data-region="mine" data-moves="{escape(json.dumps(data))}">'
            f"{buttons}</section>")


# Two copies of one card in mine (the second may also go on an Edge), a tap on the deck,
# and a pick that is a place of the table (a counter pint).
MOVES = {"picks": {"D7-0": {"at": None, "label": "7 doe", "dests": [_dest("arena", 1, "Arena")]},
                   "D7-1": {"at": None, "label": "7 doe", "dests": [
                       _dest("arena", 1, "Arena"), _dest("edge-1", 2, "Play on Bo's Edge")]},
                   "pint-0": {"at": "counter-0", "label": "Buy the Lager: then choose how",
                              "dests": [_dest("ways", 4, "Buy the Lager for £3", "£3")]}},
         "at": [_dest("deck", 3, "Reveal a buying card", "")]}
TABLE = ('<section class="middle" data-region="middle"><div data-place="arena">Arena</div>'
         '<div data-place="edge-1">Edge</div><span class="place" data-place="deck">'
         '<span class="card">deck</span></span><span class="place" data-place="counter-0">'
         '<span class="card">Lager</span></span><div data-place="ways"></div>{extra}</section>')
PICK_BOARD = ('<div class="board">' + mine(MOVES, _pick("D7-0") + _pick("D7-1")) + TABLE
              + '<div class="board-turn" hidden data-to-act="1" data-region="turn"></div></div>')


def test_a_picked_card_lights_its_destinations_and_survives_an_update(ann: Page) -> None:
    page = ann
    now = version(page)

    def feed(v: int, extra: str = "") -> None:
        html = PICK_BOARD.replace("{extra}", extra)
        receive(page, {"type": "board", "version": v, "html": html})

    feed(now + 1)
    first, second = page.locator(".pick[data-pick='D7-0']"), page.locator(".pick[data-pick='D7-1']")
    expect(page.locator("#board .dest")).to_have_count(0)
    second.click()
    expect(second).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#board")).to_have_attribute("data-picked", "D7-1")
    expect(page.locator("#board .dest:visible")).to_have_count(2)
    expect(page.locator("#board [data-place='edge-1'] .dest")).to_have_accessible_name(
        "Play on Bo's Edge")
    first.click()  # another copy of the same card is its own control
    expect(second).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#board .dest:visible")).to_have_count(1)
    expect(page.locator("#board [data-place='arena'] .dest")).to_have_text("Here")
    feed(now + 2, "<p id=newer>newer</p>")  # a newer board keeps the selection
    expect(page.locator("#newer")).to_have_count(1)
    expect(first).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#board .dest:visible")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(first).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#board .dest")).to_have_count(0)
    expect(page.locator("#board")).not_to_have_attribute("data-picked", "D7-0")
    first.click()
    first.click()  # pressing it again unselects
    expect(page.locator("#board .dest")).to_have_count(0)
    first.click()
    page.locator("#board .dest:visible").click()  # played (the toy server refuses it)
    feed(now + 3)  # the next board offers a copy under the same pick id: not picked
    expect(page.locator("#board")).not_to_have_attribute("data-picked", "D7-0")
    expect(first).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#board .dest")).to_have_count(0)


# Every control the page made: its accessible name, size, and place.
_MADE = """() => Array.from(document.querySelectorAll("#board .made"), (b) => {
  const r = b.getBoundingClientRect();
  return {name: b.getAttribute("aria-label"), cls: b.className, tag: b.tagName,
          type: b.type, place: b.parentElement.dataset.place,
          w: Math.round(r.width), h: Math.round(r.height)};
})"""


def test_the_moves_data_light_the_tables_places_with_big_named_buttons(ann: Page) -> None:
    page = ann
    now = version(page)
    receive(page, {"type": "board", "version": now + 1, "html": PICK_BOARD.replace("{extra}", "")})
    made = page.evaluate(_MADE)
    assert sorted((m["place"], m["name"], m["cls"]) for m in made) == [
        ("counter-0", "Buy the Lager: then choose how", "pick made"),
        ("deck", "Reveal a buying card", "move made")]
    assert all(m["tag"] == "BUTTON" and m["type"] == "button" and m["w"] >= 44 and m["h"] >= 44
               for m in made), made
    counter = page.locator("#board [data-place='counter-0'] .pick")
    counter.click()  # a pick on the table: its ways in the tray
    expect(counter).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#board [data-place='ways'] .dest")).to_have_accessible_name(
        "Buy the Lager for £3")
    made = page.evaluate(_MADE)
    assert all(m["w"] >= 44 and m["h"] >= 44 for m in made), made
    # a regions message whose mine no longer offers the deck, nor the pint: its controls
    # go, the selection with them; the pint is picked no more
    less = {"picks": {k: p for k, p in MOVES["picks"].items() if k != "pint-0"}, "at": []}
    receive(page, {"type": "board", "version": now + 2, "base": now + 1,
                   "regions": {"mine": mine(less, _pick("D7-0") + _pick("D7-1"))}})
    expect(page.locator("#board .made")).to_have_count(0)
    expect(page.locator("#board")).not_to_have_attribute("data-picked", "pint-0")
    page.locator(".pick[data-pick='D7-1']").click()
    expect(page.locator("#board .dest.made")).to_have_count(2)


# In one task, so no real message can come between. The page's socket keeps what it
# sends (the browser's WebSocket.send, replaced in this page only): the test plays the
# server and answers the move itself, at versions it chooses.
_KEEP_SENDS = """
  const sent = [];
  WebSocket.prototype.send = function (data) { sent.push(JSON.parse(data)); };
  const board = document.getElementById("board");
  const live = () => board.querySelectorAll(".move:enabled").length;
  const v = Number(document.getElementById("room").dataset.version);
"""

# Ann clicks a card while both choose; a board made before the server took her move
# arrives (the same board one version on: Bo's choice), then her move's ack naming the
# version after it, then that version's board.
_CLICK_THEN_OLDER_BOARD = f"""async () => {{
  const {{ receive }} = {SOCKET};
  {_KEEP_SENDS}
  board.querySelector(".board-turn").dataset.toAct = "0 1";
  const html = board.innerHTML;
  board.querySelector(".move").click();
  receive({{type: "board", version: v + 1, html: html}});
  const older = live();
  receive({{type: "ack", id: sent[0].id, version: v + 2}});
  const acked = live();
  receive({{type: "board", version: v + 2, html: html}});
  return {{sent: sent.map((m) => m.type), older: older, acked: acked, carried: live()}};
}}"""


def test_a_board_made_before_my_move_keeps_my_cards_disabled(table: Table) -> None:
    """A simultaneous step: another seat's board can reach the page after its own move
    left; it still offers the cards, and a second click would be refused. They stay
    disabled until the server's ack names the move's version and that board is shown:
    the page is told, it never guesses from what a board offers."""
    seen = table.players[0].evaluate(_CLICK_THEN_OLDER_BOARD)
    assert seen["sent"] == ["move"]
    assert seen["older"] == 0 and seen["acked"] == 0
    assert seen["carried"] > 0
    expect(table.players[0].locator("#messages")).to_be_empty()  # nothing was refused


# The board carrying Ann's move, showing the same choices again (Stier zoekt Bier's
# serving), then the ack naming it: the server sends the ack first, the page takes
# either order.
_CLICK_THEN_MY_NEXT_STEP = f"""async () => {{
  const {{ receive }} = {SOCKET};
  {_KEEP_SENDS}
  const html = board.innerHTML;
  board.querySelector(".move").click();
  receive({{type: "board", version: v + 1, html: html}});
  const unanswered = live();
  receive({{type: "ack", id: sent[0].id, version: v + 1}});
  return [unanswered, live()];
}}"""


def test_my_next_step_with_the_same_choices_is_live_once_the_ack_names_it(
    table: Table,
) -> None:
    """A step that goes on for the mover with the same choices: the cards are live as
    soon as the ack names the version already shown (they waited 2.5 s once, and a test
    that waited for the bots timed out: test_games' Stier zoekt Bier)."""
    unanswered, answered = table.players[0].evaluate(_CLICK_THEN_MY_NEXT_STEP)
    assert unanswered == 0 and answered > 0


# Ann clicks a card, the ack names the next version, then that version's board comes as
# regions that leave her cards' region as it was (she acts again with the same choices:
# Bullenparty did). A refused move frees the cards at once; another id's error does not.
_CLICK_THEN_SAME_REGIONS = f"""async () => {{
  const {{ receive }} = {SOCKET};
  {_KEEP_SENDS}
  board.querySelector(".move").click();
  const before = board.querySelectorAll(".move:disabled").length;
  receive({{type: "ack", id: sent[0].id, version: v + 1}});
  receive({{type: "board", version: v + 1, base: v, regions: {{}}}});
  const regions = live();
  board.querySelector(".move").click();
  receive({{type: "error", id: "m-someone-else", reason: "Not yours."}});
  const other = live();
  receive({{type: "error", id: sent[1].id, reason: "Not your turn."}});
  return [before, regions, other, live()];
}}"""


def test_my_cards_are_live_again_after_regions_that_left_them_as_they_were(
    table: Table,
) -> None:
    ann = table.players[0]
    disabled, live, other, refused = ann.evaluate(_CLICK_THEN_SAME_REGIONS)
    assert disabled > 0 and live == disabled
    assert other == 0 and refused == disabled
    expect(ann.locator("#messages")).to_contain_text("Not your turn.")


def test_an_error_shows_in_the_status_bar_until_a_newer_board(ann: Page) -> None:
    page = ann
    now = version(page)
    receive(page, {"type": "error", "reason": "Not your turn."})
    alert = page.locator("#statusbar [role=alert]")
    expect(alert).to_have_text("Not your turn.")
    receive(page, {"type": "board", "version": now, "html": "<p>x</p>"})
    expect(alert).to_have_text("Not your turn.")  # the same board again: still true
    receive(page, {"type": "board", "version": now + 1, "html": "<p>x</p>"})
    expect(alert).to_have_text("")


def test_the_log_appends_new_lines_groups_rounds_and_colours_names(ann: Page) -> None:
    page = ann
    v = version(page) + 1

    def feed(msg: dict[str, object]) -> None:
        nonlocal v
        receive(page, {"type": "board", "version": v, "html": "<p>b</p>", **msg})
        v += 1

    line = {"kind": "round", "text": "Round 1.", "parts": [["Round 1.", None]]}
    play = {"kind": "play", "text": "Ann plays 7 doe.",
            "parts": [["Ann", 0], [" plays 7 doe.", None]]}
    feed({"log": [line, play], "log_start": 0, "log_reset": True})
    log = page.locator("#log li")
    expect(log).to_have_count(2)
    expect(page.locator("#log li.log__round")).to_have_text("Round 1.")
    expect(page.locator("#log .who.seat-c0")).to_have_text("Ann")
    feed({"log": [play], "log_start": 2, "log_reset": False})
    expect(log).to_have_count(3)
    feed({"log": [play, play], "log_start": 2, "log_reset": False})  # overlaps one we hold
    expect(log).to_have_count(4)
    feed({"log": [play], "log_start": 9, "log_reset": False})  # missed lines: keep ours
    expect(log).to_have_count(4)
    feed({"log": ["Everything, again.", "Two lines."]})  # today's message: the whole log
    expect(log).to_have_count(2)
    expect(log.first).to_have_text("Everything, again.")


def test_after_the_end_a_player_may_leave_and_the_rematch_waits_for_the_seat(
    watched: Table,
) -> None:
    ann, bo = watched.players
    play_to_the_end(watched, random.Random(4))
    expect(ann.locator("#room")).to_have_attribute("data-status", "finished")
    bo.locator("#room-info > summary").click()  # folded since the start
    bo.get_by_role("button", name="Leave my seat").click()
    expect(ann.locator("#panel .seatlist__seat.is-empty")).to_have_count(1)
    expect(bo.locator("#panel .is-you")).to_have_count(0)  # Bo watches now
    ann.get_by_role("button", name="Play again").click()
    expect(ann.locator("#room")).to_have_attribute("data-status", "waiting")
    expect(bo.get_by_role("button", name="Take a seat")).to_be_visible()
