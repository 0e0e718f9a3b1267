// The name a player typed is remembered for the next room (issue 34): every name field
// (autocomplete="nickname": the lobby's quick play, the room's seat form) is filled
// from it while empty, and a form sent with one keeps it. On this device only. An ES
// module, on every page (templates/base.html); the room's seat panel, made anew by
// static/room/people.js, asks for `recall` again.
const KEY = "stammtisch.name";
const fields = () => document.querySelectorAll("input[autocomplete='nickname']");

export function recall() {
  let name = null;
  try { name = localStorage.getItem(KEY); } catch (_err) { return; }
  if (!name) return;
  fields().forEach((input) => { if (!input.value) input.value = name; });
}

document.addEventListener("submit", (event) => {
  const input = event.target.querySelector("input[autocomplete='nickname']");
  const name = input && input.value.trim();
  if (!name) return;
  try { localStorage.setItem(KEY, name); } catch (_err) { /* private mode: not kept */ }
});
recall();
