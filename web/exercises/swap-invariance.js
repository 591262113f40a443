import { h, fmt } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';
import { DEMO, tokenize, select } from './common.js';

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prediction: true, // asked before the demo that answers it: recorded, not graded (web/widgets/question.js)
  prompt:
    'Predict first: without a position encoding, what happens to the watched token’s output when two other tokens ' +
    'swap places?',
  options: [
    {
      id: 'same',
      correct: true,
      label: 'It stays the same vector; the swapped tokens’ own outputs just trade their rows.',
      why:
        'Attention only compares contents. Swapping rows of Q, K and V permutes the scores and weights the same ' +
        'way, so each token’s output is unchanged and follows its token. Run it: the largest change is at rounding ' +
        'level.',
    },
    {
      id: 'changes',
      correct: false,
      label: 'It changes, because the order of the words around it is different now.',
      why:
        'Order could matter only if something in the vectors carried it. Without an encoding nothing does: run it ' +
        'and compare.',
    },
    {
      id: 'zero',
      correct: false,
      label: 'The outputs at the two swapped positions become zero, the rest stay.',
      why: 'A swap removes no weight: each softmax row holds the same numbers in a different order.',
    },
    {
      id: 'random',
      correct: false,
      label: 'It cannot be predicted: attention mixes its inputs in a random way.',
      why:
        'Attention is a deterministic function of its inputs; with the same seeded projections it gives the same ' +
        'numbers every time.',
    },
  ],
};

export default {
  questions: [QUESTION],
  id: 'swap-invariance',
  title: 'Swap two tokens: what does attention notice?',
  explain: {
    prompt: 'Why does swapping two tokens not change the watched token’s output when there is no encoding?',
    model:
      'Attention only compares the contents of the vectors. Swapping two rows of the input swaps the same rows of ' +
      'Q, K and V, so the scores and weights are permuted the same way and every output simply follows its token.',
  },
  mount(host, { lab, onResult, answered = false, restored = null }) {
    const { words, tokens, vocabSize } = tokenize('dog bites man in the park');
    const n = words.length;
    const opts = words.map((w, i) => [String(i), `${i}: ${w}`]);
    const state = { i: 0, j: 2, watch: 4 };
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
      if (state.i === state.j) {
        view.replaceChildren(h('p', {}, 'Pick two different positions to swap.'));
        return;
      }
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
          'are permuted the same way, each output following its token. It is not order-blind everywhere, though: ',
          'with the causal mask of the warm-up, a token attends only to the tokens before it, so moving a token ' +
            'changes ',
          'what the others can see, even with no encoding.',
        ),
      );
    }
    const controls = h(
      'div',
      { class: 'controls' },
      select({
        label: 'Swap',
        options: opts,
        value: '0',
        onchange: (v) => {
          state.i = Number(v);
          show();
        },
      }).element,
      select({
        label: 'Swap with',
        options: opts,
        value: '2',
        onchange: (v) => {
          state.j = Number(v);
          show();
        },
      }).element,
      select({
        label: 'Watch',
        options: opts,
        value: '4',
        onchange: (v) => {
          state.watch = Number(v);
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
      h('p', {}, 'Choose two tokens to swap and a third token to watch. Answer the question, then run both versions.'),
      controls,
      question.element,
      reveal,
      view,
    );
    return question;
  },
};
