import { h } from '../widgets/dom.js';
import { Heatmap } from '../widgets/heatmap.js';
import { choiceQuestion } from '../widgets/question.js';
import { hiddenUntilAnswered } from './common.js';

const P = 64,
  D = 32,
  SCALE = 3; // both maps' colour limit: N(0, 1) draws mostly within ±3, the sinusoid within ±1

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt: 'What is the trade-off between a learned position table and the sinusoid?',
  options: [
    {
      id: 'a',
      correct: true,
      label: 'The table adds maxLen × dModel numbers to train, shapeless until trained; the formula adds none.',
      why:
        'The two tables below show it: the learned one starts as random numbers, with no structure until training ' +
        'gives it some, and all maxLen × dModel of them are parameters to train (and data to train them on). The ' +
        'formula has no parameters: its structure is fixed in advance, whether or not it suits the task.',
    },
    {
      id: 'b',
      correct: false,
      label: 'The table costs no parameters and extends itself; the sinusoid is the one that has to be trained.',
      why:
        'Which of the two is a block of trainable numbers, and which comes from a formula? The tables below show ' +
        'both.',
    },
    {
      id: 'c',
      correct: false,
      label: 'After training the two are always the same, so the choice between them never matters.',
      why:
        'Training shapes a learned table to its data, but nothing makes it equal the sinusoid, and it still ends at ' +
        'maxLen.',
    },
  ],
};

export default {
  questions: [QUESTION],
  id: 'learned-embeddings',
  title: 'Learned position tables',
  explain: {
    prompt: 'When would you choose a learned position table over the sinusoid?',
    model:
      'When sequences never exceed a known maximum length and there is enough data to train maxLen × dModel extra ' +
      'parameters; the sinusoid costs nothing and can at least be evaluated past the training length.',
  },
  mount(host, { lab, onResult, answered = false }) {
    const learned = lab.learnedTable({ maxLen: P, dModel: D, seed: 11 });
    const sinus = lab.sinusoidal({ positions: P, dModel: D });
    const left = h('div', {}, h('h3', {}, `Learned (seeded N(0, 1) start), ${P} × ${D}`));
    const right = h('div', {}, h('h3', {}, `Sinusoidal, ${P} × ${D}`));
    // The two tables answer the question at a glance: they appear below it once it is checked.
    // (A wrapper holds `hidden`: the grid's display would override it.)
    const tables = h('div', {}, h('div', { class: 'demo side-by-side' }, left, right));
    const question = choiceQuestion({ ...QUESTION, onResult: hiddenUntilAnswered([tables], { answered, onResult }) });
    host.append(
      h(
        'p',
        {},
        'A learned table is an embedding indexed by position, as GPT-style models use: one trainable row of ' +
          'dModel numbers per position, up to maxLen. Predict first; then see one as training would start it, ' +
          `next to the sinusoid, both on one colour scale from −${SCALE} to +${SCALE}.`,
      ),
      question.element,
      tables,
    );
    // Side by side on one colour scale, so that a colour means the same number in both.
    new Heatmap(left, { label: 'Learned position table at initialisation', limit: SCALE }).update(learned, P, D);
    new Heatmap(right, { label: 'Sinusoidal position table', limit: SCALE }).update(sinus, P, D);
    return question;
  },
};
