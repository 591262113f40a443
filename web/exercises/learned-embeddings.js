import { h } from '../widgets/dom.js';
import { Heatmap } from '../widgets/heatmap.js';
import { choiceQuestion } from '../widgets/question.js';

const P = 64,
  D = 32;

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt: 'What is the trade-off between a learned position table and the sinusoid?',
  options: [
    {
      id: 'a',
      correct: true,
      label: 'The table trains maxLen × dModel numbers and ends before row maxLen; the formula, none.',
      why:
        'Both halves are visible above: the learned table is numbers to train (no structure until training gives it ' +
        'some), and it has no row past its size. The formula has no parameters and can be evaluated at any ' +
        'position, though a model trained on short sequences need not use far positions well (see the extrapolation ' +
        'exercise).',
    },
    {
      id: 'b',
      correct: false,
      label: 'The table costs no parameters and extends itself; the sinusoid is the one that has to be trained.',
      why:
        'Look at the headings above: which of the two is a block of trainable numbers, and which comes from a ' +
        'formula?',
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
  mount(host, { lab, onResult }) {
    const learned = lab.learnedTable({ maxLen: P, dModel: D, seed: 11 });
    const sinus = lab.sinusoidal({ positions: P, dModel: D });
    const left = h('div', {}, h('h3', {}, `Learned (seeded N(0, 1) start), ${P} × ${D}`));
    const right = h('div', {}, h('h3', {}, `Sinusoidal, ${P} × ${D}`));
    host.append(
      h(
        'p',
        {},
        'A learned table is an embedding indexed by position, as GPT-style models use. Here is one as training ' +
          'would start it, next to the sinusoid.',
      ),
      h('div', { class: 'demo side-by-side' }, left, right),
    );
    new Heatmap(left, { label: 'Learned position table at initialisation', limit: 3 }).update(learned, P, D);
    new Heatmap(right, { label: 'Sinusoidal position table' }).update(sinus, P, D);
    const question = choiceQuestion({ onResult, ...QUESTION });
    host.append(question.element);
    return question;
  },
};
