// Morphing HTML into the page with idiomorph (static/vendor/idiomorph/, kept as npm
// packs it). That file is a plain script whose one `var Idiomorph` is its only way out:
// imported as a module its name would stay inside it, so the room page loads it as a
// classic script and this is the one place that reads its global. It is read at each
// call, not at import, so no order between the two files matters; without it the HTML
// is simply put in (focus and element identity are then not kept).
const idiomorph = () => globalThis.Idiomorph;

// `el`'s children (innerHTML) become `html`.
export function morphInner(el, html) {
  const lib = idiomorph();
  if (lib) lib.morph(el, html, { morphStyle: "innerHTML" });
  else el.innerHTML = html;
}

// `el` itself (outerHTML) becomes `html`. `keepTyping`: the field being typed in keeps
// its value (idiomorph's ignoreActiveValue).
export function morphOuter(el, html, keepTyping = false) {
  const lib = idiomorph();
  if (lib) lib.morph(el, html, { morphStyle: "outerHTML", ignoreActiveValue: keepTyping });
  else el.outerHTML = html;
}
