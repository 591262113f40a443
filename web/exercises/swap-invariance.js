import { h, fmt } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';
import { DEMO, tokenize, select } from './common.js';

export default {
  id: 'swap-invariance',
  title: 'Swap two tokens: what does attention notice?',
  mount(host, { lab, onResult }) {
    const { words, tokens, vocabSize } = tokenize('dog bites man in the park');
    const n = words.length;
    const opts = words.map((w, i) => [String(i), `${i}: ${w}`]);
    const state = { i: 0, j: 2, watch: 4 };
    const view = h('div', { class: 'demo', hidden: true });
    const reveal = h('button', { type: 'button', class: 'secondary', onclick: () => { view.hidden = false; show(); } }, 'Run it');
    function show() {
      if (view.hidden) return;
      if (state.i === state.j) { view.replaceChildren(h('p', {}, 'Pick two different positions to swap.')); return; }
      const r = lab.permutation({ tokens, vocabSize, dModel: DEMO.dModel, dK: DEMO.dK, seed: DEMO.seed, swap: [state.i, state.j] });
      const swapped = [...words];
      [swapped[state.i], swapped[state.j]] = [swapped[state.j], swapped[state.i]];
      const at = (p) => (p === state.i ? state.j : p === state.j ? state.i : p);
      const rowOf = (out, p) => out.subarray(p * DEMO.dK, (p + 1) * DEMO.dK);
      const compare = (arm, label) => {
        const before = rowOf(arm.original.output, state.watch), after = rowOf(arm.swapped.output, at(state.watch));
        const values = new Float32Array(DEMO.dK * 2);
        values.set(before, 0);
        values.set(after, DEMO.dK);
        return h('div', {}, matrixTable({ caption: `${label}: output for “${words[state.watch]}” (position ${state.watch})`,
          values, rows: 2, cols: DEMO.dK, rowLabel: (k) => (k ? 'after swap' : 'before'), limit: 2, digits: 2 }),
        h('p', {}, `Largest change anywhere once outputs are matched by token: ${fmt(arm.relabelResidual, 6)}`));
      };
      view.replaceChildren(h('p', {}, `Sentence after the swap: “${swapped.join(' ')}”`),
        compare(r.withoutEncoding, 'Without position encoding'), compare(r.withEncoding, 'With sinusoidal encoding'));
    }
    const controls = h('div', { class: 'controls' },
      select({ label: 'Swap', options: opts, value: '0', onchange: (v) => { state.i = Number(v); show(); } }).element,
      select({ label: 'with', options: opts, value: '2', onchange: (v) => { state.j = Number(v); show(); } }).element,
      select({ label: 'Watch', options: opts, value: '4', onchange: (v) => { state.watch = Number(v); show(); } }).element);
    const question = choiceQuestion({ onResult,
      prompt: 'Predict first: without a position encoding, what happens to the watched token’s output when two other tokens swap places?',
      options: [
        { id: 'same', correct: true, label: 'Nothing: it is the same vector, only the rows of the swapped tokens trade places.',
          why: 'Attention only compares contents. Swapping rows of Q, K and V permutes the scores and weights the same way, so each token’s output is unchanged and simply follows its token. Run it: the largest change is at rounding level (~1e-7).' },
        { id: 'changes', correct: false, label: 'It changes, because the word order is different.',
          why: 'Order would matter only if something in the vectors encoded it. Without an encoding nothing does: run it and see a change of ~1e-7, i.e. none.' },
        { id: 'zero', correct: false, label: 'It becomes zero for the swapped positions.',
          why: 'No weight is removed by a swap; the softmax rows are the same numbers in a different order.' },
        { id: 'random', correct: false, label: 'It is unpredictable: attention is random.',
          why: 'Attention is a deterministic function of its inputs; with the same seeded projections it gives the same numbers each time.' },
      ] });
    host.append(h('p', {}, 'Choose two tokens to swap and a third token to watch. Answer the question, then run both versions.'),
      controls, question.element, reveal, view);
    return question;
  },
};
