// A sentence that describes what a slider shows. The eye gets it at once; a screen reader hears it once,
// when the learner stops moving: each step is announced by the slider itself, its value (WCAG 4.1.3),
// and a long sentence per step would drown it. The shown copy is hidden from the reader, which reads
// (and hears) the other one.
import { h } from './dom.js';

const PAUSE_MS = 700; // a key held down repeats every 30–50 ms; a learner reading stops for longer

/**
 * `className`: the shown copy's class; `shown: false` when the page already shows what the sentence says
 * (a table the slider rewrites): only the spoken copy is made.
 */
export function settledStatus({ className, shown: visible = true } = {}) {
  const shown = h('p', { 'aria-hidden': 'true', class: className, hidden: !visible });
  const spoken = h('p', { class: 'visually-hidden', role: 'status' });
  let timer = null;
  let first = true;
  return {
    elements: [shown, spoken],
    set text(value) {
      shown.textContent = value;
      clearTimeout(timer);
      if (first)
        spoken.textContent = value; // the first draw, before anything moved: nothing to announce
      else timer = setTimeout(() => (spoken.textContent = value), PAUSE_MS);
      first = false;
    },
  };
}
