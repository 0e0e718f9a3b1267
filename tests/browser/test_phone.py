"""The table on a phone (issue 34), the page shell's part: the connection's banner and
what becomes of a move made during a blip, the scores beside the table and never over
a control, the turn alert, a room before the start (QR code, how to play, the name
remembered), the invite opened mid-game on a desktop, the log and chat as a sheet, and
sizes a thumb and an eye can use. Phones are 390x844 with touch at device scale 2."""

from __future__ import annotations

import json
import re
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from app.main import create_app
from tests.browser.checks import NEXT_FRAME, serious_violations, small_controls, tiny_text
from tests.browser.conftest import DESKTOP, PHONE
from tests.browser.play import (
    CONFIRM,
    CONTROLS,
    SOCKET,
    Table,
    api,
    new_page,
    open_table,
    receive,
    sync,
    version,
    wait_for_version,
)
from tests.conftest import settings_for
from tests.games import toy
from tests.live import LiveServer

pytestmark = pytest.mark.usefixtures("toy_game")  # conftest.py: the toy game, registered

TOUCH: dict[str, Any] = {"viewport": PHONE, "device_scale_factor": 2, "is_mobile": True,
                         "has_touch": True}
BANNER = "#connection"


@pytest.fixture
def table(browser: Browser, app_server: LiveServer) -> Iterator[Table]:
    """Ann and Bo at a started High card table (three tricks), on phones."""
    table = open_table(browser, app_server.url, toy.HighCard.id, ["Ann", "Bo"],
                       {"tricks": 3}, spectator=False, **TOUCH)
    yield table
    table.close()


def tap_a_move(page: Page) -> None:
    """The first control, then what it needs: a picked card's first place, a secret
    choice's Confirm."""
    page.locator(CONTROLS).first.click()
    if page.locator("#board .dest:visible").count():  # a picked card: its place
        page.locator("#board .dest:visible").first.click()
    elif page.locator(CONFIRM).count():
        page.locator(CONFIRM).click()


def banner_within(page: Page, seconds: float) -> float:
    """How long the banner took to say the connection is lost (fails after `seconds`)."""
    start = time.monotonic()
    expect(page.locator(BANNER)).to_contain_text("Connection lost", timeout=seconds * 1000)
    return time.monotonic() - start


def test_offline_shows_a_banner_disables_the_cards_and_a_move_works_when_back(
    table: Table,
) -> None:
    ann, bo = table.players
    context = table.contexts[0]
    # the toy game's view has no to_act: say what a real game's board says, both choose
    ann.evaluate("""async () => {
      document.querySelector("#board .board-turn").dataset.toAct = "0 1";
      (await import("/static/room/status.js")).showTurn(); }""")
    expect(ann.locator("#turn")).to_have_text("Your move (with Bo)")
    context.set_offline(True)
    banner_within(ann, 2)
    expect(ann.locator(BANNER)).to_have_attribute("role", "status")
    expect(ann.locator("#room")).to_have_attribute("data-connected", "false")
    expect(ann.locator("#turn")).to_have_text("Your move: waiting for the connection")
    expect(ann.locator("#board .move:enabled")).to_have_count(0)  # nothing to tap in vain
    retry = ann.get_by_role("button", name="Retry now")
    box = retry.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44
    retry.click()  # still offline: it tries, and says so again
    expect(ann.locator(BANNER)).to_contain_text("Connection lost")
    context.set_offline(False)  # back: the page knows at once and connects
    expect(ann.locator(BANNER)).to_be_empty()
    expect(ann.locator("#room")).to_have_attribute("data-connected", "true")
    expect(ann.locator("#turn")).not_to_have_class(re.compile(r"\bis-waiting\b"))
    before = version(bo)
    ann.locator("#board .move").first.click()
    wait_for_version(bo, before + 1)


# A tap in the moment before the page knew the socket was gone: the move the card's
# click makes, sent while offline (the cards are disabled once the page knows).
_TAP_IN_A_BLIP = f"""async () => ({SOCKET}).sendMove(
  JSON.parse(document.querySelector("#board .move").dataset.move))"""


