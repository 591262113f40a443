import { h, fmt } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';
import { DEMO, embedSentence, select } from './common.js';

export default {
  id: 'mask-order',
  title: 'Warm-up: mask before softmax, not after',
  mount(host, { lab, onResult }) {
    const { words, x } = embedSentence(lab, 'the cat sat on the mat');
    const n = words.length;
    const view = h('div', { class: 'demo' });
    function show(mask) {
      const { weights } = lab.selfAttention({ x, n, dModel: DEMO.dModel, dK: DEMO.dK, seed: DEMO.seed, mask });
      const sums = Array.from({ length: n }, (_, i) => weights.subarray(i * n, i * n + n).reduce((a, b) => a + b, 0));
      view.replaceChildren(matrixTable({ caption: `Attention weights (row = query, column = key), mask ${mask}`,
        values: weights, rows: n, cols: n, rowLabel: (i) => words[i], colLabel: (j) => words[j], limit: 1,
        extra: { name: 'row sum', format: (i) => fmt(sums[i], 4) } }));
    }
    const choice = select({ label: 'Causal mask', value: 'before-softmax', onchange: show, options: [
      ['before-softmax', 'scores set to −∞ before softmax'], ['after-softmax', 'weights zeroed after softmax']] });
    show('before-softmax');
    const question = choiceQuestion({ onResult, prompt: 'Why is the causal mask applied to the scores before softmax?', options: [
      { id: 'a', correct: true, label: 'Softmax then spreads each row’s weight over the visible keys only, so every row still sums to 1.',
        why: 'With −∞ scores the masked keys get exactly zero weight inside the same softmax, which renormalises over what is left. The table shows row sums of 1.' },
      { id: 'b', correct: false, label: 'Zeroing after softmax is equivalent; the order does not matter.',
        why: 'Switch to “zeroed after softmax”: every row except the last now sums to less than 1, so the output is a shrunken mix of values, not an average.' },
      { id: 'c', correct: false, label: 'Masking before softmax is only faster, the results are the same.',
        why: 'The results differ: the row sums in the table are the evidence.' },
      { id: 'd', correct: false, label: 'Because softmax cannot be computed on a row that contains zeros.',
        why: 'Softmax accepts zeros happily (exp(0) = 1). The problem with zeroing afterwards is the lost normalisation.' },
    ] });
    host.append(h('p', {}, 'Six tokens attend to each other through seeded projections. Toggle where the mask goes and read the row sums.'),
      choice.element, view, question.element);
    return question;
  },
};
