import { h, fmt } from '../widgets/dom.js';
import { numberQuestion } from '../widgets/number.js';

const D = 48,
  P = 1000;

export default {
  id: 'norm-of-pe',
  title: 'Work it out: the length of PE(p)',
  why: 'A property the formula guarantees, worked out by hand: every position’s vector has the same length.',
  explain: {
    prompt: 'Why is PE(p)·PE(p) the same for every position p?',
    model:
      'Each pair holds sin(pω) and cos(pω), and sin² + cos² = 1 for any angle; so every pair adds exactly 1 and the ' +
      'sum is d/2 at every position.',
  },
  mount(host, { lab, onResult }) {
    const row = lab.sinusoidal({ positions: 1, dModel: D, start: P });
    const expected = lab.dotMatrix({ table: row, rows: 1, dModel: D })[0];
    const question = numberQuestion({
      onResult,
      expected,
      tolerance: 0.01,
      prompt: `At dModel ${D}, what is PE(${P})·PE(${P}), its squared length?`,
      explain: () =>
        `Each of the ${D / 2} pairs contributes sin² + cos² = 1, whatever the position, so the sum is ` +
        `dModel/2; the core’s table gives ${fmt(expected, 5)}.`,
    });
    host.append(h('p', {}, 'No table needed: what does one pair contribute?'), question.element);
    return question;
  },
};