def test_a_move_made_in_a_blip_is_sent_once_when_back_on_the_same_board(
    table: Table,
) -> None:
    ann, bo = table.players
    before = version(bo)
    table.contexts[0].set_offline(True)
    banner_within(ann, 2)
    ann.evaluate(_TAP_IN_A_BLIP)
    expect(ann.locator(BANNER)).to_contain_text(
        "Your move will be sent when the connection is back.")
    table.contexts[0].set_offline(False)
    wait_for_version(bo, before + 1)  # taken, and Bo sees it
    expect(ann.locator(BANNER)).to_be_empty()
    wait_for_version(ann, before + 1)
    expect(ann.locator("#messages")).to_be_empty()
    bo.locator("#board .move").first.click()  # the trick is played: one card each
    wait_for_version(bo, before + 2)
    got = ann.request.get(f"{ann.url.split('/r/')[0]}/api/rooms/{table.code}/view").json()
    assert got["version"] == before + 2  # once: a second copy would have made it + 3
    assert sum("has chosen" in line for line in got["log"]) == 2


def test_a_move_made_in_a_blip_on_a_board_since_changed_is_said_not_sent(
    table: Table,
) -> None:
    ann, bo = table.players
    before = version(bo)
    table.contexts[0].set_offline(True)
    banner_within(ann, 2)
    ann.evaluate(_TAP_IN_A_BLIP)
    bo.locator("#board .move").first.click()  # meanwhile the table moves on
    wait_for_version(bo, before + 1)
    table.contexts[0].set_offline(False)
    expect(ann.locator("#messages")).to_have_text(
        "Your move was not sent: the table changed while you were offline.")
    wait_for_version(ann, before + 1)
    assert version(bo) == before + 1  # nothing of Ann's went
    expect(ann.locator("#board .move:enabled").first).to_be_visible()  # hers to make again


def test_a_server_that_stops_shows_the_banner_and_the_page_comes_back(
    browser: Browser,
) -> None:
    """The server goes away (a restart): the socket closes, the banner shows within
    2 s; the same server again on the same port, Retry connects, and play goes on."""
    folder = Path(tempfile.mkdtemp())
    url = f"sqlite+aiosqlite:///{folder / 'restart.sqlite3'}"
    server = LiveServer(create_app(settings_for(url)))
    server.start()
    table = open_table(browser, server.url, "null-bock", ["Ann"], {"rounds": 1},
                       spectator=False, bots=2, **TOUCH)
    again: LiveServer | None = None
    try:
        page = table.players[0]
        expect(page.locator("#room")).to_have_attribute("data-connected", "true")
        server.stop()
        assert banner_within(page, 2) < 2
        again = LiveServer(create_app(settings_for(url)), port=server.port)
        again.start()
        # Retry now, unless the next attempt of the page's own came first
        page.locator(f"{BANNER} button").evaluate_all("bs => bs.forEach((b) => b.click())")
        expect(page.locator(BANNER)).to_be_empty()
        expect(page.locator(CONTROLS).first).to_be_visible()  # live with the greeting
        seen = sync(page, version(page))
        tap_a_move(page)
        sync(page, seen.version + 1)
        assert table.errors == []
    finally:
        table.close()
        if again is not None:
            again.stop()
        server.stop()


# Ann's page shown a board where she must act, with a round's summary (what a round's
# last move brings), then the next board without it, then one with the next round's.
def _summary(title: str) -> str:
    rows = "".join(
        f'<tr data-seat="{s}"><td><span class="who seat-c{s}">{n}</span></td>'
        f'<td class="num">{p}</td><td><ul class="summary__parts"><li>This round: {p}</li>'
        "</ul></td></tr>" for s, n, p in ((0, "Ann", 12), (1, "Bo", 7)))
    return (f'<section class="summary" data-summary="{title}" data-region="summary">'
            f'<h2 class="summary__title" id="summary-title">{title}</h2>'
            f'<div class="summary__body" id="summary-body"><table class="summary__table">'
            f"<tbody>{rows}</tbody></table></div></section>")


HAND = ('<section class="mine" data-region="mine"><p class="mine__prompt">Your turn: '
        'play a card.</p><div class="hand">'
        + "".join(f"""<button type="button" class="move" data-move='{{"type":"pick","card":{c}}}'"""
                  f' aria-label="Play {c}"><span class="card">{c}</span></button>'
                  for c in (1, 2, 3))
        + '</div></section><div class="board-turn" data-to-act="0" data-phase="play"></div>')


