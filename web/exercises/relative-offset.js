import { h, subscript } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { formula } from '../widgets/math.js';
import { choiceQuestion } from '../widgets/question.js';
import { hiddenUntilAnswered, slider } from './common.js';

const D = 16,
  P = 500;

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt: 'Does Mₖ depend on the position p it is applied to?',
  options: [
    {
      id: 'no',
      correct: true,
      label: 'No: one matrix per offset k serves every p.',
      why:
        'Its entries are cos kω and sin kω, with no p in them, and the core finds PE(p+k) = Mₖ·PE(p) at every ' +
        'position shown, to within float rounding: the offset is linearly accessible from the encoding (and Mₖ = ' +
        'M₁ᵏ). Mₖ acts on PE alone, though: a model sees e + PE through W_Q and W_K, so this makes “k steps away” ' +
        'learnable, not automatically used.',
    },
    {
      id: 'yes',
      correct: false,
      label: 'Yes: every position p needs a matrix of its own.',
      why: 'Look at the entries of the blocks: which quantities appear in them?',
    },
    {
      id: 'only-small',
      correct: false,
      label: 'Only for small k; large offsets need a matrix per position.',
      why: 'Move k to 50 and read the residual again.',
    },
  ],
};

export default {
  questions: [QUESTION],
  id: 'relative-offset',
  title: 'An offset is a rotation',
  explain: {
    prompt: 'What does it mean that an offset is a rotation, and what does that give a model?',
    model:
      'For each pair, moving k positions forward rotates (sin, cos) by the angle kω, whatever the starting ' +
      'position. So one fixed linear map per offset takes PE(p) to PE(p+k): relative position is linearly ' +
      'accessible, which a model can learn to use.',
  },
  mount(host, { lab, onResult, answered = false }) {
    const view = h('div', { class: 'demo' }); // not live: a table re-read on every slider step helps no one
    function show(k) {
      const { blocks, maxResidual } = lab.relativeOffset({ positions: P, dModel: D, k });
      view.replaceChildren(
        matrixTable({
          caption: `The 2×2 blocks of M${subscript(k)}, one per pair (the rotation above with k = ${k})`,
          values: blocks,
          rows: D / 2,
          cols: 4,
          rowLabel: (i) => `pair ${i}`,
          colLabel: (j) => ['a₁₁', 'a₁₂', 'a₂₁', 'a₂₂'][j],
          limit: 1,
          digits: 4,
        }),
        h(
          'p',
          {},
          `Largest |M${subscript(k)}·PE(p) − PE(p+${k})| over p = 0…${P - 1}: ${maxResidual.toExponential(2)}`,
        ),
      );
    }
    const s = slider({ label: 'Offset k', min: 0, max: 50, value: 3, oninput: show });
    show(3);
    // The blocks' entries answer the question: the derivation and the core's blocks follow it, shown once
    // it is checked.
    const worked = h('div', {});
    const question = choiceQuestion({ ...QUESTION, onResult: hiddenUntilAnswered([worked], { answered, onResult }) });
    host.append(
      h(
        'p',
        {},
        'Moving k positions forward takes each pair’s (sin ωp, cos ωp) to (sin ω(p+k), cos ω(p+k)). A 2×2 matrix ',
        'per pair that does this, stacked into one block-diagonal matrix Mₖ, gives PE(p+k) = Mₖ·PE(p). Predict ',
        'first: the derivation and the core’s blocks appear below.',
      ),
      question.element,
      worked,
    );
    worked.append(
      h('p', {}, 'For each pair, the angle addition formulas give a rotation:'),
      formula(
        '\\begin{pmatrix}\\sin\\omega(p+k)\\\\ \\cos\\omega(p+k)\\end{pmatrix} = \\begin{pmatrix}\\cos k\\omega & ' +
          '\\sin k\\omega\\\\ -\\sin k\\omega & \\cos k\\omega\\end{pmatrix}\\begin{pmatrix}\\sin\\omega p\\\\ ' +
          '\\cos\\omega p\\end{pmatrix}',
        { display: true },
      ),
      h('p', {}, 'Stacking one block per pair gives Mₖ.'),
      s.element,
      view,
    );
    return question;
  },
};
