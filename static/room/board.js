// Stammtisch room page, part 5 of 8: the board (whole, or the regions that changed): morph, keep the selection, move cards (FLIP), the log.
(function (T) {
  "use strict";
  if (!T) return;
  const { room, board, calm, $, version, light, measureSticky, clearMessages, setStatus, showTurn } = T;
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
    if (parts) {
      parts.forEach(([el, text]) => {
        if (window.Idiomorph) {
          window.Idiomorph.morph(el, text, { morphStyle: "outerHTML" });
        } else {
          el.outerHTML = text;
        }
      });
    } else if (window.Idiomorph) {
      window.Idiomorph.morph(board, html, { morphStyle: "innerHTML" });
    } else {
      board.innerHTML = html;
    }
    light(picked); // the table's controls again; the pick survives while its id exists
    slide(before);
    measureSticky();
  }

  function showBoard(msg) {
    if (typeof msg.version !== "number" || msg.version < version()) return; // a late update
    let parts = null;
    if (msg.regions && typeof msg.regions === "object") {
      // only the regions that changed since the board at `base`: ours must be that one
      parts = msg.base === version() ? regionsOf(msg.regions) : null;
      if (parts === null) {
        T.resync(); // static/room/socket.js: a new socket is greeted with a whole board
        return;
      }
    }
    room.dataset.version = String(msg.version);
    if (typeof msg.html === "string" || parts) {
      swapBoard(msg.html, parts);
      T.boardArrived(); // a move on its way keeps its cards disabled (static/room/socket.js)
      T.showSummary(msg.game_no, true); // static/room/summary.js
    }
    if (msg.type === "board" && msg.version > T.errorAt) clearMessages(); // the error is old news
    if (Array.isArray(msg.log)) showLog(msg);
    const over = board.querySelector(".final-scores, .summary--final") !== null;
    setStatus(msg.status || (over ? "finished" : "playing"));
    showTurn();
  }

  function showLog(msg) {
    window.StammtischLog.show($("log"), msg); // static/log.js
  }

  Object.assign(T, { showBoard });
})(window.StammtischRoom);