def feed(page: Page, v: int, summary: str = "") -> None:
    html = (f'<div class="board" data-me="0"><section class="middle">Table</section>{HAND}'
            f"{summary}</div>")
    receive(page, {"type": "board", "version": v, "html": html, "game_no": 1})


# Each card is the top element at its centre once brought into view.
_UNCOVERED = """() => Array.from(document.querySelectorAll("#board .move")).every((b) => {
  b.scrollIntoView({block: "nearest"});
  const r = b.getBoundingClientRect();
  return b.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
})"""


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_rounds_summary_never_covers_a_control_and_stays_until_the_next(
    table: Table, size: str, screenshot_dir: Path,
) -> None:
    ann = table.players[0]
    ann.set_viewport_size(PHONE if size == "phone" else DESKTOP)
    v = version(ann) + 1
    feed(ann, v, _summary("Round 1 is over"))
    scores = ann.locator("#dock .scores")
    expect(scores.locator(".scores__title")).to_have_text("Round 1 is over")
    expect(scores.locator(".scores__title")).to_be_focused()  # read out, not in the way
    expect(scores.locator(".scores__seat.is-you")).to_have_text("Ann 12")
    expect(scores.locator(".scores__body tr.is-you")).to_have_attribute("data-seat", "0")
    expect(ann.locator("#board .summary")).to_be_hidden()
    toggle = scores.get_by_role("button", name="Details")
    if size == "phone":  # the viewer must act: the scores step aside to a strip
        expect(toggle).to_have_attribute("aria-expanded", "false")
        strip = scores.bounding_box()
        assert strip is not None and strip["height"] <= 110
    else:  # beside the table: shown whole, never over it
        expect(scores.locator(".summary__table")).to_be_visible()
        dock, board = ann.locator("#dock").bounding_box(), ann.locator("#board").bounding_box()
        assert dock is not None and board is not None
        assert dock["x"] >= board["x"] + board["width"]
    assert ann.evaluate(_UNCOVERED)
    ann.evaluate("window.scrollTo(0, 0)")
    ann.screenshot(path=screenshot_dir / f"phone-summary-{size}.png")
    feed(ann, v + 1)  # a bot's first move of the next round: the scores stay
    expect(scores.locator(".scores__title")).to_have_text("Round 1 is over")
    if size == "phone":
        toggle.click()
        expect(scores.locator(".summary__table")).to_be_visible()
        assert ann.evaluate(_UNCOVERED)  # opened, it pushes the table down, not over it
    feed(ann, v + 2, _summary("Round 2 is over"))  # the next round's replaces it
    expect(scores.locator(".scores__title")).to_have_text("Round 2 is over")
    assert serious_violations(ann) == []


# How many turns the page announced (static/room/alert.js).
_ALERTED = 'async () => (await import("/static/room/alert.js")).alerted'


def test_the_turn_alert_is_off_until_asked_and_never_asks_on_load(table: Table) -> None:
    ann, bo = table.players
    # what the page asks of the browser, recorded (a buzz cannot be felt in a test)
    ann.add_init_script("""
      window.__buzz = 0; window.__asked = 0; window.__notes = [];
      navigator.vibrate = () => { window.__buzz += 1; return true; };
      const Real = window.Notification;
      window.Notification = class extends Real {
        constructor(title, options) { super(title, options); window.__notes.push(title); }
        static get permission() { return Real.permission; }
        static requestPermission() { window.__asked += 1; return Real.requestPermission(); }
      };
      Object.defineProperty(document, "hidden", {get: () => window.__hide === true});
    """)
    ann.reload()
    expect(ann.locator("#room")).to_have_attribute("data-connected", "true")
    assert ann.evaluate("window.__asked") == 0
    ann.locator("#menu summary").click()
    sound = ann.get_by_role("button", name="Sound and vibration on my turn")
    expect(sound).to_have_attribute("aria-pressed", "false")
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "true")
    ann.context.grant_permissions(["notifications"])  # what the person answers
    ann.get_by_role("button", name="Notify me on my turn when this tab is hidden").click()
    expect(ann.locator("#notify-state")).to_have_text("Notifications are on for this room.")
    assert ann.evaluate("window.__asked") == 1
    ann.reload()  # remembered on this device
    expect(ann.locator("#sound-toggle")).to_have_attribute("aria-pressed", "true")
    expect(ann.locator("#room")).to_have_attribute("data-connected", "true")
    buzzes = ann.evaluate("window.__buzz")
    ann.evaluate("window.__hide = true")  # the tab is in the background
    v = version(ann)
    ann.locator("#board .move").first.click()  # Ann's card; her move is over
    wait_for_version(ann, v + 1)
    assert ann.evaluate(_ALERTED) == 0
    bo.locator("#board .move").first.click()  # the trick is played: Ann's move again
    wait_for_version(ann, v + 2)
    ann.wait_for_function(f"async () => (await ({_ALERTED})()) === 1")
    assert ann.evaluate("window.__buzz") == buzzes + 1
    assert ann.evaluate("window.__notes") == ["Your move"]
    assert ann.title().startswith("\u25cf ")  # the tab title's dot stays


