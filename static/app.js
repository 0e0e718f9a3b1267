// Stammtisch room page: one socket, the live board, moves, chat and presence.
// The server renders every board; this script morphs in the HTML it was sent (idiomorph
// keeps focus and element identity), runs the card controls of docs/contracts.md §4 and
// the log of §3. Text from people only ever goes in as textContent.
(function () {
  "use strict";
  const room = document.getElementById("room");
  if (!room) return;
  document.documentElement.classList.add("js");
  const code = room.dataset.code;
  // The board's version lives on #room[data-version]: the newest board we have shown.
  const version = () => (room.dataset.version === "" ? -1 : Number(room.dataset.version));
  let socket = null;
  let retry = 0;
  const $ = (id) => document.getElementById(id);
  const board = $("board");
  const baseTitle = document.title;
  const calm = window.matchMedia("(prefers-reduced-motion: reduce)");
  // The page's phrases in the viewer's language (app/web/words.py): t("seat", {n: 2}).
  const phrases = JSON.parse(room.dataset.words || "{}");
  const t = (key, vars) => (phrases[key] || key).replace(/%\((\w+)\)s/g,
    (_, name) => String((vars || {})[name] ?? ""));
  window.StammtischWords = t; // for timers.js

  // ---- the status bar: prompt, whose turn, errors ----
  // An error stays until a board newer than the one it was about arrives.
  let errorAt = -1;
  function say(text, kind) {
    errorAt = version();
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

  function swapBoard(html) {
    const picked = board.dataset.picked || null;
    const before = new Map();
    if (!calm.matches) cardKeys().forEach((el, key) => before.set(key, el.getBoundingClientRect()));
    if (window.Idiomorph) {
      window.Idiomorph.morph(board, html, { morphStyle: "innerHTML" });
    } else {
      board.innerHTML = html;
    }
    select(picked); // survives while a pick with the same id exists
    slide(before);
    measureSticky();
  }

  function showBoard(msg) {
    if (typeof msg.version !== "number" || msg.version < version()) return; // a late update
    room.dataset.version = String(msg.version);
    if (typeof msg.html === "string") swapBoard(msg.html);
    if (msg.type === "board" && msg.version > errorAt) clearMessages(); // the error is old news
    if (Array.isArray(msg.log)) showLog(msg);
    const over = board.querySelector(".final-scores, .summary--final") !== null;
    setStatus(msg.status || (over ? "finished" : "playing"));
    showTurn();
  }

  function showLog(msg) {
    window.StammtischLog.show($("log"), msg); // static/log.js
  }

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
    showPresence(null);
    showTurn();
  }

  function roomKey(info) {
    const seats = (info.seats || []).map((s) => (s.name || "") + (s.bot ? "*" : ""));
    return [info.status, info.host_seat ?? ""].concat(seats).join("|");
  }

  // Seats or status changed (or we just connected): the server re-renders the panel.
  function onRoom(msg) {
    if (!msg.room) return;
    setStatus(msg.room.status);
    const key = roomKey(msg.room);
    if (key !== $("panel").dataset.key) refreshPanel();
  }

  const handlers = {
    board: showBoard,
    view: showBoard,
    chat: addChat,
    presence: showPresence,
    room: onRoom,
    error(msg) {
      setMovesEnabled(true);
      if (msg.html) showBoard(msg);
      say(msg.reason || t("failed"));
      // a stale move names the current version: the board that follows is that one
      if (typeof msg.version === "number") errorAt = Math.max(errorAt, msg.version);
    },
  };

  function receive(msg) {
    const handle = handlers[msg.type];
    if (handle) handle(msg);
    if (window.stammtischTimers) window.stammtischTimers(msg); // static/timers.js
  }
  // for tests: feed a message as if it came; timers.js sends "back" through `send`
  window.stammtisch = { receive: receive, send: (message) => send(message) };

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + "/ws/rooms/" + encodeURIComponent(code) + "?format=html");
    socket.addEventListener("open", () => {
      retry = 0;
      $("chat").replaceChildren(); // the server sends the chat history again
      room.dataset.connected = "true";
    });
    socket.addEventListener("message", (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch (_err) {
        return;
      }
      receive(msg);
    });
    socket.addEventListener("close", (event) => {
      room.dataset.connected = "false";
      if (event.code === 1008 || event.code === 4403 || event.code === 4404) {
        if (!$("messages").hasChildNodes()) say(t("no_watching"));
        return; // refused for good: do not knock again
      }
      retry = Math.min(retry + 1, 6);
      setTimeout(connect, 250 * 2 ** retry);
    });
  }

  function send(message) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      say(t("reconnecting"));
      return false;
    }
    socket.send(JSON.stringify(message));
    return true;
  }

  function setMovesEnabled(on) {
    board.querySelectorAll(".move, .pick").forEach((b) => { b.disabled = !on; });
  }

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
      if (id !== null) showDestinations(id);
      return;
    }
    const button = event.target.closest("#board .move");
    if (button) {
      clearMessages();
      if (send({ type: "move", version: version(), move: JSON.parse(button.dataset.move) })) {
        setMovesEnabled(false); // until the next board arrives, or an error
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
    if (event.key === "Escape" && board.dataset.picked) {
      const id = board.dataset.picked;
      select(null);
      const pick = board.querySelector(`.pick[data-pick="${CSS.escape(id)}"]`);
      if (pick) pick.focus();
    }
  });

  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("chat-text");
    const text = input.value.trim();
    if (text && send({ type: "chat", text: text })) input.value = "";
  });

  showTurn();
  measureSticky();
  window.addEventListener("resize", measureSticky);
  connect();
})();
