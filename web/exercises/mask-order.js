import { h, fmt } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';
import { DEMO, hiddenUntilAnswered, tokenize, select } from './common.js';

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt: 'Why is the causal mask applied to the scores before softmax?',
  options: [
    {
      id: 'a',
      correct: true,
      label: 'Softmax then spreads each row’s weight over the visible keys.',
      why:
        'Masked scores get zero weight inside the softmax, which normalises over the visible keys: rows sum to 1 ' +
        'and no later token moves an earlier output. (Zeroing, then renormalising, would match.)',
    },
    {
      id: 'b',
      correct: false,
      label: 'Zeroing the weights after softmax is equivalent; the order does not matter.',
      why:
        'Switch to “zeroed after softmax”: rows sum to less than 1, and an early output moves when only the last ' +
        'token changes, because the future keys are still in the softmax’s denominator.',
    },
    {
      id: 'c',
      correct: false,
      label: 'Masking first only saves time; both orders give the same weights.',
      why: 'The two orders give different weights: compare the row sums in the demo below.',
    },
  ],
};

const SENTENCE = 'the dog chased the cat';
const MASK_NAMES = {
  'before-softmax': '−∞ before softmax',
  'after-softmax': 'zeroed after softmax',
};

export default {
  questions: [QUESTION],
  id: 'mask-order',
  title: 'Warm-up: where the causal mask goes',
  why:
    'It recalls the [[causal-mask]] and how [[softmax]] normalises, the two pieces of attention the rest of the ' +
    'lesson builds on.',
  mount(host, { lab, onResult, answered = false }) {
    const { words, tokens, vocabSize } = tokenize(SENTENCE);
    const n = words.length;
    // The same sentence with only its last token replaced by a word it does not contain.
    const changed = [...tokens.slice(0, -1), vocabSize];
    const embed = (t) => lab.embed({ tokens: t, vocabSize: vocabSize + 1, dModel: DEMO.dModel, seed: DEMO.seed });
    const attend = (x, mask) => lab.selfAttention({ x, n, dModel: DEMO.dModel, dK: DEMO.dK, seed: DEMO.seed, mask });
    const view = h('div', { class: 'demo' });
    const leak = h('p', { 'aria-live': 'polite' });
    function show(mask) {
      const { weights, output } = attend(embed(tokens), mask);
      const other = attend(embed(changed), mask).output;
      const sums = Array.from({ length: n }, (_, i) => weights.subarray(i * n, i * n + n).reduce((a, b) => a + b, 0));
      let firstRowChange = 0;
      for (let c = 0; c < DEMO.dK; c++) firstRowChange = Math.max(firstRowChange, Math.abs(output[c] - other[c]));
      view.replaceChildren(
        matrixTable({
          caption: `Weights (row: query, column: key), mask ${MASK_NAMES[mask]}`,
          values: weights,
          rows: n,
          cols: n,
          rowLabel: (i) => words[i],
          colLabel: (j) => words[j],
          limit: 1,
          extra: { name: 'row sum', format: (i) => fmt(sums[i], 4) },
        }),
      );
      leak.textContent =
        `Replace only the last word, “${words[n - 1]}”: the first word’s output changes by at most ` +
        `${fmt(firstRowChange, 6)}.`;
    }
    const choice = select({
      label: 'Causal mask',
      value: 'before-softmax',
      onchange: show,
      options: Object.entries(MASK_NAMES),
    });
    show('before-softmax');
    // Predict first: the demo shows the answer, so it appears once the question is checked.
    const demo = h('div', {}, choice.element, view, leak);
    const question = choiceQuestion({ ...QUESTION, onResult: hiddenUntilAnswered([demo], { answered, onResult }) });
    host.append(
      h(
        'p',
        {},
        `The tokens of “${SENTENCE}” attend to each other under a causal mask. Predict first: a demo of both `,
        'orders appears once you check.',
      ),
      question.element,
      demo,
    );
    return question;
  },
};
