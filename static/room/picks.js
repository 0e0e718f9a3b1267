// Stammtisch room page, part 3 of 7: card controls with several destinations (docs/contracts.md §4).
(function (T) {
  "use strict";
  if (!T) return;
  const { board, calm, $ } = T;
  // ---- card controls (docs/contracts.md §4) ----
  function select(pickId) {
    const picks = board.querySelectorAll(".pick");
    let found = false;
    picks.forEach((p) => {
      const on = pickId !== null && p.dataset.pick === pickId;
      found = found || on;
      p.setAttribute("aria-pressed", on ? "true" : "false");
    });
    if (!found) pickId = null;
    board.querySelectorAll(".dest").forEach((d) => { d.hidden = d.dataset.pickFor !== pickId; });
    if (pickId === null) delete board.dataset.picked;
    else board.dataset.picked = pickId;
  }

  // The sticky status bar and (on a phone) the pinned hand cover the page's edges: tell
  // the browser, so focus and scrollIntoView keep what they bring into view clear of them.
  function measureSticky() {
    const root = document.documentElement.style;
    const bar = $("statusbar");
    root.setProperty("--sticky-top", (bar ? bar.offsetHeight + 8 : 0) + "px");
    const mine = board.querySelector(".mine");
    const pinned = mine && getComputedStyle(mine).position === "sticky";
    root.setProperty("--sticky-bottom", (pinned ? mine.offsetHeight + 8 : 0) + "px");
  }

  // A picked card's first destination is brought into view (it may be off screen).
  function showDestinations(pickId) {
    const first = board.querySelector(`.dest[data-pick-for="${CSS.escape(pickId)}"]:not([hidden])`);
    if (!first) return;
    measureSticky();
    first.scrollIntoView({ block: "nearest", behavior: calm.matches ? "auto" : "smooth" });
  }

  Object.assign(T, { select, measureSticky, showDestinations });
})(window.StammtischRoom);
