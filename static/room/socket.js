// Stammtisch room page: the socket: messages in, moves and chat out, and
// whether we are connected (issue 34). A lost socket shows at once (the socket closes,
// or the browser says it went offline, or a move waits for an answer too long): a banner
// (#connection, role="status") with the next attempt's countdown and a Retry button,
// "Your move" waiting and the cards disabled; attempts follow each other with a growing
// pause. A move is never dropped in silence: made on a board that is still the current
// one when the socket is back it is sent once then; else the banner says it was not.
// Moves and chat lines carry an id; the server's `ack` or `error` names it
// (docs/contracts.md §3): a refused chat line is known by its id alone, and a move's
// cards are live again only when the server has said what came of it (refused, or
// taken at version v and the board of v shown), never by guessing from a board.
import { takeTimers } from "../timers.js";
import { showBoard } from "./board.js";
import { $, board, code, room, t, version } from "./core.js";
import { addChat, onRoom, showPresence } from "./people.js";
import { errorAbout, say, showTurn } from "./status.js";

let socket = null;
let retry = 0; // attempts since the last socket that opened
let timer = 0; // the next attempt
let dueAt = 0; // ... at this epoch ms (the banner counts down to it)
let ticker = 0;
let greeting = false; // the next board is a new socket's first: the outbox is decided
let stopped = false; // refused for good: no more attempts
let ids = 0;
// The chat lines sent on this socket and not yet answered (their ids), and the newest
// of them, {id, text}: refused, its words go back into the box.
const chatting = new Set();
let chatSent = null;
// The move not yet answered: {msg, sent}. `sent` false: made while the socket was
// down (a tap in the moment before the page knew), waiting for the next socket.
let outbox = null;
// The move on its way: {id, until}, `until` the version its ack names, null before
// the ack (exported: the tests read it).
export let pending = null;
let silence = 0; // the timer that calls a socket dead when a move gets no answer
const DELAYS = [500, 1000, 2000, 4000, 8000, 15000, 30000];
const ANSWER_MS = 8000;
const connected = () => socket !== null && socket.readyState === WebSocket.OPEN &&
  room.dataset.connected === "true";

const handlers = {
  board: onBoard,
  view: onBoard,
  chat: addChat,
  presence: showPresence,
  room: onRoom,
  ack(msg) {
    if (chatting.delete(msg.id)) {
      if (chatSent && chatSent.id === msg.id) chatSent = null; // said: nothing to give back
      return;
    }
    if (outbox && msg.id === outbox.msg.id) {
      outbox = null;
      clearTimeout(silence);
    }
    // taken: the board of the version it made frees the cards (it comes next; a board
    // that came first, another seat's made before ours, leaves them disabled)
    if (pending && msg.id === pending.id && typeof msg.version === "number") {
      pending.until = msg.version;
      boardArrived();
    }
  },
  error(msg) {
    if (chatting.delete(msg.id)) {
      // one of our chat lines refused ("slow down"): the newest gives its words back
      // rather than lose them; moves are not its business
      if (chatSent && chatSent.id === msg.id && !$("chat-text").value) {
        $("chat-text").value = chatSent.text;
      }
      if (chatSent && chatSent.id === msg.id) chatSent = null;
      say(msg.reason || t("failed"));
      return;
    }
    if (outbox && (!msg.id || msg.id === outbox.msg.id)) {
      outbox = null;
      clearTimeout(silence);
    }
    if (!msg.id || !pending || msg.id === pending.id) {
      pending = null; // the move was refused: the cards are live again
      setMovesEnabled(true);
    }
    if (msg.html) draw(msg);
    say(msg.reason || t("failed"));
    // a stale move names the current version: the board that follows is that one
    if (typeof msg.version === "number") errorAbout(msg.version);
  },
};

// A board message shown (static/room/board.js); a move on its way keeps its cards
// disabled until its board comes.
function draw(msg) {
  const shown = showBoard(msg);
  if (shown === "missing") resync();
  else if (shown === "drawn") boardArrived();
}

function onBoard(msg) {
  draw(msg);
  if (greeting && (typeof msg.html === "string" || msg.view)) {
    greeting = false;
    flush();
  }
}

// One message from the server (exported: the tests feed made-up ones here).
export function receive(msg) {
  const handle = handlers[msg.type];
  if (handle) handle(msg);
  takeTimers(msg); // static/timers.js
}

// ---- the connection ----
export function connect() {
  clearTimeout(timer);
  if (stopped) return;
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const ws = new WebSocket(scheme + location.host + "/ws/rooms/" + encodeURIComponent(code) +
    "?format=html&regions=1"); // boards after the greeting: their changed regions
  socket = ws;
  ws.addEventListener("open", () => {
    if (ws !== socket) return;
    retry = 0;
    greeting = true;
    $("chat").replaceChildren(); // the server sends the chat history again
    room.dataset.connected = "true";
    showConnection();
    showTurn();
  });
  ws.addEventListener("message", (event) => {
    if (ws !== socket) return;
    let msg;
    try {
      msg = JSON.parse(event.data);
    } catch (_err) {
      return;
    }
    receive(msg);
  });
  ws.addEventListener("close", (event) => {
    if (ws !== socket) return; // one given up already (offline, silent)
    if (event.code === 1008 || event.code === 4403 || event.code === 4404) {
      stopped = true;
      room.dataset.connected = "false";
      if (!$("messages").hasChildNodes()) say(t("no_watching"));
      return; // refused for good: do not knock again
    }
    lost();
  });
}

