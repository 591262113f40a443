import { h } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';

const VARIANTS = ['paper', 'halves', 'tensor2tensor'];

export default {
  id: 'conventions',
  title: 'Three conventions in real libraries',
  mount(host, { lab, onResult }) {
    const rows = new Float32Array(3 * 8);
    VARIANTS.forEach((variant, r) => rows.set(lab.sinusoidal({ positions: 1, dModel: 8, start: 1, variant }), r * 8));
    const question = choiceQuestion({ onResult, prompt: 'Which convention holds exactly the paper’s values, only in a different column order?', options: [
      { id: 'halves', correct: true, label: 'halves ([sin | cos], as in Marian/BART)',
        why: 'Its row contains 0.841471, 0.099833, 0.010000, 0.001000 and their cosines: the paper’s eight numbers, sines first. Same frequencies, different layout.' },
      { id: 'tensor2tensor', correct: false, label: 'tensor2tensor',
        why: 'Its second sine is 0.046399, not 0.099833: it spreads frequencies with exponent −k/(d/2−1), so the values themselves differ.' },
      { id: 'both', correct: false, label: 'Both, they are just layouts',
        why: 'Only halves is a pure reordering; tensor2tensor changes the frequencies.' },
    ] });
    host.append(h('p', {}, 'The encoding of position 1 at dModel 8 in each convention, computed by the core. Mixing conventions between a checkpoint and your code silently scrambles positions.'),
      h('div', { class: 'demo' }, matrixTable({ caption: 'PE(1) at dModel 8', values: rows, rows: 3, cols: 8, rowLabel: (i) => VARIANTS[i], limit: 1, digits: 6 })),
      question.element);
    return question;
  },
};
