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
        'A score of −∞ gets exactly zero weight inside the same softmax, which renormalises over the keys that are ' +
        'left: the row sums are 1 and no later token can move an earlier output. (Zeroing after softmax and then ' +
        'dividing each row by its new sum would give the same weights: the difference is the normalisation.)',
    },
    {
      id: 'b',
      correct: false,
      label: 'Zeroing the weights after softmax is equivalent, so the order does not matter at all.',
      why:
        'Switch to “zeroed after softmax”: the rows sum to less than 1, and an early output moves when only the ' +
        'last token changes, because the future keys are still in the softmax denominator.',
    },
    {
      id: 'c',
      correct: false,
      label: 'Masking first only saves time; both orders give exactly the same weights.',
      why:
        'The two orders give different weights: compare the row sums, and the change in the first output when the ' +
        'last token changes.',
    },
    {
      id: 'd',
      correct: false,
      label: 'Softmax cannot be computed on a row that already contains zeros.',
      why:
        'Softmax accepts zeros (exp(0) = 1). Compare the two orders in the demo below: the row sums, and the ' +
        'first output when only the last token changes.',
    },
  ],
};

const SENTENCE = 'the cat sat on the mat';
const MASK_NAMES = {
  'before-softmax': 'scores set to −∞ before softmax',
  'after-softmax': 'weights zeroed after softmax',
};

export default {
  questions: [QUESTION],
  id: 'mask-order',
  title: 'Warm-up: mask before softmax, not after',
  explain: {
    prompt: 'In your own words: what goes wrong if the future is zeroed after the softmax instead of masked before it?',
    model:
      'The softmax has already divided by a sum that includes the future keys, so the remaining weights no longer ' +
      'sum to 1, and a later token still changes an earlier token’s output through that sum. Masking before the ' +
      'softmax removes the future from the sum itself.',
  },
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
          caption: `Attention weights (row = query, column = key), ${MASK_NAMES[mask]}`,
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
        `Replace only the last word, “${words[n - 1]}”, by another: the output of the first word, ` +
        `“${words[0]}”, changes by at most ${fmt(firstRowChange, 6)}.`;
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
        `The ${words.length} tokens of “${SENTENCE}” attend to each other through seeded projections. `,
        'Predict first; then toggle ',
        'where the mask goes, and read the row sums and what a change to the last token does to the first output.',
      ),
      question.element,
      demo,
    );
    return question;
  },
};
