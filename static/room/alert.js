// Stammtisch room page: the turn alert (issue 34). When it becomes the
// viewer's move: a short tone and a buzz (off until the player turns them on in the
// menu; remembered on this device), and a browser notification while the tab is hidden
// (permission asked only from its button, never on load). The tab title's dot stays
// (status.js). The tone is made by Web Audio: no sound file.
import { $, code, t } from "./core.js";

const KEY = "stammtisch.turn-sound";
const read = () => { try { return localStorage.getItem(KEY) === "on"; } catch (_e) { return false; } };
let soundOn = read();
let audio = null;
let wasMine = null; // null until the first board: a page that opens on your move is quiet

function tone() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  audio = audio || new Context();
  if (audio.state === "suspended") audio.resume();
  const at = audio.currentTime;
  [0, 0.16].forEach((delay, i) => { // two short notes, a fifth apart
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = i ? 1175 : 784;
    gain.gain.setValueAtTime(0.0001, at + delay);
    gain.gain.exponentialRampToValueAtTime(0.18, at + delay + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + delay + 0.14);
    osc.connect(gain).connect(audio.destination);
    osc.start(at + delay);
    osc.stop(at + delay + 0.15);
  });
}

function buzz() {
  if (navigator.vibrate) navigator.vibrate([90, 60, 90]);
}

function notify() {
  if (!document.hidden || !("Notification" in window) || Notification.permission !== "granted") return;
  const prompt = $("status-slot").textContent.replace(/\s+/g, " ").trim();
  const note = new Notification(t("your_move"), { body: prompt, tag: "stammtisch-" + code });
  note.onclick = () => { window.focus(); note.close(); };
}

export let alerted = 0; // how many turns were announced (read by the tests)

// Called by status.js after every board: an alert when the viewer's move begins.
export function turnChanged(mine) {
  if (wasMine !== null && mine && !wasMine) {
    if (soundOn) {
      tone();
      buzz();
    }
    notify();
    alerted += 1;
  }
  wasMine = mine;
}

function paint() {
  const sound = $("sound-toggle");
  sound.setAttribute("aria-pressed", soundOn ? "true" : "false");
  const button = $("notify-button");
  const state = $("notify-state");
  if (!("Notification" in window)) {
    button.hidden = true;
    state.textContent = t("notify_unavailable");
  } else if (Notification.permission === "granted") {
    button.hidden = true;
    state.textContent = t("notify_on");
  } else if (Notification.permission === "denied") {
    button.hidden = true;
    state.textContent = t("notify_blocked");
  } else {
    state.textContent = "";
  }
}

document.addEventListener("click", (event) => {
  if (event.target.closest("#sound-toggle")) {
    soundOn = !soundOn;
    try { localStorage.setItem(KEY, soundOn ? "on" : "off"); } catch (_e) { /* not kept */ }
    if (soundOn) { // a sample, and the click lets the page make sound from now on
      tone();
      buzz();
    }
    paint();
  } else if (event.target.closest("#notify-button") && "Notification" in window) {
    Notification.requestPermission().then(paint);
  }
});

$("alerts").hidden = false;
paint();
