// Stammtisch room page: what every part of the room's script reads (an ES module, as
// they all are: each imports what it uses; static/app.js, the page's one entry, imports
// the rest). The server renders every board; the parts morph in the HTML it was sent
// (board.js), run the card controls of docs/contracts.md §4 (picks.js), the status bar
// (status.js), chat, presence and the seats (people.js), the end's scores (summary.js),
// the turn alert (alert.js) and the socket (socket.js). Text from people only ever goes
// in as textContent. No build step: the browser loads the modules as they are.
export const room = document.getElementById("room");
document.documentElement.classList.add("js");
export const $ = (id) => document.getElementById(id);
export const code = room.dataset.code;
export const board = $("board");
export const baseTitle = document.title;
export const calm = window.matchMedia("(prefers-reduced-motion: reduce)");

// The page's phrases in the viewer's language (app/web/render/words.py): t("seat", {n: 2}).
const phrases = JSON.parse(room.dataset.words || "{}");
export const t = (key, vars) => (phrases[key] || key).replace(/%\((\w+)\)s/g,
  (_, name) => String((vars || {})[name] ?? ""));

// The board's version lives on #room[data-version]: the newest board we have shown.
export const version = () => (room.dataset.version === "" ? -1 : Number(room.dataset.version));
