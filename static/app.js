// Stammtisch room page: the page's controls wired to the parts in static/room/ (see
// core.js there). The room page's one module entry (templates/room.html): it imports
// the parts it uses, they import theirs.
import { $, board, room, t } from "./room/core.js";
import { choose, light, measureSticky, select, showDestinations } from "./room/picks.js";
import { connect, send, sendChat, sendMove } from "./room/socket.js";
import { clearMessages, say, showTurn } from "./room/status.js";
import { showSummary, toggleSummary } from "./room/summary.js";

function copyLink() {
  const input = $("room-link");
  const done = () => say(t("copied"), "info");
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(input.value).then(done, () => input.select());
  } else {
    input.select();
    document.execCommand("copy");
    done();
  }
}

document.addEventListener("click", (event) => {
  const pick = event.target.closest("#board .pick");
  if (pick) {
    const id = pick.getAttribute("aria-pressed") === "true" ? null : pick.dataset.pick;
    choose(null);
    select(id);
    if (id !== null) showDestinations();
    return;
  }
  if (event.target.closest("#dock .scores__toggle")) {
    toggleSummary();
    return;
  }
  const secret = event.target.closest("#board .move[data-confirm]");
  if (secret) {
    // chosen (or unchosen by a second tap), sent only by its Confirm button
    const go = choose(secret.getAttribute("aria-pressed") === "true" ? null : secret);
    if (go) {
      select(null);
      // from the keyboard (a click without a pointer), on to Confirm
      if (event.detail === 0) go.focus();
      else go.scrollIntoView({ block: "nearest" });
    }
    return;
  }
  const confirm = event.target.closest("#board .confirm__go");
  if (confirm) {
    clearMessages();
    choose(null);
    sendMove(JSON.parse(confirm.dataset.send));
    return;
  }
  const button = event.target.closest("#board .move");
  if (button) {
    clearMessages();
    // disabled until a board carries the move, an ack or an error; offline, it waits
    // for the next socket (static/room/socket.js)
    sendMove(JSON.parse(button.dataset.move));
    // The pick ends with its move: a copy of the same card keeps the same pick id
    // ("S6-0" after the first S6 is played), and the next board must not show it
    // picked (a click on it would then unselect instead of pick).
    select(null);
    return;
  }
  const back = event.target.closest("#im-back");
  // "I'm back" goes over the socket: no page load. Without one the form posts
  // /r/{code}/back (static/timers.js shows the button).
  if (back && send({ type: "back" })) {
    event.preventDefault();
    back.hidden = true;
    return;
  }
  if (event.target.closest("#copy-link")) copyLink();
  if (event.target.closest("#status-slot")) $("status-slot").classList.toggle("is-unfolded");
  const toggle = event.target.closest("#side-toggle, #side-close");
  if (toggle) showSide(toggle.id === "side-toggle" && !room.classList.contains("is-side-open"));
});

// On a phone the log and chat open as a sheet over the table, at their newest lines;
// closed, the focus goes back to the button that opened them.
function showSide(open) {
  const toggle = $("side-toggle");
  toggle.setAttribute("aria-expanded", open ? "true" : "false");
  room.classList.toggle("is-side-open", open);
  if (open) {
    ["log", "chat"].forEach((id) => { $(id).scrollTop = $(id).scrollHeight; });
    $("side").scrollTop = 0;
    $("side-close").focus({ preventScroll: true });
  } else if (document.activeElement === $("side-close") || $("side").contains(document.activeElement)) {
    toggle.focus({ preventScroll: true });
  }
}

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  if (room.classList.contains("is-side-open")) {
    showSide(false);
  } else if (board.querySelector(".move[data-confirm][aria-pressed='true']")) {
    const chosen = board.querySelector(".move[data-confirm][aria-pressed='true']");
    choose(null);
    chosen.focus();
  } else if (board.dataset.picked) {
    const id = board.dataset.picked;
    select(null);
    const pick = board.querySelector(`.pick[data-pick="${CSS.escape(id)}"]`);
    if (pick) pick.focus();
  }
});

$("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = $("chat-text");
  const text = input.value.trim();
  if (text && sendChat(text)) input.value = ""; // put back if the line is refused
});

light(null); // the page's own board: its moves on the table (static/room/picks.js)
showTurn();
showSummary(null, false); // the page's own board: no focus taken
measureSticky();
window.addEventListener("resize", measureSticky);
connect();
