// Stammtisch room page: chat, presence, the seat panel and the room's status.
import { recall } from "../remember.js";
import { $, board, code, room, t } from "./core.js";
import { morphOuter } from "./morph.js";
import { showTurn } from "./status.js";
import { showDock } from "./summary.js";

// ---- chat and presence ----
export function addChat(msg) {
  const li = document.createElement("li");
  const who = document.createElement("b");
  who.textContent = (msg.name || t("someone")) + ": ";
  if (typeof msg.seat === "number") who.className = "who seat-c" + msg.seat;
  li.append(who, document.createTextNode(msg.text || ""));
  $("chat").append(li);
  $("chat").scrollTop = $("chat").scrollHeight;
}

let presence = null;
export function showPresence(msg) {
  if (msg) presence = msg;
  if (!presence) return;
  const online = new Set(presence.seats || presence.connected || []);
  document.querySelectorAll("#panel .seatlist__seat").forEach((el) => {
    const dot = el.querySelector(".seatlist__dot:not(.seatlist__dot--empty)");
    if (!dot) return; // a bot (always there, never "offline") or an empty seat
    const on = online.has(Number(el.dataset.seat));
    dot.classList.toggle("is-online", on);
    dot.title = on ? t("online") : t("offline");
    const word = dot.querySelector(".visually-hidden");
    if (word) word.textContent = on ? t("online") : t("offline");
  });
  const n = Number(presence.spectators || 0);
  const watching = $("watching");
  watching.hidden = n === 0;
  watching.textContent = n === 1 ? t("watching_one") : t("watching_many", { n: n });
}

let panelRequest = 0;
async function refreshPanel() {
  const mine = ++panelRequest;
  const response = await fetch("/r/" + encodeURIComponent(code) + "/panel", {
    credentials: "same-origin",
  });
  if (!response.ok || mine !== panelRequest) return; // a newer request is on its way
  const html = await response.text();
  if (mine !== panelRequest) return;
  const holder = document.createElement("div");
  holder.innerHTML = html;
  const panel = holder.querySelector("#panel");
  if (!panel) return;
  // Morphed, not replaced: a name being typed keeps its field, its focus and its
  // letters (a field replaced mid-typing took the next keys with it; CI saw a name
  // typed while a room notice arrived vanish), and a seat picked stays picked.
  keepChoice(panel, "seat-name");
  keepChoice(panel, "seat-index");
  morphOuter($("panel"), panel.outerHTML, true);
  const end = holder.querySelector("#rematch"); // the end's block (templates/_end.html)
  if (end && $("rematch")) $("rematch").replaceWith(end);
  recall(); // a name field made anew is filled again (static/remember.js)
  showDock();
  showPresence(null);
  showTurn();
}

// What the viewer typed or picked in the field `id` goes into the fresh panel's
// HTML, as its attribute: morphing follows the new HTML's attributes.
function keepChoice(panel, id) {
  const mine = $(id);
  const fresh = panel.querySelector("#" + id);
  if (!mine || !fresh || !mine.value) return;
  if (fresh.tagName === "SELECT") {
    const option = Array.from(fresh.options).find((o) => o.value === mine.value);
    if (!option) return; // that seat is gone: the server's pick stands
    fresh.querySelectorAll("option").forEach((o) => o.removeAttribute("selected"));
    option.setAttribute("selected", "");
  } else {
    fresh.setAttribute("value", mine.value);
  }
}

function roomKey(info) {
  const seats = (info.seats || []).map((s) => (s.name || "") + (s.bot ? "*" : "") +
    (s.rematch ? "!" : ""));
  return [info.status, info.host_seat ?? ""].concat(seats).join("|");
}

// Seats or status changed (or we just connected): the server re-renders the panel.
export function onRoom(msg) {
  if (!msg.room) return;
  // the host chose another game for this table: its page (board, styles) anew
  if (msg.room.game_id !== room.dataset.game) {
    location.reload();
    return;
  }
  setStatus(msg.room.status);
  const key = roomKey(msg.room);
  if (key !== $("panel").dataset.key) refreshPanel();
}

// The room's status (waiting, playing, finished): its badge, and what shows with it.
export function setStatus(status) {
  if (!status || room.dataset.status === status) return;
  const before = room.dataset.status;
  room.dataset.status = status;
  const badge = $("room-status");
  badge.textContent = t("status_" + status);
  badge.className = "state-badge state-badge--" + status;
  if ($("rematch")) $("rematch").hidden = status !== "finished";
  showDock();
  // the seats' controls and the end's block (Play again, the replay) are the
  // server's, for the new status
  if (before !== undefined) refreshPanel();
  const info = $("room-info");
  if (info && before === "waiting" && status !== "waiting") info.open = false; // fold away
  if (info && status === "waiting") info.open = true;
  if (status === "waiting") {
    // back to waiting: a rematch needs an emptied seat filled first
    const p = document.createElement("p");
    p.className = "board__waiting";
    p.textContent = t("waiting_seats");
    board.replaceChildren(p);
    $("log").replaceChildren();
  }
  showTurn();
}
