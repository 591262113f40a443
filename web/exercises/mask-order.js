import { h } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';
import { localQuestion } from '../i18n/exercise.js';
import { DEMO, hiddenUntilAnswered, tokenize, select } from './common.js';

// The question, as data: which option is right; its words are the catalog's (q.prompt, q.<id>.label, q.<id>.why).
// `order` is the English prompt the learner's option order is keyed on (web/order.js): it never changes.
const QUESTION = {
  key: 'q',
  order: 'Why is the causal mask applied to the scores before softmax?',
  options: [
    { id: 'a', correct: true },
    { id: 'b', correct: false },
    { id: 'c', correct: false },
  ],
};

// The two places the mask can go: the select's values (a test picks one), each named by mask.<value>.
const MASKS = ['before-softmax', 'after-softmax'];

// Its words: web/i18n/catalogs/<locale>/mask-order.json (title, why, the demo sentence and each line below).
export default {
  questions: [QUESTION],
  id: 'mask-order',
  mount(host, { lab, onResult, answered = false, t }) {
    const sentence = t('sentence');
    const { words, tokens, vocabSize } = tokenize(sentence);
    const n = words.length;
    // The same sentence with only its last token replaced by a word it does not contain.
    const changed = [...tokens.slice(0, -1), vocabSize];
    const embed = (ids) => lab.embed({ tokens: ids, vocabSize: vocabSize + 1, dModel: DEMO.dModel, seed: DEMO.seed });
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
          caption: t('table.caption', { mask: t(`mask.${mask}`) }),
          values: weights,
          rows: n,
          cols: n,
          rowLabel: (i) => words[i],
          colLabel: (j) => words[j],
          limit: 1,
          extra: { name: t('table.rowSum'), format: (i) => t.number(sums[i], 4) },
          t,
        }),
      );
      leak.textContent = t('leak', { word: words[n - 1], change: t.number(firstRowChange, 6) });
    }
    const choice = select({
      label: t('select.mask'),
      value: 'before-softmax',
      onchange: show,
      options: MASKS.map((mask) => [mask, t(`mask.${mask}`)]),
    });
    show('before-softmax');
    // Predict first: the demo shows the answer, so it appears once the question is checked.
    const demo = h('div', {}, choice.element, view, leak);
    const question = choiceQuestion({
      ...localQuestion(QUESTION, t),
      onResult: hiddenUntilAnswered([demo], { answered, onResult }),
      t,
    });
    host.append(h('p', {}, t('intro', { sentence })), question.element, demo);
    return question;
  },
};
