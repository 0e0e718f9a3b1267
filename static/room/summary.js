// Stammtisch room page: the scores of a round's or the game's end, beside
// the table and never over it (issue 34). The board carries the summary (its `summary`
// region, docs/contracts.md §5); the page hides that copy and shows its own in the dock
// (#dock, templates/room.html): on a phone a strip above the table (the title, each
// seat's score and a Details toggle; opened, the whole table pushes the board down), on
// a desktop a panel above the log and chat. A round's summary leaves the board with the
// next round's first move, which a bot may make at once: the dock keeps it until the
// next one comes or a new game begins. When the viewer must act, a phone's dock folds to
// its strip so the hand and the table stay in view.
import { $, board, room, t } from "./core.js";
import { measureSticky } from "./picks.js";

const dock = $("dock");
const slot = $("dock-summary");
const phone = window.matchMedia("(max-width: 899.98px)");
let kept = null; // {key, game}: the summary the dock shows
let chosen = null; // the viewer opened or closed it by hand: that stands

const keyOf = (panel) => (panel.dataset.summary || panel.textContent.slice(0, 80)) + "|" +
  panel.classList.contains("summary--final");
const mustAct = () => board.querySelector(".move:not(.dest), .pick") !== null;
// The viewer's seat, as the board says it (its root's data-me; "" for a spectator).
const me = () => {
  const root = board.querySelector(".board[data-me]");
  return root ? root.dataset.me : "";
};

// The summary region's rows (docs/contracts.md §5): each marked with its seat, the
// name in the first cell, the score in the number cell.
function scores(panel) {
  return Array.from(panel.querySelectorAll("tbody tr[data-seat]"), (row) => {
    const who = row.querySelector(".who") || row.querySelector("td");
    const num = row.querySelector(".num");
    return { seat: row.dataset.seat, name: who ? who.textContent.trim() : "",
      score: num ? num.textContent.trim() : "", winner: row.classList.contains("is-winner") };
  });
}

// The dock's copy of the summary's body: ids of its own (the board's copy stays in
// the page, hidden), the viewer's row marked.
function body(panel) {
  const inner = (panel.querySelector(".summary__body") || panel).cloneNode(true);
  inner.querySelectorAll("[id]").forEach((el) => { el.id = "dock-" + el.id; });
  inner.querySelectorAll("tbody tr[data-seat]").forEach((row) => {
    row.classList.toggle("is-you", me() !== "" && row.dataset.seat === me());
  });
  const out = document.createElement("div");
  out.className = "scores__body";
  out.id = "scores-body";
  out.append(...Array.from(inner.childNodes));
  return out;
}

function build(panel) {
  const final = panel.classList.contains("summary--final");
  const box = document.createElement("div");
  box.className = "scores" + (final ? " scores--final" : "");
  const strip = document.createElement("div");
  strip.className = "scores__strip";
  const title = document.createElement("h2");
  title.className = "scores__title";
  title.id = "scores-title";
  title.tabIndex = -1;
  const heading = panel.querySelector(".summary__title");
  title.textContent = heading ? heading.textContent.trim() : (panel.dataset.summary || "");
  const list = document.createElement("ol");
  list.className = "scores__list";
  scores(panel).forEach((s) => {
    const li = document.createElement("li");
    li.className = "scores__seat" + (s.seat !== "" ? " seat-c" + s.seat : "") +
      (s.seat !== "" && s.seat === me() ? " is-you" : "") + (s.winner ? " is-winner" : "");
    const name = document.createElement("span");
    name.className = "scores__name";
    name.textContent = s.name;
    const score = document.createElement("b");
    score.className = "scores__score";
    score.textContent = s.score;
    li.append(name, " ", score);
    list.append(li);
  });
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = "scores__toggle";
  toggle.setAttribute("aria-controls", "scores-body");
  toggle.setAttribute("aria-expanded", "false");
  toggle.textContent = t("details");
  const what = document.createElement("div");
  what.className = "scores__what";
  what.append(title, list);
  strip.append(what, toggle);
  box.append(strip, body(panel));
  return box;
}

// Open (the whole table) or folded to the strip.
function setOpen(open) {
  const box = slot.querySelector(".scores");
  if (!box) return;
  box.classList.toggle("is-open", open);
  box.querySelector(".scores__body").hidden = !open;
  const toggle = box.querySelector(".scores__toggle");
  toggle.setAttribute("aria-expanded", open ? "true" : "false");
  toggle.textContent = open ? t("hide_details") : t("details");
  measureSticky();
}

// After every board: a new summary replaces the dock's; a new game clears it; on a
// phone the dock folds while the viewer must act (unless they opened it themselves).
export function showSummary(game, announce) {
  const panel = board.querySelector(".summary");
  if (kept && game != null && kept.game != null && kept.game !== game) {
    kept = null; // a new game: the old scores go
    slot.replaceChildren();
  }
  if (panel) {
    const key = keyOf(panel);
    if (!kept || kept.key !== key) {
      kept = { key: key, game: game ?? null };
      chosen = null;
      slot.replaceChildren(build(panel));
      showDock(); // shown before it takes the focus (a hidden element cannot)
      if (announce) {
        const typing = document.activeElement && document.activeElement.matches("input, textarea, select");
        if (!typing) slot.querySelector(".scores__title").focus({ preventScroll: true });
      }
    } else if (kept.game === null) {
      kept.game = game ?? null;
    }
  }
  const final = slot.querySelector(".scores--final") !== null;
  if (slot.querySelector(".scores")) {
    setOpen(chosen !== null ? chosen : final || !(phone.matches && mustAct()));
  }
  showDock();
}

export function showDock() {
  dock.hidden = !slot.hasChildNodes() && room.dataset.status !== "finished";
}

export function toggleSummary() {
  const box = slot.querySelector(".scores");
  if (!box) return;
  chosen = !box.classList.contains("is-open");
  setOpen(chosen);
}

// A phone turned into a wider screen (or back): folded or open as it would arrive.
phone.addEventListener("change", () => {
  const box = slot.querySelector(".scores");
  if (box && chosen === null) {
    setOpen(box.classList.contains("scores--final") || !(phone.matches && mustAct()));
  }
});
