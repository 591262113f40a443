import { h, subscript } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { formula } from '../widgets/math.js';
import { choiceQuestion } from '../widgets/question.js';
import { hiddenUntilAnswered, slider } from './common.js';
import { linkDemo } from '../widgets/link-state.js';

const D = 8,
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
        'Its entries hold kω and no p, and the core finds PE(p+k) = Mₖ·PE(p) at every position shown, to float ' +
        'rounding. A model sees e + PE through W_Q and W_K, so “k steps away” is learnable, not automatically ' +
        'used.',
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

// The formula the exercise shows (typeset at build time: scripts/mathml.mjs).
const ROTATION = '\\begin{pmatrix}\\cos k\\omega & \\sin k\\omega\\\\ -\\sin k\\omega & \\cos k\\omega\\end{pmatrix}';

export default {
  questions: [QUESTION],
  id: 'relative-offset',
  formulas: { display: [ROTATION] },
  title: 'An offset is a rotation',
  why: 'It asks what moving every position by the same [[offset]] k does to the encoding, pair by pair.',
  sources: [
    ['Vaswani et al., Attention Is All You Need, section 3.5', 'https://arxiv.org/abs/1706.03762'],
    [
      'Dive into Deep Learning, section 11.6',
      'https://d2l.ai/chapter_attention-mechanisms-and-transformers/self-attention-and-positional-encoding.html',
    ],
  ],
  mount(host, { lab, onResult, answered = false, link = false }) {
    const view = h('div', { class: 'demo' }); // not live: a table re-read on every slider step helps no one
    function show(k) {
      const { blocks, maxResidual } = lab.relativeOffset({ positions: P, dModel: D, k });
      view.replaceChildren(
        matrixTable({
          caption: `The blocks of M${subscript(k)}, one per pair`,
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
    // A link may name the offset (?offset=7): a teacher points at the block they mean.
    const linked = link ? linkDemo({ offset: s.input }, s.element) : null;
    // The blocks' entries answer the question: the derivation and the core's blocks follow it, shown once
    // it is checked.
    const worked = h('div', {});
    const question = choiceQuestion({ ...QUESTION, onResult: hiddenUntilAnswered([worked], { answered, onResult }) });
    host.append(
      h(
        'p',
        {},
        `At d = ${D} (${D / 2} pairs), moving k positions takes each pair’s (sin ωp, cos ωp) to `,
        '(sin ω(p+k), cos ω(p+k)). One 2×2 block per pair, stacked into a matrix Mₖ, gives PE(p+k) = Mₖ·PE(p). ',
        'Recall sin(a + b) = sin a cos b + cos a sin b and cos(a + b) = cos a cos b − sin a sin b.',
      ),
      question.element,
      worked,
    );
    worked.append(
      h('p', {}, 'By the angle addition formulas, each block rotates its pair by kω:'),
      formula(ROTATION, {
        display: true,
      }),
      s.element,
      ...(linked ? [h('div', { class: 'actions' }, linked.button), linked.note] : []),
      view,
    );
    return question;
  },
};
