import { h, fmt } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';
import { DEMO, tokenize, select } from './common.js';

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prediction: true, // asked before the demo that answers it: recorded, not graded (web/widgets/question.js)
  prompt:
    'Predict first: without a position encoding, what happens to the watched token’s output when two tokens swap?',
  options: [
    {
      id: 'same',
      correct: true,
      label: 'It stays the same vector; the two swapped tokens just trade output rows.',
      why:
        'Swapping rows of Q, K and V permutes the scores and weights alike, so each output follows its token ' +
        'unchanged. Run it: the change is float rounding.',
    },
    {
      id: 'changes',
      correct: false,
      label: 'It changes, because the order of the words around it is different now.',
      why: 'Order could matter only if something in the vectors carried it; without an encoding nothing does.',
    },
    {
      id: 'zero',
      correct: false,
      label: 'The outputs at the two swapped positions become zero, the rest stay.',
      why: 'A swap removes no weight: each softmax row holds the same numbers in a different order.',
    },
  ],
};

export default {
  questions: [QUESTION],
  id: 'swap-invariance',
  title: 'Swap two tokens: what does attention notice?',
  why: 'It asks what [[attention]] does with word order when nothing in the vectors encodes it, then runs it.',
  mount(host, { lab, onResult, answered = false, restored = null }) {
    const { words, tokens, vocabSize } = tokenize('dog bites man in the park');
    const n = words.length;
    // The watched token is never one of the pair swapped, so the question's "two other tokens" holds for each
    // choice; the sentence's words are all different, so a word names its position.
    const watch = words.indexOf('the');
    const swaps = [
      [0, 2],
      [1, 3],
      [0, 5],
      [2, 5],
    ];
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
      'Run it (after your prediction)',
    );
    const unlock = (result) => {
      reveal.disabled = false;
      reveal.textContent = 'Run it';
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
      const compare = (arm, label) => {
        const before = rowOf(arm.original.output, state.watch),
          after = rowOf(arm.swapped.output, at(state.watch));
        const values = new Float32Array(DEMO.dK * 2);
        values.set(before, 0);
        values.set(after, DEMO.dK);
        return h(
          'div',
          {},
          matrixTable({
            caption: `${label}: output for “${words[state.watch]}” (position ${state.watch})`,
            values,
            rows: 2,
            cols: DEMO.dK,
            rowLabel: (k) => (k ? 'after swap' : 'before'),
            limit: 2,
            digits: 2,
          }),
          h('p', {}, `Largest change anywhere once outputs are matched by token: ${fmt(arm.relabelResidual, 6)}`),
        );
      };
      view.replaceChildren(
        h('p', {}, `Sentence after the swap: “${swapped.join(' ')}”`),
        compare(r.withoutEncoding, 'Without position encoding'),
        compare(r.withEncoding, 'With sinusoidal encoding'),
        h(
          'p',
          {},
          'Without an encoding, self-attention is permutation-equivariant: permute the tokens and the outputs ',
          'are permuted the same way. The causal mask of the warm-up breaks this: a token sees only the tokens ',
          'before it, so moving one changes what the others see, even with no encoding.',
        ),
      );
    }
    const controls = h(
      'div',
      { class: 'controls' },
      select({
        label: 'Swap',
        options: swaps.map(([i, j], n) => [String(n), `${words[i]} ↔ ${words[j]}`]),
        value: '0',
        onchange: (v) => {
          [state.i, state.j] = swaps[Number(v)];
          show();
        },
      }).element,
    );
    const question = choiceQuestion({ onResult: unlock, ...QUESTION, restored });
    if (answered) {
      // predicted on an earlier visit
      reveal.disabled = false;
      reveal.textContent = 'Run it';
    }
    host.append(
      h(
        'p',
        {},
        `Swap two tokens of “${words.join(' ')}” and watch a third, “${words[watch]}”: answer first, then run it.`,
      ),
      controls,
      question.element,
      reveal,
      view,
    );
    return question;
  },
};
