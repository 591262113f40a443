// Typeset formulas with KaTeX, as MathML (its HTML output needs inline styles, which the strict CSP
// forbids; MathML needs none and Chromium renders it natively). Only our own TeX strings come here.
import katex from 'katex';
import { h } from './dom.js';

export function formula(tex, { display = false, label } = {}) {
  const el = h(display ? 'div' : 'span', { class: display ? 'formula display' : 'formula' });
  el.innerHTML = katex.renderToString(tex, { output: 'mathml', displayMode: display, throwOnError: true });
  if (label) el.setAttribute('aria-label', label);
  return el;
}
