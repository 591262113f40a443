import { h } from '../widgets/dom.js';
import { formula } from '../widgets/math.js';
import { numberQuestion } from '../widgets/number.js';
import { richMessage } from '../course/localize.js';

const D = 48, // a width no other section shows, so no readout on the page gives the answer away
  K = 5;
/** The question's width and pair, for tests that check the answer against the core. */
export const ASKED = { dModel: D, pair: K };

// The formula the exercise shows (typeset at build time: scripts/mathml.mjs).
const WAVELENGTH = '\\lambda_k = 2\\pi / \\omega_k = 2\\pi \\cdot 10000^{2k/d}';

// Its words: web/i18n/catalogs/<locale>/wavelength-of-a-pair.json (title, why, explain-back, each sentence below).
export default {
  id: 'wavelength-of-a-pair',
  formulas: { inline: [WAVELENGTH] },
  mount(host, { lab, onResult, t }) {
    const { omega, wavelength } = lab.frequencies({ dModel: D });
    const expected = wavelength[K];
    const question = numberQuestion({
      onResult,
      expected,
      tolerance: 0.5,
      prompt: t('question.prompt', { d: D, k: K }),
      explain: () =>
        t('question.explain', { k: K, d: D, omega: t.number(omega[K], 6), expected: t.number(expected, 3) }),
      t,
    });
    host.append(h('p', {}, ...richMessage(t, 'intro', { formula: formula(WAVELENGTH) })), question.element);
    return question;
  },
};
