// Stammtisch room page, part 4 of 7: the summary panel of a round's or the game's end
// (templates/boards/_macros.html `summary`), a dialog over the middle of the table.
// A round's summary leaves the board with the next round's first move, which a bot may
// make at once: the page keeps showing it until the viewer hides it or a newer one
// comes. Hidden, it folds to its title (Show the scores unfolds it), or goes once its
// round is past. A new one takes the
// focus, so a screen reader reads its title, unless the viewer is typing.
(function (T) {
  "use strict";
  if (!T) return;
  const { board, $ } = T;
  let kept = null; // {key, html, game}: the newest summary this page was shown
  let foldedKey = null;

  const keyOf = (panel) => panel.dataset.summary + "|" + panel.classList.contains("summary--final");
  const current = () => board.querySelector(".summary[data-summary]");

  function showSummary(game, announce) {
    let panel = current();
    if (kept && kept.game !== null && kept.game !== game) kept = null; // a new game: the old scores go
    if (panel) {
      const key = keyOf(panel);
      const fresh = !kept || kept.key !== key;
      kept = { key: key, html: panel.outerHTML, game: game ?? null };
      if (fresh && announce) {
        foldedKey = null;
        const typing = document.activeElement && document.activeElement.matches("input, textarea, select");
        if (!typing) panel.focus({ preventScroll: true });
      }
    } else if (kept && board.querySelector(".board")) {
      kept.game = kept.game ?? game ?? null;
      board.querySelector(".board").insertAdjacentHTML("beforeend", kept.html);
      panel = current();
      panel.classList.add("summary--kept");
      // the update took the old copy away with the focus in it: give it back
      if (!document.activeElement || document.activeElement === document.body) panel.focus({ preventScroll: true });
    }
    if (panel) panel.classList.toggle("is-folded", foldedKey === kept.key);
  }

  function foldSummary(fold) {
    const panel = current();
    if (!panel || !kept) return;
    if (fold && panel.classList.contains("summary--kept")) {
      // a past round's scores, hidden: gone for good (the log keeps the story)
      kept = null;
      panel.remove();
      const next = board.querySelector(".move:not(.dest), .pick");
      if (next) next.focus(); // back to the table
      return;
    }
    foldedKey = fold ? kept.key : null;
    panel.classList.toggle("is-folded", fold);
    const next = panel.querySelector(fold ? ".summary__unfold" : ".summary__fold");
    if (next) next.focus();
  }

  // On a phone the game's summary lies over the status bar and its "Play again" until
  // it is hidden: the summary carries a copy of that form (the same post), for whoever
  // the bar offers it to (a seated player or the host). A board's morph drops the copy;
  // each showTurn puts it back.
  function offerRematch() {
    const panel = board.querySelector(".summary--final");
    const form = $("rematch");
    const copy = board.querySelector(".summary__rematch");
    const wanted = panel !== null && form !== null && !form.hidden;
    if (copy && (!wanted || !panel.contains(copy))) copy.remove();
    if (!wanted || panel.querySelector(".summary__rematch")) return;
    const own = form.cloneNode(true);
    own.removeAttribute("id");
    own.className = "summary__rematch";
    panel.querySelector(".summary__head").insertBefore(own, panel.querySelector(".summary__fold"));
  }

  Object.assign(T, { showSummary, foldSummary, offerRematch });
})(window.StammtischRoom);
