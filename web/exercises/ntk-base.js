import { h } from '../widgets/dom.js';
import { richMessage } from '../course/localize.js';
import { formula } from '../widgets/math.js';
import { numberQuestion } from '../widgets/number.js';
import { NTK_BASE } from './scaling-formulas.js';

// Llama 2's heads (128 wide, all rotated) stretched 8 times: widths and a factor no other section shows, so
// nothing on the page gives the answer away.
const R = 128,
  S = 8,
  BASE = 10000;
/** The question's numbers, for tests that check the answer against the core. */
export const ASKED = { dHead: R, factor: S, base: BASE };

/**
 * The base NTK-aware scaling turns by, from the core's frequencies: pair 1's is b'^(−2/r), so b' is that
 * frequency to the power −r/2.
 */
export function stretchedBase(lab) {
  const { invFreq } = lab.ropeFrequencies({ dHead: R, base: BASE, scaling: { type: 'ntk', factor: S } });
  return invFreq[1] ** (-R / 2);
}

// Its words: web/i18n/catalogs/<locale>/ntk-base.json (title, why, and each sentence below by its id).
export default {
  id: 'ntk-base',
  formulas: { inline: [NTK_BASE] },
  mount(host, { lab, onResult, t }) {
    const expected = stretchedBase(lab);
    const question = numberQuestion({
      onResult,
      expected,
      tolerance: 100,
      prompt: t('question.prompt', { r: R, base: BASE, s: S }),
      explain: () =>
        t('question.explain', {
          s: S,
          r: R,
          r2: R - 2,
          factor: t.number(expected / BASE, 4),
          base: BASE,
          value: t.number(expected, 0),
        }),
      t,
    });
    host.append(h('p', {}, ...richMessage(t, 'formula', { formula: formula(NTK_BASE) })), question.element);
    return question;
  },
};
