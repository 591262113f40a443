// Typeset formulas with KaTeX, as MathML (its HTML output needs inline styles, which the strict CSP
// forbids; MathML needs none and Chromium renders it natively). Only our own TeX strings come here.
//
// KaTeX is most of the page's script, and no formula is above the fold, so it is loaded the first time
// a formula is asked for, not with the page. formula() still returns its element at once, so callers
// append it where it belongs; the element is filled when KaTeX has arrived (at once, once it has).
import { h } from './dom.js';

let katex = null;
let loading = null;

function load() {
  loading ??= import('katex').then((module) => {
    katex = module.default;
  });
  return loading;
}

function render(el, tex, display) {
  el.innerHTML = katex.renderToString(tex, { output: 'mathml', displayMode: display, throwOnError: true });
  el.classList.remove('pending');
}

export function formula(tex, { display = false, label } = {}) {
  const el = h(display ? 'div' : 'span', { class: display ? 'formula display' : 'formula' });
  if (label) el.setAttribute('aria-label', label);
  if (katex) {
    render(el, tex, display);
  } else {
    el.classList.add('pending');
    load().then(
      () => render(el, tex, display),
      (error) => {
        el.textContent = tex; // the source is better than nothing
        el.classList.remove('pending');
        console.error(`KaTeX could not be loaded: ${error.message}`);
      },
    );
  }
  return el;
}

/** Resolves when every formula asked for so far is typeset (at once when none is waiting). */
export function typeset() {
  return loading
    ? loading.then(
        () => {},
        () => {},
      )
    : Promise.resolve();
}
