// The replay page (issue 14): the step links, the slider, the seat picker, the good
// bot's advice switch (issue 37.5) and the keys (Left/Right, Home/End) fetch one step's
// fragment (/r/{code}/games/{n}/step/{i}) and swap it in. Fragments are cached and the neighbours prefetched, so stepping back and
// forth is instant. Without this script the links and the form do the same by reloading.
(() => {
  "use strict";
  const root = document.getElementById("replay");
  if (!root) return;
  const code = root.dataset.code;
  const gameNo = root.dataset.gameNo;
  const holder = document.getElementById("replay-step-view");
  const slider = document.getElementById("replay-step");
  const picker = document.getElementById("replay-seat");
  const go = document.getElementById("replay-go");
  const adviceBox = document.getElementById("replay-advice-on");
  const last = Number(slider.max);
  const cache = new Map();
  let seat = root.dataset.seat;
  let step = Number(slider.value);
  let advice = adviceBox.checked;
  let wanted = 0;
  go.hidden = true; // the slider, the picker and the advice switch act at once

  // the query of a step seen by `s`, with the advice when it is on
  const query = (s, a) => "seat=" + encodeURIComponent(s) + (a ? "&advice=1" : "");
  const stepUrl = (n, s, a) =>
    "/r/" + encodeURIComponent(code) + "/games/" + encodeURIComponent(gameNo) +
    "/step/" + n + "?" + query(s, a);

  function load(n, s, a = advice) {
    const key = s + ":" + n + ":" + (a ? 1 : 0);
    if (!cache.has(key)) {
      const request = fetch(stepUrl(n, s, a), { headers: { Accept: "text/html" } })
        .then((response) => {
          if (!response.ok) throw new Error("step " + n + ": " + response.status);
          return response.text();
        });
      request.catch(() => cache.delete(key)); // try again next time
      // advice that ran out of time is asked again next time
      if (a) request.then((html) => { if (html.includes('data-state="late"')) cache.delete(key); });
      cache.set(key, request);
    }
    return cache.get(key);
  }

  function links() {
    const tail = "&" + query(seat, advice);
    const targets = {
      "replay-first": 0, "replay-back": Math.max(step - 1, 0),
      "replay-forward": Math.min(step + 1, last), "replay-last": last,
    };
    for (const [id, n] of Object.entries(targets)) {
      const link = document.getElementById(id);
      link.dataset.step = String(n);
      link.href = "?step=" + n + tail;
    }
  }

  async function show(n, s = seat, a = advice) {
    const target = Math.max(0, Math.min(last, n));
    const mine = ++wanted;
    let html;
    try {
      html = await load(target, s, a);
    } catch (error) {
      return; // the page stays as it was; the links still work
    }
    if (mine !== wanted) return; // a newer step was asked for meanwhile
    holder.innerHTML = html;
    step = target;
    seat = s;
    advice = a;
    slider.value = String(step);
    links();
    history.replaceState(null, "", "?step=" + step + "&" + query(seat, advice));
    if (step < last) load(step + 1, seat).catch(() => {});
    if (step > 0) load(step - 1, seat).catch(() => {});
  }

  root.querySelectorAll(".replay__steps a").forEach((link) => {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      show(Number(link.dataset.step));
    });
  });
  slider.addEventListener("input", () => show(Number(slider.value)));
  picker.addEventListener("change", () => show(step, picker.value));
  adviceBox.addEventListener("change", () => show(step, seat, adviceBox.checked));
  document.getElementById("replay-form").addEventListener("submit", (event) => {
    event.preventDefault();
    show(Number(slider.value), picker.value, adviceBox.checked);
  });

  const keys = { ArrowLeft: () => step - 1, ArrowRight: () => step + 1,
                 Home: () => 0, End: () => last };
  document.addEventListener("keydown", (event) => {
    const where = event.target;
    // the slider moves itself (its input event shows the step); a list or a field keeps its keys
    if (where === slider || where instanceof HTMLSelectElement ||
        where instanceof HTMLTextAreaElement ||
        (where instanceof HTMLInputElement && where.type !== "range")) return;
    if (event.altKey || event.ctrlKey || event.metaKey || !(event.key in keys)) return;
    event.preventDefault();
    show(keys[event.key]());
  });
})();
