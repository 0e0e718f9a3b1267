// Stammtisch room page, part 7 of 7: the socket: messages in, moves and chat out.
(function (T) {
  "use strict";
  if (!T) return;
  const { room, board, code, $, say, showBoard, addChat, showPresence, onRoom, t } = T;
  let socket = null;
  let retry = 0;
  const handlers = {
    board: showBoard,
    view: showBoard,
    chat: addChat,
    presence: showPresence,
    room: onRoom,
    error(msg) {
      // A refusal with no move in flight, just after a chat line, is that line's ("slow
      // down"): give its words back rather than lose them.
      const chat = T.chatSent;
      T.chatSent = null;
      if (chat && T.pending == null && Date.now() - chat.at < 5000 && !$("chat-text").value) {
        $("chat-text").value = chat.text;
      }
      T.pending = null; // the move was refused: the cards are live again
      setMovesEnabled(true);
      if (msg.html) showBoard(msg);
      say(msg.reason || t("failed"));
      // a stale move names the current version: the board that follows is that one
      if (typeof msg.version === "number") T.errorAt = Math.max(T.errorAt, msg.version);
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
    socket = new WebSocket(scheme + location.host + "/ws/rooms/" + encodeURIComponent(code) +
      "?format=html&regions=1"); // boards after the greeting: their changed regions
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

  // A regions message for a board we do not have (a message lost, a page that drew
  // its own): drop this socket; the next one is greeted with the whole board.
  function resync() {
    if (!socket || socket.readyState > WebSocket.OPEN) return;
    retry = -1; // knock again soon: the close handler counts this one as the first
    room.dataset.version = ""; // our board is not the server's: take the greeting's
    socket.close();
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

  // What the board offers, to tell whether a board that arrives carries our move.
  const offered = () => Array.from(board.querySelectorAll(".move, .pick"),
    (b) => b.dataset.move || b.dataset.pick || "").join("|");

  // Whether another seat chooses at the same time as the viewer (a simultaneous step).
  function othersChoosing() {
    const info = board.querySelector(".board-turn");
    const me = room.dataset.seat;
    return info !== null && info.dataset.toAct.split(" ").some((s) => s !== "" && s !== me);
  }

  // The viewer's own part of the table as text (hand, cellar, served cards, points):
  // another seat's move leaves it as it was, the viewer's own move changes it.
  const ownPart = () => {
    const mine = board.querySelector(".mine");
    return mine ? mine.textContent.replace(/\s+/g, " ") : "";
  };

  // A move is on its way from the moment it is sent until a board carries it, or an
  // error. Sent in a simultaneous step, another seat's board can come first, made before
  // the server took our move: it offers the same cards and shows our own part as it
  // was, and those cards stay disabled (a second click would send a move the server must
  // refuse). A board that changed our own part carries our move, even where the step
  // goes on with the same choices (Stier zoekt Bier's serving: serve the next cellar
  // card, or stop). Sent anywhere else, nobody else can move, so the next board is
  // ours, whatever it offers (a Four pints reveal offers the same again). PENDING_MS
  // frees the cards if no board ever differs.
  const PENDING_MS = 2500;
  function movePending() {
    clearTimeout(T.pending && T.pending.timer);
    const mine = { offer: offered(), own: ownPart(), together: othersChoosing(), timer: 0 };
    mine.timer = setTimeout(() => {
      if (T.pending !== mine) return;
      T.pending = null;
      setMovesEnabled(true);
    }, PENDING_MS);
    T.pending = mine;
    setMovesEnabled(false);
  }
  function boardArrived() {
    const sent = T.pending;
    if (!sent) return;
    if (sent.together && offered() === sent.offer && ownPart() === sent.own) {
      setMovesEnabled(false);
    } else {
      clearTimeout(sent.timer);
      T.pending = null;
      // live again: a regions message may leave the region holding them as it was (the
      // same seat acts again with the same choices), so no fresh buttons replace them
      setMovesEnabled(true);
    }
  }

  Object.assign(T, { receive, connect, resync, send, setMovesEnabled, movePending, boardArrived });
})(window.StammtischRoom);
