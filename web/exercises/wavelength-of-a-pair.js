import { h, fmt } from '../widgets/dom.js';
import { formula } from '../widgets/math.js';
import { numberQuestion } from '../widgets/number.js';

const D = 48, // a width no other section shows, so no readout on the page gives the answer away
  K = 5;
/** The question's width and pair, for tests that check the answer against the core. */
export const ASKED = { dModel: D, pair: K };

// The formula the exercise shows (typeset at build time: scripts/mathml.mjs).
const WAVELENGTH = '\\lambda_k = 2\\pi / \\omega_k = 2\\pi \\cdot 10000^{2k/d}';

export default {
  id: 'wavelength-of-a-pair',
  formulas: { inline: [WAVELENGTH] },
  title: 'Work it out: the wavelength of a pair',
  why:
    'It turns the formula into a number: how many positions a [[dimension-pair]] takes for one full turn, its ' +
    '[[wavelength]].',
  explain: {
    prompt: 'Why do later pairs take more positions for one full turn?',
    model:
      'Pair k turns by ωₖ = base^(−2k/d) per position, a smaller angle for each later pair; a full turn is 2π, ' +
      'so it takes 2π/ωₖ = 2π·base^(2k/d) positions, more for every k.',
  },
  mount(host, { lab, onResult }) {
    const { omega, wavelength } = lab.frequencies({ dModel: D });
    const expected = wavelength[K];
    const question = numberQuestion({
      onResult,
      expected,
      tolerance: 0.5,
      prompt: `At dModel ${D} and base 10000, how many positions does pair ${K} take for one full turn?`,
      explain: () =>
        `ω${K} = 10000^(−2·${K}/${D}) = ${fmt(omega[K], 6)}, so one turn takes 2π/ω${K} = ` +
        `${fmt(expected, 3)} positions (computed by the core).`,
    });
    host.append(h('p', {}, 'Use the formula (a calculator is fine): ', formula(WAVELENGTH), '.'), question.element);
    return question;
  },
};
