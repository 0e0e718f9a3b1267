"""What every page of the table must pass at both sizes: axe-core finds no serious or
critical violation (colour contrast included), the document never scrolls sideways, and
when it is the viewer's move the prompt and the hand are on the first screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

from tests.browser.conftest import DESKTOP, PHONE
from tests.browser.play import CONTROLS

AXE = Axe()  # axe-core as the package bundles it: nothing is downloaded
SIZES = (("phone", PHONE), ("desktop", DESKTOP))


# Resolves once the browser has laid out and painted the page at its current size.
NEXT_FRAME = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


# axe's serious and critical findings, made small in the page (the full results carry
# every node's HTML, and only these few lines are wanted).
_AXE_RUN = """async () => {
  const found = await axe.run(document, {resultTypes: ["violations"]});
  return found.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ` +
                JSON.stringify(v.nodes.slice(0, 4).map((n) => n.target.join(" "))));
}"""


def serious_violations(page: Page) -> list[str]:
    """axe's serious and critical findings, one readable line each. axe-core goes into
    each document once (half a megabyte of script to parse), not once per check."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.axe_script)
    return list(page.evaluate(_AXE_RUN))


def sideways(page: Page) -> int:
    """How many pixels the document is wider than the viewport (0 when it fits)."""
    return int(page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"))


def off_first_screen(page: Page, size: dict[str, int]) -> list[str]:
    """When the viewer may move: the prompt and the hand (or, on a board without a
    hand, the first control) must lie inside the first viewport, page scrolled to top."""
    if page.locator(CONTROLS).count() == 0:
        return []
    page.evaluate("window.scrollTo(0, 0)")
    wanted: list[tuple[str, Any]] = [("prompt", page.locator("#status-slot"))]
    mine = page.locator("#board .mine")
    wanted.append(("hand", mine.first if mine.count() else page.locator(CONTROLS).first))
    missing = []
    for what, locator in wanted:
        box = locator.bounding_box()
        if box is None or box["y"] < 0 or box["y"] + min(box["height"], size["height"]) > size[
            "height"
        ]:
            missing.append(f"{what} at {box}")
    return missing


def simultaneous(page: Page) -> bool:
    """A step where several seats choose at once (each in secret)."""
    turn = page.locator("#board .board-turn")
    return turn.count() > 0 and len((turn.get_attribute("data-to-act") or "").split()) > 1


def check_page(page: Page, folder: Path, name: str, axe: bool = True) -> list[str]:
    """Every check at both sizes, with a screenshot each; returns what failed. `axe`
    False: the layout checks only (a board axe has seen in another phase, e.g. the
    spectator's copy of the start: axe is the dearest check by far)."""
    problems: list[str] = []
    for label, size in SIZES:
        page.set_viewport_size(size)
        page.evaluate(NEXT_FRAME)  # a layout pass at the new size
        extra = sideways(page)
        if extra > 0:
            problems.append(f"{name} {label}: the page scrolls {extra}px sideways")
        problems += [f"{name} {label}: {m} is off the first screen"
                     for m in off_first_screen(page, size)]
        if axe:
            problems += [f"{name} {label}: {v}" for v in serious_violations(page)]
        # the first screen, as a player sees it (sticky bars make a full-page shot lie);
        # the whole page too where it scrolls (a phone), for review
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=folder / f"{name}-{label}.png")
        if label == "phone":
            page.screenshot(path=folder / f"{name}-{label}-full.png", full_page=True)
    page.set_viewport_size(DESKTOP)
    return problems


PLAY_AGAIN = "#rematch form[action$='/rematch'] button"

# At the end: how far the document and the table region would scroll, and whether the
# rematch button lies wholly inside the viewport.
_END = """() => {
  const doc = document.documentElement, table = document.querySelector(".room__table");
  const button = document.querySelector("#rematch form[action$='/rematch'] button");
  const b = button ? button.getBoundingClientRect() : null;
  return {page: doc.scrollHeight - doc.clientHeight,
          table: table.scrollHeight - table.clientHeight,
          rematch: b !== null && b.width > 0 && b.top >= 0 && b.left >= 0 &&
                   b.bottom <= innerHeight && b.right <= innerWidth};
}"""


def end_fits(page: Page, name: str) -> list[str]:
    """The final board at 1280x800 (issue 10): neither the document nor the table
    region scrolls, and "Play again" is on the screen, page scrolled to the top."""
    page.set_viewport_size(DESKTOP)
    page.locator(PLAY_AGAIN).first.wait_for()  # the end's block, fetched at the end
    page.evaluate("window.scrollTo(0, 0)")
    got = page.evaluate(_END)
    problems = []
    if got["page"] > 0:
        problems.append(f"{name}: the page scrolls {got['page']}px at the end")
    if got["table"] > 1:
        problems.append(f"{name}: the table scrolls {got['table']}px inside at the end")
    if not got["rematch"]:
        problems.append(f"{name}: Play again is not on the screen at the end")
    return problems


# A "Play again" button lies wholly inside the viewport and uncovered: a tap at its
# centre or near any corner reaches it, the page scrolled to the top (the end's block,
# templates/_end.html, above the scores on a phone).
_PLAY_AGAIN = """() => Array.from(
  document.querySelectorAll("#rematch form[action$='/rematch'] button")).some((b) => {
    const r = b.getBoundingClientRect();
    if (r.width === 0 || r.top < 0 || r.bottom > innerHeight) return false;
    const points = [[r.left + r.width / 2, r.top + r.height / 2],
                    [r.left + 3, r.top + 3], [r.right - 3, r.top + 3],
                    [r.left + 3, r.bottom - 3], [r.right - 3, r.bottom - 3]];
    return points.every(([x, y]) => b.contains(document.elementFromPoint(x, y)));
  })"""


def play_again_on_phone(page: Page, name: str) -> list[str]:
    """At the end at 390x844, as the page arrived: "Play again" can be tapped without
    scrolling or hiding anything first (issue 10)."""
    page.set_viewport_size(PHONE)
    page.locator(PLAY_AGAIN).first.wait_for()
    page.evaluate(NEXT_FRAME)
    page.evaluate("window.scrollTo(0, 0)")
    reachable = bool(page.evaluate(_PLAY_AGAIN))
    page.set_viewport_size(DESKTOP)
    return [] if reachable else [f"{name} phone: Play again is covered or off the screen"]


# Issue 34: what a thumb and an eye need. Every visible control of the page (the
# skip link aside, which shows only when focused) at least 44 x 44 px; no visible text
# under 11 px, in the board or out of it.
_SMALL = """() => Array.from(document.querySelectorAll(
    "button, a[href], input:not([type=hidden]), select, summary"))
  .filter((el) => !el.matches(".skip") && el.checkVisibility())
  .map((el) => [el, el.getBoundingClientRect()])
  .filter(([el, r]) => r.width > 0 && (r.width < 43.5 || r.height < 43.5))
  .map(([el, r]) => `${el.tagName.toLowerCase()}.${el.className} "${
    (el.getAttribute("aria-label") || el.textContent).trim().slice(0, 30)}" ${
    Math.round(r.width)}x${Math.round(r.height)}`)"""
_TINY = """() => {
  const out = new Set();
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const el = walk.currentNode.parentElement;
    if (!walk.currentNode.textContent.trim() || !el || !el.checkVisibility()) continue;
    if (el.closest(".visually-hidden, .skip")) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 11) out.add(`${el.tagName.toLowerCase()}.${el.className} "${
      walk.currentNode.textContent.trim().slice(0, 20)}" ${size.toFixed(1)}px`);
  }
  return Array.from(out);
}"""


def small_controls(page: Page) -> list[str]:
    """Every visible control smaller than 44 x 44 px, described."""
    return list(page.evaluate(_SMALL))


def tiny_text(page: Page) -> list[str]:
    """Every visible piece of text under 11 px, described."""
    return list(page.evaluate(_TINY))
