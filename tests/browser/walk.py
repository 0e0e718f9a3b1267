"""What a person meets at each of their decisions (issue 34), measured in the page: is a
control and where it goes on the screen as the page arrived, can every control and
every destination of a picked card be brought into view with nothing over it, is each
a thumb's size, and does the status bar say the viewer's own prompt.

A pick's destinations are the buttons the page lights for it (`.dest.made`); a secret
choice's (`.move[data-confirm]`) is the Confirm button the page shows for it
(`.confirm__go`). Choosing one here is a click in the page (what a tap does), and it is
unchosen again before the next: the check leaves the board and the scroll as it found
them, so the person's own tap that follows starts where theirs would.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from playwright.sync_api import Page

from tests.browser.checks import small_controls, tiny_text
from tests.browser.play import CONTROLS

_DECISION = r"""(controls) => {
  const board = document.getElementById("board");
  const name = (el) => el ? `${el.tagName.toLowerCase()}.${String(el.className).trim()
    .replace(/\s+/g, ".")} "${(el.getAttribute("aria-label") || el.textContent).trim()
    .replace(/\s+/g, " ").slice(0, 50)}"` : "nothing";
  const inView = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.top >= -0.5 && r.left >= -0.5 &&
      r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
  };
  const hitOf = (el) => {
    const r = el.getBoundingClientRect();
    return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  };
  const seen = (el) => inView(el) && el.contains(hitOf(el));
  const small = (el) => {
    const r = el.getBoundingClientRect();
    return r.width < 43.5 || r.height < 43.5;
  };
  const chooses = (el) => el.matches(".pick, [data-confirm]");
  const targets = (el) => Array.from(board.querySelectorAll(
    el.matches(".pick") ? ".dest.made" : ".confirm__go"));
  const toggle = (el) => el.click();  // a pick or a secret choice: chosen, or unchosen
  const chosen = (el) => el.getAttribute("aria-pressed") === "true";
  // every scroll position, to leave the page as it was found
  const scrolled = [document.scrollingElement, ...board.querySelectorAll("*"),
    ...document.querySelectorAll(".room__table, #dock")]
    .filter((el) => el.scrollTop || el.scrollLeft)
    .map((el) => [el, el.scrollTop, el.scrollLeft]);
  const restore = () => {
    document.scrollingElement.scrollTo(0, 0);
    board.querySelectorAll("*").forEach((el) => { el.scrollTop = 0; el.scrollLeft = 0; });
    scrolled.forEach(([el, top, left]) => { el.scrollTop = top; el.scrollLeft = left; });
  };
  const all = () => Array.from(board.querySelectorAll(controls));
  const problems = [];

  // As the page arrived: a control in view and uncovered, and, once chosen (the page may
  // scroll its destinations into view itself), it and one of its destinations; a card of
  // one move (one tap) is its own. Picked cards are tried first.
  let arrived = null;
  const ordered = all().sort((a, b) => b.matches(".pick") - a.matches(".pick"));
  for (const c of ordered) {
    if (!seen(c)) continue;
    if (!chooses(c)) { arrived = name(c); break; }
    toggle(c);
    const both = chosen(c) && seen(c) && targets(c).some(seen);
    if (chosen(c)) toggle(c);
    restore();
    if (both) { arrived = name(c); break; }
  }

  // Every control, and every destination of each chosen one, brought into view (as a
  // person scrolls the page, the hand or their own side): on top at its centre, 44 px.
  const check = (el, what) => {
    el.scrollIntoView({block: "nearest", inline: "nearest"});
    if (!inView(el)) problems.push(`${what} ${name(el)} cannot be brought into view`);
    else if (!el.contains(hitOf(el))) {
      problems.push(`${what} ${name(el)} is under ${name(hitOf(el))}`);
    }
    if (small(el)) {
      const r = el.getBoundingClientRect();
      problems.push(`${what} ${name(el)} is ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  };
  const list = all();
  for (const c of list) {
    check(c, "control");
    if (!chooses(c)) continue;
    toggle(c);
    const lit = targets(c);
    if (!chosen(c) || lit.length === 0) problems.push(`choosing ${name(c)} showed no destination`);
    lit.forEach((d) => check(d, `destination of ${name(c)}:`));
    if (chosen(c)) toggle(c);
  }
  restore();

  // The one-line status bar says the viewer's own prompt when the board has one (and
  // the round after it), never the table's "Waiting for" them.
  const own = board.querySelector(".mine__prompt");
  const bar = document.getElementById("status-slot").textContent.replace(/\s+/g, " ").trim();
  if (own && !bar.startsWith(own.textContent.replace(/\s+/g, " ").trim())) {
    problems.push(`the status bar says ${JSON.stringify(bar)}, not the own prompt`);
  }
  return {arrived: arrived, controls: list.length, problems: problems};
}"""


@dataclass
class Decisions:
    """One player's decisions: how many, how many showed a control and its destination
    as the page arrived, and what failed (each line names the decision)."""

    made: int = 0
    arrived: int = 0
    problems: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)


def check_decision(page: Page, seen: Decisions, label: str) -> None:
    """The checks above at this page's decision, counted into `seen`, plus every visible
    control of the page at least 44 x 44 px and no text under 11 px."""
    got = page.evaluate(_DECISION, CONTROLS)
    seen.made += 1
    where = f"{label} decision {seen.made}"
    if got["controls"] == 0:
        seen.problems.append(f"{where}: no control")
    if got["arrived"] is not None:
        seen.arrived += 1
    else:
        seen.missed.append(f"{where}: no control with its destination on the screen as it arrived")
    seen.problems += [f"{where}: {p}" for p in got["problems"]]
    seen.problems += [f"{where}: small {c}" for c in small_controls(page)]
    seen.problems += [f"{where}: tiny {t}" for t in tiny_text(page)]
