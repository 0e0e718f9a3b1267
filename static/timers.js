// Turn timers and absent players on the room page (issue 11): a countdown on every seat
// that must act (seat list, its place on the board, and the status bar for your own),
// "away" badges with the "I'm back" button, and how long a seat has been offline.
// static/room/socket.js hands every socket message to `takeTimers`; this module keeps
// what it learnt and paints it again each second, so board morphs and panel refreshes
// that drop its marks are repaired within a tick. The "I'm back" button is sent by
// static/app.js. Text only ever goes in as textContent.
import { room, t } from "./room/core.js";

let deadlines = {}; // seat -> epoch ms (absolute, so every viewer's countdown agrees)
let away = [];
let gone = {}; // seat -> epoch ms its last socket closed
const me = () => (room.dataset.seat === "" ? null : Number(room.dataset.seat));

function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
}

function agoText(ms) {
  const min = Math.floor(ms / 60000);
  if (min < 1) return t("offline_now");
  if (min < 60) return t("offline_min", { min: min });
  return t("offline_hours", { h: Math.floor(min / 60), min: min % 60 });
}

// One child span per host element, made once and kept up to date.
function mark(el, cls, text, label) {
  let span = el.querySelector(":scope > ." + cls.split(" ").join("."));
  if (text === null) {
    if (span) span.remove();
    return;
  }
  if (!span) {
    span = document.createElement("span");
    span.className = cls;
    el.append(span);
  }
  if (span.textContent !== text) span.textContent = text;
  if (label) span.setAttribute("aria-label", label);
}

function countdown(el, at) {
  if (at === undefined) {
    el.removeAttribute("data-deadline");
    mark(el, "countdown", null);
    return;
  }
  el.dataset.deadline = String(at);
  const left = at - Date.now();
  mark(el, "countdown", clockText(left), t("left", { time: clockText(left) }));
  el.classList.toggle("is-hurry", left < 10000);
}

function paint() {
  const playing = room.dataset.status === "playing";
  document.querySelectorAll("#panel .seatlist__seat").forEach((el) => {
    const seat = el.dataset.seat;
    countdown(el, playing ? deadlines[seat] : undefined);
    mark(el, "badge badge--away", away.includes(Number(seat)) ? t("away") : null);
    const since = gone[seat];
    mark(el, "seatlist__gone", since && el.dataset.name ? agoText(Date.now() - since) : null);
  });
  document.querySelectorAll("#board .opponent").forEach((el) => {
    const found = Array.from(el.classList).find((c) => /^seat-c\d+$/.test(c));
    countdown(el, found && playing ? deadlines[found.slice(6)] : undefined);
  });
  const bar = document.getElementById("statusbar");
  const mine = me() === null ? undefined : deadlines[me()];
  if (bar) countdown(bar, playing ? mine : undefined);
  const back = document.getElementById("im-back");
  if (back) back.hidden = !(playing && me() !== null && away.includes(me()));
}

export function takeTimers(msg) {
  if ((msg.type === "board" || msg.type === "view") && msg.timers) {
    deadlines = msg.timers.deadlines || {};
    away = msg.timers.away || [];
  } else if (msg.type === "room" && msg.room) {
    deadlines = {};
    away = [];
    (msg.room.seats || []).forEach((s) => {
      if (typeof s.deadline === "number") deadlines[s.index] = s.deadline;
      if (s.away) away.push(s.index);
      if (typeof s.gone_since === "number") gone[s.index] = s.gone_since;
    });
  } else if (msg.type === "presence") {
    gone = msg.gone || {};
  }
  paint();
}

setInterval(paint, 1000);
