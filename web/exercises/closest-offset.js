import { h, fmt } from '../widgets/dom.js';
import { numberQuestion } from '../widgets/number.js';

const D = 8,
  MAX_K = 20;

export default {
  id: 'closest-offset',
  title: 'Work it out: the closest other position',
  explain: {
    prompt: 'Why does the closest other position not depend on p?',
    model:
      'The squared distance between PE(p + k) and PE(p) is d − 2Σᵢcos kωᵢ: each pair adds 2(1 − cos kωᵢ), which ' +
      'depends on the offset k and the pair’s frequency, never on p.',
  },
  mount(host, { lab, onResult }) {
    // Distances from PE(0) to PE(k), k = 1 … MAX_K, from the core's distance matrix (row 0).
    const table = lab.sinusoidal({ positions: MAX_K + 1, dModel: D });
    const distances = lab.distanceMatrix({ table, rows: MAX_K + 1, dModel: D }).subarray(1, MAX_K + 1);
    const best = 1 + distances.indexOf(Math.min(...distances));
    const { omega } = lab.frequencies({ dModel: D });
    // The answer itself shows that the distance is not monotone in |k|: said whenever it is not k = 1.
    const notMonotone =
      best === 1
        ? ''
        : ` So the distance does not grow steadily with |k|: PE(p+${best}) is ${fmt(distances[best - 1], 4)} from ` +
          `PE(p), nearer than PE(p+1) at ${fmt(distances[0], 4)}. Each pair’s term 2(1 − cos kωᵢ) rises and ` +
          'falls as the pair turns, and so can their sum.';
    const question = numberQuestion({
      onResult,
      expected: best,
      tolerance: 0,
      prompt: `At dModel ${D}, which offset k from 1 to ${MAX_K} brings PE(p + k) closest to PE(p)?`,
      explain: () =>
        `‖PE(p+k) − PE(p)‖² = d − 2Σᵢcos kωᵢ does not depend on p. Pair 0 (ω = 1) comes back near its start ` +
        `after 2π ≈ 6.28 positions; by k = ${best}, pair 1 (ω = ${fmt(omega[1], 3)}) has turned only ` +
        `${fmt(best * omega[1], 2)} rad and the slower pairs less still. So k = ${best} comes closest (the core’s ` +
        'distance matrix agrees), and most of the distance left comes from pair 1: close is not equal.' +
        notMonotone,
    });
    host.append(
      h('p', {}, 'The answer does not depend on p. Think about which pair dominates the distance.'),
      question.element,
    );
    return question;
  },
};
