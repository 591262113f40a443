import { h } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';

const P = 16, D = 8;

export default {
  id: 'binary-analogy',
  title: 'Like a binary counter',
  mount(host, { lab, onResult }) {
    // The paper's table with base 4 at d = 8 makes the analogy easy to see: each pair is 4× slower.
    const table = lab.sinusoidal({ positions: P, dModel: D, base: 4 });
    const bits = new Float32Array(P * 4), signs = new Float32Array(P * 4);
    for (let p = 0; p < P; p++)
      for (let b = 0; b < 4; b++) {
        bits[p * 4 + b] = (p >> b) & 1;
        signs[p * 4 + b] = table[p * D + 2 * b] >= 0 ? 1 : 0;
      }
    const question = choiceQuestion({ onResult, prompt: 'Which column of the encoding plays the role of the least significant bit?', options: [
      { id: 'pair0', correct: true, label: 'Pair 0 (dimensions 0 and 1), the fastest',
        why: 'Like the lowest bit, which flips at every step, pair 0 changes the most from one position to the next; each following pair changes more slowly, like higher bits.' },
      { id: 'last', correct: false, label: 'The last pair, the slowest',
        why: 'The slowest pair behaves like the highest bit: it barely changes across these 16 positions.' },
      { id: 'none', correct: false, label: 'None: the encoding has nothing like bits',
        why: 'The signs in the right-hand table form bands that widen column by column, just like the bits on the left. The sinusoid is a smooth, continuous version.' },
    ] });
    host.append(h('p', {}, 'Left: the bits of a counter. Right: whether sin of each pair is ≥ 0 (1) or < 0 (0), for a table with base 4 so the pattern fits in 16 rows.'),
      h('div', { class: 'demo side-by-side' },
        matrixTable({ caption: 'Binary counter: bit b of p', values: bits, rows: P, cols: 4, colLabel: (b) => `bit ${b}`, digits: 0 }),
        matrixTable({ caption: 'Sign of sin for pair k (core)', values: signs, rows: P, cols: 4, colLabel: (k) => `pair ${k}`, digits: 0 })),
      question.element);
    return question;
  },
};
