// Stammtisch room page: one socket, the live board, moves, chat and presence.
// The server renders every board; this script only swaps HTML it was sent and sends
// back the move of the button that was clicked. Text from people goes in as textContent.
(function () {
  "use strict";
  const room = document.getElementById("room");
  if (!room) return;
  const code = room.dataset.code;
  // The board's version lives on #room[data-version]: the newest board we have shown.
  const version = () => (room.dataset.version === "" ? -1 : Number(room.dataset.version));
  let socket = null;
  let retry = 0;
  const $ = (id) => document.getElementById(id);
  const baseTitle = document.title;

  function say(text, kind) {
    const box = $("messages");
    const p = document.createElement("p");
    p.className = "message message--" + (kind || "error");
    p.textContent = text;
    box.replaceChildren(p);
  }

  function clearMessages() {
    $("messages").replaceChildren();
  }

  function setStatus(status) {
    if (!status || room.dataset.status === status) return;
    room.dataset.status = status;
    const badge = $("room-status");
    badge.textContent = status;
    badge.className = "state-badge state-badge--" + status;
    if ($("rematch")) $("rematch").hidden = status !== "finished";
    if (status === "waiting") {
      // back to waiting: a rematch needs an emptied seat filled first
      const p = document.createElement("p");
      p.className = "board__waiting";
      p.textContent = "Waiting for every seat to be taken.";
      $("board").replaceChildren(p);
    }
  }

  function showBoard(msg) {
    if (typeof msg.version !== "number" || msg.version < version()) return; // a late update
    room.dataset.version = String(msg.version);
    $("board").innerHTML = msg.html;
    const myTurn = $("board").querySelector(".move") !== null;
    document.title = (myTurn ? "\u25CF " : "") + baseTitle; // a dot in the tab: your move
    if (Array.isArray(msg.log)) showLog(msg.log, msg.log_reset !== false);
    const over = $("board").querySelector(".final-scores") !== null;
    setStatus(msg.status || (over ? "finished" : "playing"));
  }

  // A message carries only the lines new since the last one (log_reset: the whole log).
  function showLog(lines, reset) {
    const list = $("log");
    const items = lines.map((line) => {
      const li = document.createElement("li");
      li.textContent = typeof line === "string" ? line : line.text;
      return li;
    });
    if (reset) list.replaceChildren(...items);
    else list.append(...items);
    list.scrollTop = list.scrollHeight;
  }

  function addChat(msg) {
    const li = document.createElement("li");
    const who = document.createElement("b");
    who.textContent = (msg.name || "someone") + ": ";
    li.append(who, document.createTextNode(msg.text || ""));
    $("chat").append(li);
    $("chat").scrollTop = $("chat").scrollHeight;
  }

  function showPresence(msg) {
    const online = new Set(msg.seats || msg.connected || []);
    document.querySelectorAll("#panel .seatlist__seat").forEach((el) => {
      const dot = el.querySelector(".seatlist__dot");
      const on = online.has(Number(el.dataset.seat));
      dot.classList.toggle("is-online", on);
      dot.title = on ? "online" : "offline";
    });
    const n = Number(msg.spectators || 0);
    const watching = $("watching");
    watching.hidden = n === 0;
    watching.textContent = n === 1 ? "1 watching" : n + " watching";
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
    chat: addChat,
    presence: showPresence,
    room: onRoom,
    error(msg) {
      say(msg.reason || "That did not work.");
      setMovesEnabled(true);
      if (msg.html) showBoard(msg);
    },
  };

  function receive(msg) {
    const handle = handlers[msg.type];
    if (handle) handle(msg);
  }
  window.stammtisch = { receive: receive }; // for tests: feed a message as if it came

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
        if (!$("messages").hasChildNodes()) say("This room cannot be watched.");
        return; // refused for good: do not knock again
      }
      retry = Math.min(retry + 1, 6);
      setTimeout(connect, 250 * 2 ** retry);
    });
  }

  function send(message) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      say("Not connected. Trying again...");
      return false;
    }
    socket.send(JSON.stringify(message));
    return true;
  }

  function setMovesEnabled(on) {
    $("board").querySelectorAll(".move").forEach((b) => { b.disabled = !on; });
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("#board .move");
    if (button) {
      clearMessages();
      if (send({ type: "move", version: version(), move: JSON.parse(button.dataset.move) })) {
        setMovesEnabled(false); // until the next board arrives, or an error
      }
      return;
    }
    if (event.target.closest("#copy-link")) {
      const input = $("room-link");
      const done = () => say("Link copied.", "info");
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(input.value).then(done, () => input.select());
      } else {
        input.select();
        document.execCommand("copy");
        done();
      }
    }
  });

  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("chat-text");
    const text = input.value.trim();
    if (text && send({ type: "chat", text: text })) input.value = "";
  });

  connect();
})();
