// The room's game log (docs/contracts.md §3): a board message carries only the lines new
// for this socket (`log_start`, `log_reset`); names are coloured per seat from `parts`;
// a line of kind "round" starts a group. Today's message (the whole log as strings) is
// accepted too. Text only ever goes in as textContent. An ES module (static/room/core.js).
function logLine(line) {
  const li = document.createElement("li");
  if (typeof line === "string") {
    li.textContent = line;
    return li;
  }
  if (line.kind === "round") li.className = "log__round";
  const parts = Array.isArray(line.parts) ? line.parts : [[line.text || "", null]];
  parts.forEach(([text, seat]) => {
    if (typeof seat === "number") {
      const who = document.createElement("span");
      who.className = "who seat-c" + seat;
      who.textContent = text;
      li.append(who);
    } else {
      li.append(document.createTextNode(text));
    }
  });
  return li;
}

export function show(list, msg) {
  const lines = msg.log;
  // a reset may carry only the newest lines: data-base is the index of the first we hold
  const held = Number(list.dataset.base || 0) + list.children.length;
  // today's message carries the whole log as strings, with no log_start
  const old = typeof msg.log_start !== "number";
  if (old || msg.log_reset) {
    list.dataset.base = String(old ? 0 : msg.log_start);
    list.replaceChildren(...lines.map(logLine)); // a whole log (today's message, or a reset)
  } else if (msg.log_start <= held) {
    list.append(...lines.slice(held - msg.log_start).map(logLine)); // skip lines we hold
  } else {
    return; // lines missed: keep ours; the server resends with a reset on reconnect
  }
  list.scrollTop = list.scrollHeight;
}
