// Stammtisch room page, part 6 of 8: chat, presence and the seat panel.
(function (T) {
  "use strict";
  if (!T) return;
  const { room, code, $, showTurn, setStatus, t } = T;
  // ---- chat and presence ----
  function addChat(msg) {
    const li = document.createElement("li");
    const who = document.createElement("b");
    who.textContent = (msg.name || t("someone")) + ": ";
    if (typeof msg.seat === "number") who.className = "who seat-c" + msg.seat;
    li.append(who, document.createTextNode(msg.text || ""));
    $("chat").append(li);
    $("chat").scrollTop = $("chat").scrollHeight;
  }

  let presence = null;
  function showPresence(msg) {
    if (msg) presence = msg;
    if (!presence) return;
    const online = new Set(presence.seats || presence.connected || []);
    document.querySelectorAll("#panel .seatlist__seat").forEach((el) => {
      const dot = el.querySelector(".seatlist__dot:not(.seatlist__dot--empty)");
      if (!dot) return; // a bot (always there, never "offline") or an empty seat
      const on = online.has(Number(el.dataset.seat));
      dot.classList.toggle("is-online", on);
      dot.title = on ? t("online") : t("offline");
      const word = dot.querySelector(".visually-hidden");
      if (word) word.textContent = on ? t("online") : t("offline");
    });
    const n = Number(presence.spectators || 0);
    const watching = $("watching");
    watching.hidden = n === 0;
    watching.textContent = n === 1 ? t("watching_one") : t("watching_many", { n: n });
  }

  let panelRequest = 0;
  async function refreshPanel() {
    const mine = ++panelRequest;
    const response = await fetch("/r/" + encodeURIComponent(code) + "/panel", {
      credentials: "same-origin",
    });
    if (!response.ok || mine !== panelRequest) return; // a newer request is on its way
    const html = await response.text();
    if (mine !== panelRequest) return;
    const holder = document.createElement("div");
    holder.innerHTML = html;
    const panel = holder.querySelector("#panel");
    if (!panel) return;
    const typed = $("seat-name");
    const fresh = panel.querySelector("#seat-name");
    if (typed && fresh) fresh.value = typed.value; // keep a name being typed
    $("panel").replaceWith(panel);
    const end = holder.querySelector("#rematch"); // the end's block (templates/_end.html)
    if (end && $("rematch")) $("rematch").replaceWith(end);
    if (window.StammtischName) window.StammtischName.recall(); // static/remember.js
    if (T.showDock) T.showDock();
    showPresence(null);
    showTurn();
  }

  function roomKey(info) {
    const seats = (info.seats || []).map((s) => (s.name || "") + (s.bot ? "*" : "") +
      (s.rematch ? "!" : ""));
    // the room's settings (templates/_room_settings.html), after the seats
    const settings = (info.public ? "P" : "") + (info.spectators ? "S" : "") +
      info.turn_timer + "/" + info.next_turn_timer;
    return [info.status, info.host_seat ?? ""].concat(seats, [settings]).join("|");
  }

  // Seats or status changed (or we just connected): the server re-renders the panel.
  function onRoom(msg) {
    if (!msg.room) return;
    // the host chose another game for this table: its page (board, styles) anew
    if (msg.room.game_id !== room.dataset.game) {
      location.reload();
      return;
    }
    setStatus(msg.room.status);
    const key = roomKey(msg.room);
    if (key !== $("panel").dataset.key) refreshPanel();
  }

  Object.assign(T, { addChat, showPresence, onRoom, refreshPanel });
})(window.StammtischRoom);
