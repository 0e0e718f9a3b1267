// Stammtisch room page, part 1 of 8: what the other parts share (window.StammtischRoom).
// The server renders every board; the parts morph in the HTML it was sent (board.js),
// run the card controls of docs/contracts.md §4 (picks.js), the status bar (status.js),
// chat and presence (people.js) and the socket (socket.js); app.js wires up the page.
// Text from people only ever goes in as textContent. No build step: plain scripts,
// loaded in this order by templates/room.html.
(function () {
  "use strict";
  const room = document.getElementById("room");
  if (!room) return;
  document.documentElement.classList.add("js");
  const $ = (id) => document.getElementById(id);
  // The page's phrases in the viewer's language (app/web/words.py): t("seat", {n: 2}).
  const phrases = JSON.parse(room.dataset.words || "{}");
  const t = (key, vars) => (phrases[key] || key).replace(/%\((\w+)\)s/g,
    (_, name) => String((vars || {})[name] ?? ""));
  window.StammtischWords = t; // for timers.js
  window.StammtischRoom = {
    room: room,
    code: room.dataset.code,
    board: $("board"),
    baseTitle: document.title,
    calm: window.matchMedia("(prefers-reduced-motion: reduce)"),
    $: $,
    t: t,
    // The board's version lives on #room[data-version]: the newest board we have shown.
    version: () => (room.dataset.version === "" ? -1 : Number(room.dataset.version)),
    // An error stays until a board newer than the one it was about arrives.
    errorAt: -1,
  };
})();