def test_a_room_before_the_start_shows_seats_invite_qr_chat_and_how_to_play(
    browser: Browser, app_server: LiveServer, screenshot_dir: Path,
) -> None:
    errors: list[str] = []
    context, page = new_page(browser, errors, **TOUCH)
    try:
        room = api(context, app_server.url, "/api/rooms", {"game": "null-bock", "seats": 3})
        page.goto(f"{app_server.url}/r/{room['code']}")
        expect(page.locator("#panel .seatlist__seat")).to_have_count(3)
        expect(page.locator("#room-link")).to_have_value(f"{app_server.url}/r/{room['code']}")
        expect(page.locator(".qr svg.qr__code")).to_be_visible()
        expect(page.get_by_role("heading", name="How to play Null Bock!")).to_be_visible()
        expect(page.locator(".howto__lines li")).to_have_count(3)
        expect(page.locator("#chat-text")).to_be_visible()  # the chat, in the page
        assert small_controls(page) == [] and tiny_text(page) == []
        page.screenshot(path=screenshot_dir / "phone-waiting-phone.png", full_page=True)
        assert serious_violations(page) == []
        page.set_viewport_size(DESKTOP)
        page.evaluate(NEXT_FRAME)
        expect(page.locator("#chat-text")).to_be_visible()
        page.screenshot(path=screenshot_dir / "phone-waiting-desktop.png")
        page.get_by_label("Your name").fill("Nell")  # her name, remembered
        page.get_by_role("button", name="Take a seat").click()
        expect(page.locator("#panel .is-you .seatlist__name")).to_have_text("Nell")
        other = api(context, app_server.url, "/api/rooms", {"game": "bullenparty", "seats": 2})
        page.goto(f"{app_server.url}/r/{other['code']}")
        expect(page.get_by_label("Your name")).to_have_value("Nell")
        page.goto(app_server.url + "/")
        expect(page.locator("#bullenparty-quick-name")).to_have_value("Nell")
        assert errors == []
    finally:
        context.close()


def test_the_invite_opened_mid_game_leaves_the_table_as_it_was(
    browser: Browser, app_server: LiveServer,
) -> None:
    table = open_table(browser, app_server.url, "null-bock", ["Ann"], {"rounds": 1},
                       spectator=False, bots=2, viewport=DESKTOP)
    try:
        page = table.players[0]
        before = page.locator(".room__table").bounding_box()
        page.locator("#room-info > summary").click()
        expect(page.get_by_role("button", name="Copy link")).to_be_visible()
        after = page.locator(".room__table").bounding_box()
        assert before == after  # no gap above it, the same width
        sticking = page.evaluate("""() => Array.from(
          document.querySelectorAll('.room-info__body, .room-info__body *'))
          .filter((el) => el.scrollWidth > el.clientWidth + 1 &&
                  getComputedStyle(el).overflowX === 'visible').length""")
        assert sticking == 0
    finally:
        table.close()


def test_the_log_and_chat_open_as_a_sheet_at_the_newest_line(
    table: Table, screenshot_dir: Path,
) -> None:
    ann, bo = table.players
    for _ in range(3):  # a log longer than the sheet shows
        for page in (ann, bo):
            v = version(page)
            page.locator("#board .move").first.click()
            wait_for_version(page, v + 1)
    wait_for_version(ann, version(bo))
    toggle = ann.get_by_role("button", name="Log and chat")
    toggle.click()
    side = ann.locator("#side")
    expect(side).to_be_visible()
    box = side.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] + 1
    at_end = ("el => el.scrollHeight <= el.clientHeight"
              " || el.scrollTop + el.clientHeight >= el.scrollHeight - 2")
    assert ann.locator("#log").evaluate(at_end)
    expect(ann.locator("#log li").last).to_be_in_viewport()
    ann.screenshot(path=screenshot_dir / "phone-log-sheet-phone.png")
    ann.get_by_role("button", name="Back to the table").click()
    expect(side).to_be_hidden()
    expect(toggle).to_be_focused()


