// Stammtisch room page: the page's controls wired to the parts in static/room/
// (core.js first; see there). Loaded last, by templates/room.html.
(function (T) {
  "use strict";
  if (!T) return;
  const { room, board, $, t, say, light, select, showDestinations, clearMessages, send, version,
    movePending, showTurn, measureSticky, connect, foldSummary } = T;

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
      select(id);
      if (id !== null) showDestinations();
      return;
    }
    const fold = event.target.closest("#board .summary__fold, #board .summary__unfold");
    if (fold) {
      foldSummary(fold.classList.contains("summary__fold"));
      return;
    }
    const button = event.target.closest("#board .move");
    if (button) {
      clearMessages();
      if (send({ type: "move", version: version(), move: JSON.parse(button.dataset.move) })) {
        movePending(); // disabled until a board carries the move, or an error
        // The pick ends with its move: a copy of the same card keeps the same pick id
        // ("S6-0" after the first S6 is played), and the next board must not show it
        // picked (a click on it would then unselect instead of pick).
        select(null);
      }
      return;
    }
    if (event.target.closest("#copy-link")) copyLink();
    const toggle = event.target.closest("#side-toggle");
    if (toggle) {
      const open = toggle.getAttribute("aria-expanded") !== "true";
      toggle.setAttribute("aria-expanded", open ? "true" : "false");
      room.classList.toggle("is-side-open", open);
    }
  });

  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    if (board.dataset.picked) {
      const id = board.dataset.picked;
      select(null);
      const pick = board.querySelector(`.pick[data-pick="${CSS.escape(id)}"]`);
      if (pick) pick.focus();
    } else if (board.querySelector(".summary:not(.is-folded)")) {
      foldSummary(true);
    }
  });

  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("chat-text");
    const text = input.value.trim();
    if (text && send({ type: "chat", text: text })) {
      input.value = "";
      T.chatSent = { text: text, at: Date.now() }; // put back if the line is refused
    }
  });

  light(null); // the page's own board: its moves on the table (static/room/picks.js)
  showTurn();
  T.showSummary(null, false); // the page's own board: no focus taken
  measureSticky();
  window.addEventListener("resize", measureSticky);
  connect();
})(window.StammtischRoom);
