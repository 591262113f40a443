import { h } from '../widgets/dom.js';
import { Heatmap } from '../widgets/heatmap.js';
import { choiceQuestion } from '../widgets/question.js';
import { localQuestion } from '../i18n/exercise.js';
import { TORCH_MODULE, hiddenUntilAnswered } from './common.js';

const P = 64,
  D = 32,
  SCALE = 3; // both maps' colour limit: N(0, 1) draws mostly within ±3, the sinusoid within ±1

// Our own sketch of a learned position table in PyTorch (batch-first input).
const CODE = `self.pos = nn.Embedding(max_len, d_model)  # __init__: a trainable row per position
positions = torch.arange(x.size(1), device=x.device)  # forward: 0 … seq_len − 1
x = x + self.pos(positions)  # row p added at position p`;

// The question: which option is right; its words are q.prompt, q.<id>.label and q.<id>.why in the catalog.
// `order` is its English prompt, which keys each learner's option order (web/order.js): it never changes.
const QUESTION = {
  key: 'q',
  order: 'What is the trade-off between a learned position table and the sinusoid?',
  options: [
    { id: 'a', correct: true },
    { id: 'b', correct: false },
    { id: 'c', correct: false },
  ],
};

/** The pros and cons, with the table's size at the lesson module's sizes (shown once answered). */
function prosAndCons(t) {
  const { maxLen, dModel } = TORCH_MODULE;
  return h(
    'ul',
    {},
    h('li', {}, t('pros.design')),
    h('li', {}, t('cons.parameters', { count: maxLen * dModel, maxLen, dModel })),
    h('li', {}, t('cons.neighbours')),
  );
}

// Its words: web/i18n/catalogs/<locale>/learned-embeddings.json (title, why, and each sentence below by its id).
export default {
  questions: [QUESTION],
  id: 'learned-embeddings',
  sources: [['source.embedding', 'https://pytorch.org/docs/stable/generated/torch.nn.Embedding.html']],
  mount(host, { lab, onResult, answered = false, heading, t }) {
    const learned = lab.learnedTable({ maxLen: P, dModel: D, seed: 11 });
    const sinus = lab.sinusoidal({ positions: P, dModel: D });
    const left = h('div', {}, heading(1, t('heading.learned')));
    const right = h('div', {}, heading(1, t('heading.sinusoidal')));
    // The two tables and the pros and cons answer the question: they appear below it once it is checked.
    // (A wrapper holds `hidden`: the grid's display would override it.)
    const after = h('div', {}, h('div', { class: 'demo side-by-side' }, left, right), prosAndCons(t));
    const question = choiceQuestion({
      ...localQuestion(QUESTION, t),
      onResult: hiddenUntilAnswered([after], { answered, onResult }),
      t,
    });
    host.append(h('p', {}, t('intro')), h('pre', { class: 'code' }, h('code', {}, CODE)), question.element, after);
    // Side by side on one colour scale (±3), so that a colour means the same number in both.
    // The two maps are shown only once the question is answered, so they say at once where it shows.
    const learnedMap = new Heatmap(left, { label: t('map.learned.label'), limit: SCALE, t });
    learnedMap.update(learned, P, D);
    learnedMap.explain(t('map.learned.explain', { p: P, d: D, count: P * D }));
    const sinusMap = new Heatmap(right, { label: t('map.sinusoidal.label'), limit: SCALE, t });
    sinusMap.update(sinus, P, D);
    sinusMap.explain(t('map.sinusoidal.explain'));
    return question;
  },
};
