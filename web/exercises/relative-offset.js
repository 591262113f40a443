import { h, subscript } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { formula } from '../widgets/math.js';
import { choiceQuestion } from '../widgets/question.js';
import { localQuestion } from '../i18n/exercise.js';
import { hiddenUntilAnswered, slider } from './common.js';
import { linkDemo } from '../widgets/link-state.js';

const D = 8,
  P = 500;

// The question: which option is right, and the English prompt its options' order is keyed on (web/order.js);
// its words are in the catalog (q.prompt, q.<id>.label, q.<id>.why).
const QUESTION = {
  key: 'q',
  order: 'Does Mₖ depend on the position p it is applied to?',
  options: [
    { id: 'no', correct: true },
    { id: 'yes', correct: false },
    { id: 'only-small', correct: false },
  ],
};

// The formula the exercise shows (typeset at build time: scripts/mathml.mjs).
const ROTATION = '\\begin{pmatrix}\\cos k\\omega & \\sin k\\omega\\\\ -\\sin k\\omega & \\cos k\\omega\\end{pmatrix}';

// Its words: web/i18n/catalogs/<locale>/relative-offset.json (title, why, the question, each sentence below).
export default {
  questions: [QUESTION],
  id: 'relative-offset',
  formulas: { display: [ROTATION] },
  sources: [
    ['source.vaswani', 'https://arxiv.org/abs/1706.03762'],
    [
      'source.d2l',
      'https://d2l.ai/chapter_attention-mechanisms-and-transformers/self-attention-and-positional-encoding.html',
    ],
  ],
  mount(host, { lab, onResult, answered = false, link = false, t }) {
    const view = h('div', { class: 'demo' }); // not live: a table re-read on every slider step helps no one
    function show(k) {
      const { blocks, maxResidual } = lab.relativeOffset({ positions: P, dModel: D, k });
      view.replaceChildren(
        matrixTable({
          caption: t('blocks.caption', { m: `M${subscript(k)}` }),
          values: blocks,
          rows: D / 2,
          cols: 4,
          rowLabel: (i) => t('blocks.pair', { i }),
          colLabel: (j) => ['a₁₁', 'a₁₂', 'a₂₁', 'a₂₂'][j],
          limit: 1,
          digits: 4,
          t,
        }),
        h(
          'p',
          {},
          t('residual', {
            m: `M${subscript(k)}`,
            k,
            last: P - 1,
            // Always exponential (1.23e-7), its decimal sign the language's: t.decimal keeps the digits as given.
            residual: t.decimal(maxResidual.toExponential(2)),
          }),
        ),
      );
    }
    const s = slider({ label: t('slider.offset'), min: 0, max: 50, value: 3, oninput: show });
    show(3);
    // A link may name the offset (?offset=7): a teacher points at the block they mean.
    const linked = link ? linkDemo({ offset: s.input }, s.element, t) : null;
    // The blocks' entries answer the question: the derivation and the core's blocks follow it, shown once
    // it is checked.
    const worked = h('div', {});
    const question = choiceQuestion({
      ...localQuestion(QUESTION, t),
      t,
      onResult: hiddenUntilAnswered([worked], { answered, onResult }),
    });
    host.append(h('p', {}, t('intro', { d: D, pairs: D / 2 })), question.element, worked);
    worked.append(
      h('p', {}, t('worked.intro')),
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
