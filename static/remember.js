// The name a player typed is remembered for the next room (issue 34): every name field
// (autocomplete="nickname": the lobby's quick play, the room's seat form) is filled
// from it while empty, and a form sent with one keeps it. On this device only.
(function () {
  "use strict";
  const KEY = "stammtisch.name";
  const fields = () => document.querySelectorAll("input[autocomplete='nickname']");
  function recall() {
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
  window.StammtischName = { recall: recall };
  recall();
})();
