// Stammtisch room page, part 2 of 7: the status bar (prompt, whose turn, errors) and the room's status.
(function (T) {
  "use strict";
  if (!T) return;
  const { room, board, baseTitle, $, version, t } = T;
  // ---- the status bar: prompt, whose turn, errors ----
  // An error stays until a board newer than the one it was about arrives.
  function say(text, kind) {
    T.errorAt = version();
    const p = document.createElement("p");
    p.className = "message message--" + (kind || "error");
    p.textContent = text;
    $("messages").replaceChildren(p);
  }

  function clearMessages() {
    $("messages").replaceChildren();
  }

  function names() {
    return Array.from(document.querySelectorAll("#panel .seatlist__seat"), (el) =>
      el.dataset.name || t("seat", { n: Number(el.dataset.seat) + 1 }));
  }

  function listOf(seats) {
    const all = names();
    const words = seats.map((s) => all[s] || t("seat", { n: s + 1 }));
    return words.length < 2 ? words.join("")
      : t("and", { first: words.slice(0, -1).join(", "), last: words.at(-1) });
  }

  // Who must act, as the board says (render_board adds .board-turn): header, seat list,
  // the title dot, and the status bar when a board has no prompt of its own.
  function showTurn() {
    const info = board.querySelector(".board-turn");
    const toAct = info ? info.dataset.toAct.split(" ").filter(Boolean).map(Number) : [];
    const me = room.dataset.seat === "" ? null : Number(room.dataset.seat);
    const mine = me !== null && toAct.includes(me);
    const live = room.dataset.status === "playing";
    const turn = $("turn");
    if (turn) {
      turn.hidden = !live || toAct.length === 0;
      turn.classList.toggle("is-yours", mine);
      const others = toAct.filter((s) => s !== me);
      turn.textContent = mine
        ? (others.length ? t("your_move_with", { names: listOf(others) }) : t("your_move"))
        : toAct.length > 1 ? t("choosing", { names: listOf(toAct) })
          : t("to_act_of", { names: listOf(toAct) });
    }
    document.querySelectorAll("#panel .seatlist__seat").forEach((el) => {
      const acting = live && toAct.includes(Number(el.dataset.seat));
      el.classList.toggle("is-to-act", acting);
      const tag = el.querySelector(".seatlist__acting");
      if (tag) {
        tag.hidden = !acting;
        tag.textContent = toAct.length > 1 ? t("choosing_tag") : t("to_act_tag");
      }
    });
    const yourMove = board.querySelector(".move:not(.dest), .pick") !== null;
    document.title = (yourMove ? "\u25CF " : "") + baseTitle; // a dot in the tab: your move
    const prompt = board.querySelector(".table-status");
    const slot = $("status-slot");
    if (prompt) {
      const copy = prompt.cloneNode(true);
      copy.removeAttribute("id");
      slot.replaceChildren(copy);
    } else if (live && toAct.length) {
      const p = document.createElement("p");
      p.className = "table-status__prompt";
      p.textContent = mine ? t("your_turn") : t("waiting_for", { names: listOf(toAct) });
      slot.replaceChildren(p);
    } else {
      slot.replaceChildren();
    }
    slot.classList.toggle("is-yours", mine || yourMove);
    if (T.offerRematch) T.offerRematch(); // the summary's own Play again (summary.js)
  }

  function setStatus(status) {
    if (!status || room.dataset.status === status) return;
    const before = room.dataset.status;
    room.dataset.status = status;
    const badge = $("room-status");
    badge.textContent = t("status_" + status);
    badge.className = "state-badge state-badge--" + status;
    if ($("rematch")) $("rematch").hidden = status !== "finished";
    const info = $("room-info");
    if (info && before === "waiting" && status !== "waiting") info.open = false; // fold away
    if (info && status === "waiting") info.open = true;
    if (status === "waiting") {
      // back to waiting: a rematch needs an emptied seat filled first
      const p = document.createElement("p");
      p.className = "board__waiting";
      p.textContent = t("waiting_seats");
      board.replaceChildren(p);
      $("log").replaceChildren();
    }
    showTurn();
  }

  Object.assign(T, { say, clearMessages, names, listOf, showTurn, setStatus });
})(window.StammtischRoom);
