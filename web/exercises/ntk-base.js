import { h, fmt } from '../widgets/dom.js';
import { formula } from '../widgets/math.js';
import { numberQuestion } from '../widgets/number.js';
import { NTK_BASE } from './longer-than-trained.js';

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

export default {
  id: 'ntk-base',
  formulas: { inline: [NTK_BASE] },
  title: 'Work it out: the NTK-aware base',
  why: 'It turns NTK-aware scaling into a number: the base a stretched model’s pairs turn by.',
  explain: {
    prompt: 'Why does NTK-aware scaling raise the base, rather than divide every frequency by s?',
    model:
      'A larger base slows later pairs more: pair i’s frequency b^(−2i/r) is multiplied by s^(−2i/(r−2)), so ' +
      'pair 0 keeps its frequency and the slowest, i = r/2 − 1, is divided by exactly s. The fast pairs keep ' +
      'their resolution; only the slow ones stretch.',
  },
  mount(host, { lab, onResult }) {
    const expected = stretchedBase(lab);
    const question = numberQuestion({
      onResult,
      expected,
      tolerance: 100,
      prompt:
        `A model with heads ${R} wide, all rotated, and base ${BASE} is stretched by s = ${S} with NTK-aware ` +
        'scaling. What base does it turn by?',
      explain: () =>
        `s^(r/(r−2)) = ${S}^(${R}/${R - 2}) = ${fmt(expected / BASE, 4)}, so the base becomes ${BASE} · ` +
        `${fmt(expected / BASE, 4)} = ${fmt(expected, 0)} (computed from the core’s frequencies).`,
    });
    host.append(h('p', {}, 'Use the formula (a calculator is fine): ', formula(NTK_BASE), '.'), question.element);
    return question;
  },
};
