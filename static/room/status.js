// Stammtisch room page: the status bar (prompt, whose turn, errors).
import { turnChanged } from "./alert.js";
import { $, baseTitle, board, room, t, version } from "./core.js";

// An error stays until a board newer than the one it was about arrives: `errorAt`.
export let errorAt = -1;

// The error said is about the board of `v` (a stale move's names the current one).
export function errorAbout(v) {
  errorAt = Math.max(errorAt, v);
}

export function say(text, kind) {
  errorAt = version();
  const p = document.createElement("p");
  p.className = "message message--" + (kind || "error");
  p.textContent = text;
  $("messages").replaceChildren(p);
}

export function clearMessages() {
  $("messages").replaceChildren();
}

function names() {
  return Array.from(document.querySelectorAll("#panel .seatlist__seat"), (el) =>
    el.dataset.name || t("seat", { n: Number(el.dataset.seat) + 1 }));
}

function listOf(seats) {
  const all = names();
  const words = seats.map((s) => all[s] || t("seat", { n: s + 1 }));
  return words.length < 2 ? words.join("")
    : t("and", { first: words.slice(0, -1).join(", "), last: words.at(-1) });
}

// Who must act, as the board says (render_board adds .board-turn): header, seat list,
// the title dot, and the status bar when a board has no prompt of its own.
export function showTurn() {
  const info = board.querySelector(".board-turn");
  const toAct = info ? info.dataset.toAct.split(" ").filter(Boolean).map(Number) : [];
  const me = room.dataset.seat === "" ? null : Number(room.dataset.seat);
  const mine = me !== null && toAct.includes(me);
  const live = room.dataset.status === "playing";
  const turn = $("turn");
  if (turn) {
    turn.hidden = !live || toAct.length === 0;
    turn.classList.toggle("is-yours", mine);
    const others = toAct.filter((s) => s !== me);
    turn.textContent = mine
      ? (others.length ? t("your_move_with", { names: listOf(others) }) : t("your_move"))
      : toAct.length > 1 ? t("choosing", { names: listOf(toAct) })
        : t("to_act_of", { names: listOf(toAct) });
  }
  document.querySelectorAll("#panel .seatlist__seat").forEach((el) => {
    const acting = live && toAct.includes(Number(el.dataset.seat));
    el.classList.toggle("is-to-act", acting);
    const tag = el.querySelector(".seatlist__acting");
    if (tag) {
      tag.hidden = !acting;
      tag.textContent = toAct.length > 1 ? t("choosing_tag") : t("to_act_tag");
    }
  });
  const yourMove = board.querySelector(".move:not(.dest), .pick") !== null;
  document.title = (yourMove ? "\u25CF " : "") + baseTitle; // a dot in the tab: your move
  // While the socket is down, "Your move" waits for it (static/room/socket.js).
  const offline = room.dataset.connected === "false";
  if (turn && mine && offline) turn.textContent = t("your_move_offline");
  if (turn) turn.classList.toggle("is-waiting", offline);
  showPrompt(live, mine, toAct);
  slot.classList.toggle("is-yours", mine || yourMove);
  turnChanged(mine || yourMove); // the turn alert (alert.js)
}

// The one-line status bar: the viewer's own prompt (the board's `.mine__prompt`) when
// there is one, else the table's (`.table-status`), and the round (docs/contracts.md
// §5). Its whole text is its title and its accessible text; a tap unfolds it.
const slot = $("status-slot");
function showPrompt(live, mine, toAct) {
  const own = board.querySelector(".mine__prompt");
  const table = board.querySelector(".table-status");
  const tablePrompt = table && (table.querySelector(".table-status__prompt") || table);
  const round = table && table.querySelector(".table-status__round");
  const line = document.createElement("p");
  line.className = "status-line";
  const prompt = document.createElement("span");
  prompt.className = "status-line__prompt";
  const source = own || tablePrompt;
  if (source) {
    prompt.append(...Array.from(source.cloneNode(true).childNodes));
  } else if (live && toAct.length) {
    prompt.textContent = mine ? t("your_turn") : t("waiting_for", { names: listOf(toAct) });
  } else if (room.dataset.status === "waiting") {
    prompt.textContent = t("waiting_seats");
  }
  if (!prompt.textContent.trim()) {
    slot.replaceChildren();
    slot.removeAttribute("title");
    return;
  }
  line.append(prompt);
  if (round && round !== tablePrompt) {
    const r = document.createElement("span");
    r.className = "status-line__round";
    r.textContent = round.textContent.trim();
    line.append(" ", r);
  }
  slot.title = line.textContent.replace(/\s+/g, " ").trim();
  slot.replaceChildren(line);
}
