// Formulas as MathML (KaTeX's HTML output needs inline styles, which the strict CSP forbids; MathML needs
// none, browsers render it natively, and screen readers read it as mathematics). KaTeX typesets them at
// build time (scripts/mathml.mjs, into mathml.js), so a page carries only the MathML of its own formulas:
// a formula is shown at once, and only one declared in its exercise's or card's `formulas` can be.
import { h } from './dom.js';
import MATHML from './mathml.js';
import { watchScroll } from './scroll-box.js';

export function formula(tex, { display = false, label } = {}) {
  const el = h(display ? 'div' : 'span', { class: display ? 'formula display' : 'formula' });
  if (label) el.setAttribute('aria-label', label);
  const typeset = MATHML[display ? 'display' : 'inline'];
  const math = Object.hasOwn(typeset, tex) ? typeset[tex] : null;
  if (math) {
    el.innerHTML = math;
    // A display formula wider than a phone scrolls sideways: then it takes focus, for the keyboard.
    if (display) watchScroll(el, el.firstElementChild);
  } else {
    el.textContent = tex; // the source is better than nothing
    console.error(`formula: ${display ? 'display' : 'inline'} TeX not declared in a "formulas" list: ${tex}`);
  }
  return el;
}
