import { h } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';
import { localQuestion } from '../i18n/exercise.js';
import { DEMO, tokenize, select } from './common.js';

// The question, as data: which option is right; its words are the catalog's (q.prompt, q.<id>.label, q.<id>.why).
// `order` is the English prompt the learner's option order is keyed on (web/order.js): it never changes.
const QUESTION = {
  key: 'q',
  prediction: true, // asked before the demo that answers it: recorded, not graded (web/widgets/question.js)
  order: 'Predict first: without a position encoding, what happens to the watched token’s output when two tokens swap?',
  options: [
    { id: 'same', correct: true },
    { id: 'changes', correct: false },
    { id: 'zero', correct: false },
  ],
};

// The pairs of positions the learner may swap. The watched token is the one position none of them touches
// (4), so the question's "two other tokens" holds for each choice.
const SWAPS = [
  [0, 2],
  [1, 3],
  [0, 5],
  [2, 5],
];

// Its words: web/i18n/catalogs/<locale>/swap-invariance.json (title, why, the demo sentence: six different
// words, so that a word names its position, and each line below).
export default {
  questions: [QUESTION],
  id: 'swap-invariance',
  mount(host, { lab, onResult, answered = false, restored = null, t }) {
    const { words, tokens, vocabSize } = tokenize(t('sentence'));
    const watch = words.findIndex((_, p) => !SWAPS.some((pair) => pair.includes(p)));
    const state = { i: 0, j: 2, watch };
    const view = h('div', { class: 'demo', hidden: true });
    // Predict first: the run unlocks once the prediction has been checked (or the solution shown).
    const reveal = h(
      'button',
      {
        type: 'button',
        class: 'secondary',
        disabled: true,
        onclick: () => {
          view.hidden = false;
          show();
          question.showOutcome(); // the run has shown what happens: the prediction beside it
        },
      },
      t('button.runLocked'),
    );
    const unlock = (result) => {
      reveal.disabled = false;
      reveal.textContent = t('button.run');
      onResult?.(result);
    };
    function show() {
      if (view.hidden) return;
      const r = lab.permutation({
        tokens,
        vocabSize,
        dModel: DEMO.dModel,
        dK: DEMO.dK,
        seed: DEMO.seed,
        swap: [state.i, state.j],
      });
      const swapped = [...words];
      [swapped[state.i], swapped[state.j]] = [swapped[state.j], swapped[state.i]];
      const at = (p) => (p === state.i ? state.j : p === state.j ? state.i : p);
      const rowOf = (out, p) => out.subarray(p * DEMO.dK, (p + 1) * DEMO.dK);
      // arm: 'without' or 'with' a position encoding (table.caption chooses its words).
      const compare = (result, arm) => {
        const before = rowOf(result.original.output, state.watch),
          after = rowOf(result.swapped.output, at(state.watch));
        const values = new Float32Array(DEMO.dK * 2);
        values.set(before, 0);
        values.set(after, DEMO.dK);
        return h(
          'div',
          {},
          matrixTable({
            caption: t('table.caption', { arm, word: words[state.watch], position: state.watch }),
            values,
            rows: 2,
            cols: DEMO.dK,
            rowLabel: (k) => t(k ? 'table.after' : 'table.before'),
            limit: 2,
            digits: 2,
            t,
          }),
          h('p', {}, t('residual', { change: t.number(result.relabelResidual, 6) })),
        );
      };
      view.replaceChildren(
        h('p', {}, t('swapped', { sentence: swapped.join(' ') })),
        compare(r.withoutEncoding, 'without'),
        compare(r.withEncoding, 'with'),
        h('p', {}, t('equivariant')),
      );
    }
    const controls = h(
      'div',
      { class: 'controls' },
      select({
        label: t('select.swap'),
        options: SWAPS.map(([i, j], n) => [String(n), `${words[i]} ↔ ${words[j]}`]),
        value: '0',
        onchange: (v) => {
          [state.i, state.j] = SWAPS[Number(v)];
          show();
        },
      }).element,
    );
    const question = choiceQuestion({ onResult: unlock, ...localQuestion(QUESTION, t), restored, t });
    if (answered) {
      // predicted on an earlier visit
      reveal.disabled = false;
      reveal.textContent = t('button.run');
    }
    host.append(
      h('p', {}, t('intro', { sentence: words.join(' '), word: words[watch] })),
      controls,
      question.element,
      reveal,
      view,
    );
    return question;
  },
};