// The socket is gone (or given up on): say so, disable the cards, try again later.
function lost(now) {
  const ws = socket;
  socket = null;
  chatting.clear(); // their answers went with the socket
  chatSent = null;
  if (ws && ws.readyState <= WebSocket.OPEN) ws.close(); // its events are ignored now
  clearTimeout(silence);
  room.dataset.connected = "false";
  setMovesEnabled(false);
  showTurn();
  const delay = now ? 0 : DELAYS[Math.min(retry, DELAYS.length - 1)];
  retry += 1;
  dueAt = Date.now() + delay;
  clearTimeout(timer);
  timer = setTimeout(connect, delay);
  showConnection();
}

function retryNow() {
  if (stopped || connected()) return;
  clearTimeout(timer);
  dueAt = Date.now();
  connect();
  showConnection();
}

// The banner: empty while connected.
function showConnection() {
  const box = $("connection");
  clearInterval(ticker);
  if (stopped || room.dataset.connected !== "false") {
    box.replaceChildren();
    return;
  }
  // made once per loss, then only its words change (a Retry being tapped stays put)
  let line = box.querySelector(".connection__text");
  if (!line) {
    line = document.createElement("p");
    line.className = "connection__text";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "connection__retry";
    button.textContent = t("retry");
    box.replaceChildren(line, button);
  }
  const queued = outbox && !outbox.sent ? " " + t("move_queued") : "";
  const paint = () => {
    const left = Math.ceil((dueAt - Date.now()) / 1000);
    const text = (left > 0 ? t("connection_lost_in", { s: left }) : t("connection_lost")) + queued;
    if (line.textContent !== text) line.textContent = text;
  };
  paint();
  ticker = setInterval(paint, 1000);
}

// A new socket's first board: the move that waited goes now if the board it was made
// on is still the current one (sent before and not answered, it cannot have been
// taken: the version would have moved); else it is said not to have gone.
function flush() {
  const waiting = outbox;
  if (!waiting) return;
  const same = (text) => { try { return JSON.stringify(JSON.parse(text)); } catch (_e) { return ""; } };
  const offered = Array.from(board.querySelectorAll(".move"), (b) => same(b.dataset.move));
  const still = version() === waiting.msg.version &&
    offered.includes(JSON.stringify(waiting.msg.move));
  if (still) {
    transmit(waiting.msg);
    return;
  }
  outbox = null;
  pending = null;
  setMovesEnabled(true);
  say(waiting.sent ? t("move_unsure") : t("move_not_sent"));
}

// The browser knows before the socket does: gone offline, or back.
window.addEventListener("offline", () => { if (!stopped) lost(); });
window.addEventListener("online", retryNow);
document.addEventListener("click", (event) => {
  if (event.target.closest("#connection .connection__retry")) retryNow();
});

// A regions message for a board we do not have (a message lost, a page that drew
// its own): drop this socket; the next one is greeted with the whole board.
function resync() {
  if (!socket || socket.readyState > WebSocket.OPEN) return;
  room.dataset.version = ""; // our board is not the server's: take the greeting's
  retry = 0;
  lost(true);
}

// A message sent now; false (and said) while the socket is down.
export function send(message) {
  if (!connected()) {
    say(t("reconnecting"));
    return false;
  }
  socket.send(JSON.stringify(message));
  return true;
}

function transmit(msg) {
  outbox = { msg: msg, sent: true };
  socket.send(JSON.stringify(msg));
  movePending(msg.id);
  // No answer at all (no ack, board or error) while the socket looks open: it is not.
  clearTimeout(silence);
  silence = setTimeout(() => { if (outbox && outbox.msg === msg) lost(); }, ANSWER_MS);
}

// A card's move: sent now, or kept for the next socket (the banner says so).
export function sendMove(move) {
  const msg = { type: "move", version: version(), move: move, id: "m" + (++ids) };
  if (connected()) {
    transmit(msg);
  } else {
    outbox = { msg: msg, sent: false };
    setMovesEnabled(false);
    showConnection();
  }
}

// A chat line sent now (false while the socket is down); refused, its words come back.
export function sendChat(text) {
  const msg = { type: "chat", text: text, id: "c" + (++ids) };
  if (!send(msg)) return false;
  chatting.add(msg.id);
  chatSent = { id: msg.id, text: text };
  return true;
}

// The cards answer only while connected and no move of ours is on its way.
function setMovesEnabled(on) {
  const live = on && room.dataset.connected !== "false";
  board.querySelectorAll(".move, .pick, .confirm__go").forEach((b) => { b.disabled = !live; });
}

// A move is on its way from the moment it is sent until the server answers it: its
// cards stay disabled (a second click would send a move the server must refuse). An
// error naming it frees them at once; an ack names the version the move made, and the
// cards are live once the board of that version is shown. A board of a smaller version
// (another seat's, in a simultaneous step, made before the server took ours) leaves
// them disabled. No answer at all within ANSWER_MS: the socket is called lost (above),
// never a silent unlock.
function movePending(id) {
  pending = { id: id, until: null };
  setMovesEnabled(false);
}
function boardArrived() {
  if (pending && (pending.until === null || version() < pending.until)) {
    setMovesEnabled(false);
    return;
  }
  pending = null;
  // live again: a regions message may leave the region holding them as it was (the
  // same seat acts again with the same choices), so no fresh buttons replace them
  setMovesEnabled(true);
}