def test_a_phone_table_fits_the_decision_in_controls_and_words(
    browser: Browser, app_server: LiveServer, screenshot_dir: Path,
) -> None:
    """Null Bock! at 390x844 against bots: a compact header, a one-line status bar,
    every control at least 44 x 44 px and no text under 11 px, a few moves in."""
    table = open_table(browser, app_server.url, "null-bock", ["Ann"], {"rounds": 1},
                       spectator=False, bots=2, reduced_motion="reduce", **TOUCH)
    try:
        page = table.players[0]
        problems: list[str] = []
        for n in range(4):
            seen = sync(page, version(page))
            while not seen.controls:
                page.wait_for_function(
                    "v => Number(document.getElementById('room').dataset.version) > v",
                    arg=seen.version)
                seen = sync(page, version(page))
            page.evaluate("window.scrollTo(0, 0)")
            header = page.locator("header.site").bounding_box()
            bar = page.locator("#statusbar").bounding_box()
            assert header is not None and bar is not None
            if header["height"] > 60 or bar["height"] > 60:
                problems.append(f"move {n}: header {header['height']}, bar {bar['height']}")
            problems += [f"move {n}: small {c}" for c in small_controls(page)]
            problems += [f"move {n}: tiny {t}" for t in tiny_text(page)]
            if n == 0:
                page.screenshot(path=screenshot_dir / "phone-null-bock-phone.png")
            tap_a_move(page)
            sync(page, seen.version + 1)
        assert problems == [], "\n".join(problems)
        assert table.errors == []
    finally:
        table.close()


# Every move the page sends, kept in the page (a tap that must not send shows as none).
_COUNT_MOVES = """
  window.__moves = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    const msg = JSON.parse(data);
    if (msg.type === "move") window.__moves.push(msg.move);
    return send.call(this, data);
  };"""


def test_a_secret_bid_is_chosen_then_confirmed_never_sent_by_one_tap(
    browser: Browser, app_server: LiveServer,
) -> None:
    """Bullenparty's bid (issue 34 item 5): a tap chooses a card and shows its Confirm,
    a tap on another moves the choice, a second tap or Escape takes it back, and only
    Confirm sends the bid, once; from the keyboard, Enter on a card goes on to Confirm."""
    table = open_table(browser, app_server.url, "bullenparty", ["Ann"], None, spectator=False,
                       bots=2, reduced_motion="reduce",
                       prepare=lambda page: page.add_init_script(_COUNT_MOVES), **TOUCH)
    try:
        ann = table.players[0]
        cards = ann.locator("#board .move[data-confirm]")
        confirm = ann.locator("#board .confirm__go")
        first, second = cards.nth(0), cards.nth(1)
        first.click()
        expect(first).to_have_attribute("aria-pressed", "true")
        expect(confirm).to_have_text(re.compile(r"^Confirm the bid: "))
        second.click()
        expect(first).to_have_attribute("aria-pressed", "false")
        expect(second).to_have_attribute("aria-pressed", "true")
        bid = second.get_attribute("aria-label") or ""
        expect(confirm).to_have_text(bid.replace("Bid ", "Confirm the bid: "))
        assert serious_violations(ann) == []  # the chosen card and its Confirm
        second.click()  # taken back
        expect(ann.locator("#board .move[data-confirm][aria-pressed='true']")).to_have_count(0)
        expect(confirm).to_have_count(0)
        first.click()
        ann.keyboard.press("Escape")
        expect(confirm).to_have_count(0)
        expect(first).to_be_focused()
        assert ann.evaluate("window.__moves") == []  # nothing went
        v = version(ann)
        ann.keyboard.press("Enter")  # the focused card, from the keyboard
        expect(confirm).to_be_focused()
        sent = first.get_attribute("data-move")
        ann.keyboard.press("Enter")
        wait_for_version(ann, v + 1)
        assert ann.evaluate("window.__moves") == [json.loads(sent or "")]
        assert table.errors == []
    finally:
        table.close()
