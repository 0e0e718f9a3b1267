// Stammtisch room page: the viewer's moves as data (docs/contracts.md §4).
// The board's public regions are the same for everyone; the viewer's own region
// (`mine`) says in `data-moves` what the viewer may do on the shared table. Here those
// become buttons on the table's places: a move made by tapping a place (`at`), a pick
// that is a place on the table, and, once a pick is picked, its destinations. They are
// made again after every board (`light`), kept where they did not change (so a focused
// button keeps the focus), and every one is a <button> at least 44 px square (CSS).
import { $, board, calm } from "./core.js";

const NONE = { picks: {}, at: [] };

function movesData() {
  const mine = board.querySelector("[data-moves]");
  if (!mine) return NONE;
  try {
    const data = JSON.parse(mine.dataset.moves);
    return { picks: data.picks || {}, at: Array.isArray(data.at) ? data.at : [] };
  } catch (_err) {
    return NONE;
  }
}

const placeOf = (name) => board.querySelector(`[data-place="${CSS.escape(String(name))}"]`);

// What a made button is: its place and what it does (a kept button is one that is
// still wanted, the same).
const keyOf = (place, kind, what) => `${place}\u0000${kind}\u0000${what}`;

function makeButton(kind, label, word) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = kind + " made";
  button.setAttribute("aria-label", label || "");
  if (word) button.textContent = word;
  return button;
}

// Every wanted button ([place element, key, make]) is there, made once; any other
// made button of `selector` goes.
function place(selector, wanted) {
  const kept = new Map();
  board.querySelectorAll(selector).forEach((b) => {
    if (wanted.has(b.dataset.made)) kept.set(b.dataset.made, b);
    else b.remove();
  });
  wanted.forEach(([where, make], key) => {
    const button = kept.get(key);
    if (button && button.parentElement === where) return; // as it was (its focus too)
    if (button) button.remove();
    const made = make();
    made.dataset.made = key;
    where.append(made);
  });
}

function moveMaker(dest, kind) {
  return () => {
    const button = makeButton(kind, dest.label, dest.word);
    button.dataset.move = JSON.stringify(dest.move);
    return button;
  };
}

// The buttons on the table after a board: the `at` moves and the placed picks; then
// the pick `pickId` picked again if it still exists.
export function light(pickId) {
  const data = movesData();
  const wanted = new Map();
  data.at.forEach((dest) => {
    const where = placeOf(dest.at);
    if (where) wanted.set(keyOf(dest.at, "move", JSON.stringify(dest.move)), [where, moveMaker(dest, "move")]);
  });
  Object.entries(data.picks).forEach(([id, pick]) => {
    if (pick.at === null || pick.at === undefined) return; // its button is in mine
    const where = placeOf(pick.at);
    if (!where) return;
    wanted.set(keyOf(pick.at, "pick", id), [where, () => {
      const button = makeButton("pick", pick.label, "");
      button.dataset.pick = id;
      button.setAttribute("aria-pressed", "false");
      return button;
    }]);
  });
  place(".made:not(.dest)", wanted);
  select(pickId);
  showChoice();
  showPlayable();
}

// A hand that scrolls sideways (a phone's strip) and shows none of the cards the viewer
// may play: scrolled to the first of them (the playable ones may all lie past its edge).
function showPlayable() {
  board.querySelectorAll(".mine .hand, .mine .hand__cards").forEach((strip) => {
    if (strip.scrollWidth <= strip.clientWidth) return;
    const cards = Array.from(strip.querySelectorAll(".move, .pick"));
    if (!cards.length) return;
    const box = strip.getBoundingClientRect();
    const inside = (el) => {
      const r = el.getBoundingClientRect();
      return r.left >= box.left - 1 && r.right <= box.right + 1;
    };
    if (cards.some(inside)) return;
    strip.scrollLeft += cards[0].getBoundingClientRect().left - box.left - 8;
  });
}

// Pick `pickId` (null: none): pressed, and its destinations on their places.
export function select(pickId) {
  const picks = movesData().picks;
  const pick = pickId !== null && Object.hasOwn(picks, pickId) ? picks[pickId] : null;
  if (pick === null) pickId = null;
  board.querySelectorAll(".pick").forEach((p) => {
    p.setAttribute("aria-pressed", pickId !== null && p.dataset.pick === pickId ? "true" : "false");
  });
  const wanted = new Map();
  (pick ? pick.dests || [] : []).forEach((dest) => {
    const where = placeOf(dest.at);
    if (where) wanted.set(keyOf(dest.at, "dest " + pickId, JSON.stringify(dest.move)), [where, moveMaker(dest, "move dest")]);
  });
  place(".made.dest", wanted);
  if (pickId === null) delete board.dataset.picked;
  else board.dataset.picked = pickId;
}

// ---- a secret choice (`.move[data-confirm]`): chosen by a tap, sent by Confirm ----
// What the viewer chose, as its move's JSON (normalised: a board may space it anew).
let chosen = null;
let chosenButton = null; // the copy tapped, of identical cards (the same move)
const same = (text) => { try { return JSON.stringify(JSON.parse(text)); } catch (_e) { return ""; } };

// Choose `button` (null: nothing); the Confirm button shows in `mine` for it.
export function choose(button) {
  chosen = button ? same(button.dataset.move) : null;
  chosenButton = button;
  return showChoice();
}

// After a board or a choice: the chosen move pressed and its Confirm button at the top
// of `mine` (kept, with its focus, while the choice stands), or none once the board
// no longer offers it. Returns the Confirm button.
function showChoice() {
  const offered = Array.from(board.querySelectorAll(".move[data-confirm]"));
  const matching = offered.filter((b) => chosen !== null && same(b.dataset.move) === chosen);
  const picked = matching.includes(chosenButton) ? chosenButton : matching[0] || null;
  offered.forEach((b) => b.setAttribute("aria-pressed", b === picked ? "true" : "false"));
  if (picked === null) chosen = null;
  chosenButton = picked;
  const mine = picked && picked.closest(".mine");
  let bar = board.querySelector(".confirm");
  if (!mine) {
    if (bar) bar.remove();
    return null;
  }
  if (!bar || bar.parentElement !== mine) {
    if (bar) bar.remove();
    bar = document.createElement("div");
    bar.className = "confirm";
    const go = document.createElement("button");
    go.type = "button";
    go.className = "confirm__go";
    bar.append(go);
    const prompt = mine.querySelector(":scope > .mine__prompt");
    if (prompt) prompt.after(bar);
    else mine.prepend(bar);
  }
  const go = bar.querySelector(".confirm__go");
  if (go.textContent !== picked.dataset.confirm) go.textContent = picked.dataset.confirm;
  go.dataset.send = picked.dataset.move;
  go.disabled = picked.disabled;
  return go;
}

// The sticky status bar and (on a phone) the pinned hand cover the page's edges: tell
// the browser, so focus and scrollIntoView keep what they bring into view clear of them.
export function measureSticky() {
  const root = document.documentElement.style;
  const bar = $("statusbar");
  root.setProperty("--sticky-top", (bar ? bar.offsetHeight + 8 : 0) + "px");
  const mine = board.querySelector(".mine");
  const pinned = mine && getComputedStyle(mine).position === "sticky";
  root.setProperty("--sticky-bottom", (pinned ? mine.offsetHeight + 8 : 0) + "px");
}

// A picked card's first destination is brought into view (it may be off screen).
export function showDestinations() {
  const first = board.querySelector(".dest.made");
  if (!first) return;
  measureSticky();
  first.scrollIntoView({ block: "nearest", behavior: calm.matches ? "auto" : "smooth" });
}
