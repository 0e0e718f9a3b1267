// Stammtisch room page: the board (whole, or the regions that changed): morph, keep the
// selection, move cards (FLIP), the log.
import { show as showLog } from "../log.js";
import { $, board, calm, room, version } from "./core.js";
import { morphInner, morphOuter } from "./morph.js";
import { setStatus } from "./people.js";
import { light, measureSticky } from "./picks.js";
import { clearMessages, errorAt, showTurn } from "./status.js";
import { showSummary } from "./summary.js";

// ---- the board: morph, keep the selection, move cards (FLIP) ----
function cardKeys() {
  const seen = new Map();
  const out = new Map();
  board.querySelectorAll("[data-card]").forEach((el) => {
    const n = seen.get(el.dataset.card) || 0;
    seen.set(el.dataset.card, n + 1);
    out.set(el.dataset.card + "#" + n, el);
  });
  return out;
}

function slide(before) {
  if (calm.matches) return;
  cardKeys().forEach((el, key) => {
    const from = before.get(key);
    if (!from) return;
    const to = el.getBoundingClientRect();
    const dx = from.left - to.left;
    const dy = from.top - to.top;
    if (Math.abs(dx) + Math.abs(dy) < 2 || Math.abs(dx) + Math.abs(dy) > 1500) return;
    el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
      { duration: 260, easing: "ease-out" });
  });
}

// The board's elements of a regions message (docs/contracts.md §3), or null when one
// is missing: then this board is not the one the server counted on.
function regionsOf(regions) {
  const out = [];
  for (const [name, html] of Object.entries(regions)) {
    const el = board.querySelector(`[data-region="${CSS.escape(name)}"]`);
    if (el === null) return null;
    out.push([el, html]);
  }
  return out;
}

// The whole board (`html`), or some of its regions ([element, outer html] pairs):
// either way the selection is kept and the cards slide over the whole board.
function swapBoard(html, parts) {
  const picked = board.dataset.picked || null;
  const before = new Map();
  if (!calm.matches) cardKeys().forEach((el, key) => before.set(key, el.getBoundingClientRect()));
  if (parts) parts.forEach(([el, text]) => morphOuter(el, text));
  else morphInner(board, html);
  light(picked); // the table's controls again; the pick survives while its id exists
  slide(before);
  measureSticky();
}

// A board message shown, if it is the newest. Says what came of it, for the socket
// (static/room/socket.js): "late" (older than ours: dropped), "missing" (regions of a
// board we do not hold: a new socket is greeted with a whole one), "drawn" (the board
// changed: a move on its way may be answered) or "kept" (the log or status only).
export function showBoard(msg) {
  if (typeof msg.version !== "number" || msg.version < version()) return "late";
  let parts = null;
  if (msg.regions && typeof msg.regions === "object") {
    // only the regions that changed since the board at `base`: ours must be that one
    parts = msg.base === version() ? regionsOf(msg.regions) : null;
    if (parts === null) return "missing";
  }
  room.dataset.version = String(msg.version);
  const drawn = typeof msg.html === "string" || parts !== null;
  if (drawn) {
    swapBoard(msg.html, parts);
    showSummary(msg.game_no, true); // static/room/summary.js
  }
  if (msg.type === "board" && msg.version > errorAt) clearMessages(); // the error is old news
  if (Array.isArray(msg.log)) showLog($("log"), msg); // static/log.js
  const over = board.querySelector(".final-scores, .summary--final") !== null;
  setStatus(msg.status || (over ? "finished" : "playing"));
  showTurn();
  return drawn ? "drawn" : "kept";
}
