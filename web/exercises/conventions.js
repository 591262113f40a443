import { h } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';
import { hiddenUntilAnswered } from './common.js';

const VARIANTS = ['paper', 'halves', 'tensor2tensor'];

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt: 'Which convention holds exactly the paper’s values, only in a different column order?',
  options: [
    {
      id: 'halves',
      correct: true,
      label: 'halves: [sin | cos], the layout of Marian and Pegasus',
      why:
        'Its row below holds the paper’s eight numbers, sines first. (BART, often named with Marian, learns its ' +
        'positions instead.)',
    },
    {
      id: 'tensor2tensor',
      correct: false,
      label: 'tensor2tensor: [sin | cos], as in tensor2tensor and fairseq',
      why: 'Find the paper’s eight numbers in its row, one by one: are they all there, only elsewhere?',
    },
    {
      id: 'both',
      correct: false,
      label: 'Both of them: the two only move the paper’s columns around',
      why: 'Compare the numbers, not just their places: one of the two rows holds values the paper’s row does not.',
    },
  ],
};

export default {
  questions: [QUESTION],
  id: 'conventions',
  title: 'Three conventions in real libraries',
  why: 'Libraries lay the same formula out differently; reading a checkpoint needs the convention it was made with.',
  explain: {
    prompt: 'Why can a wrong convention go unnoticed?',
    model:
      'Every convention produces plausible bounded vectors of the right shape, so nothing fails; the model just ' +
      'receives positions in a scrambled layout or with other frequencies, and quietly does worse.',
  },
  mount(host, { lab, onResult, answered = false }) {
    const rows = new Float32Array(3 * 8);
    VARIANTS.forEach((variant, r) => rows.set(lab.sinusoidal({ positions: 1, dModel: 8, start: 1, variant }), r * 8));
    // The table answers the question by inspection: predict from the definitions, then compare the numbers.
    const table = h('div', { class: 'demo' });
    const question = choiceQuestion({ ...QUESTION, onResult: hiddenUntilAnswered([table], { answered, onResult }) });
    host.append(
      h(
        'p',
        {},
        'With ωₖ the frequency of pair k: ',
        h('strong', {}, 'paper, '),
        'ωₖ = 10000^(−2k/d), sine of pair k at column 2k, cosine at 2k + 1; ',
        h('strong', {}, 'halves, '),
        'the same ωₖ, all sines first, then all cosines; ',
        h('strong', {}, 'tensor2tensor, '),
        'ωₖ = 10000^(−k/(d/2 − 1)), sines first. A checkpoint read with the wrong one gets scrambled ' +
          'positions, and no error.',
      ),
      question.element,
      table,
    );
    table.append(
      matrixTable({
        caption: 'PE(1) at dModel 8, by convention (the core’s)',
        values: rows,
        rows: 3,
        cols: 8,
        rowLabel: (i) => VARIANTS[i],
        limit: 1,
        digits: 6,
      }),
    );
    return question;
  },
};
