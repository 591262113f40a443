import { h } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';
import { hiddenUntilAnswered } from './common.js';
import { localQuestion } from '../i18n/exercise.js';
import { richMessage } from '../course/localize.js';

// The core's names of the conventions: code, the same in every language.
const VARIANTS = ['paper', 'halves', 'tensor2tensor'];

// The question: which option is right (its words: the catalog's q.prompt, q.<id>.label, q.<id>.why).
const QUESTION = {
  key: 'q',
  order: 'Which convention holds exactly the paper’s values, only in a different column order?',
  options: [
    { id: 'halves', correct: true },
    { id: 'tensor2tensor', correct: false },
    { id: 'both', correct: false },
  ],
};

// Its words: web/i18n/catalogs/<locale>/conventions.json (title, why, and each sentence below by its id).
export default {
  questions: [QUESTION],
  id: 'conventions',
  mount(host, { lab, onResult, answered = false, t }) {
    const rows = new Float32Array(3 * 8);
    VARIANTS.forEach((variant, r) => rows.set(lab.sinusoidal({ positions: 1, dModel: 8, start: 1, variant }), r * 8));
    // The table answers the question by inspection: predict from the definitions, then compare the numbers.
    const table = h('div', { class: 'demo' });
    const question = choiceQuestion({
      ...localQuestion(QUESTION, t),
      onResult: hiddenUntilAnswered([table], { answered, onResult }),
      t,
    });
    // The API's variant names, the same in every language.
    const [paper, halves, t2t] = VARIANTS.map((name) => h('strong', { translate: 'no' }, name));
    host.append(
      h(
        'p',
        {},
        richMessage(
          t,
          'intro',
          { paper, halves, t2t },
          { paperOmega: 'ωₖ = 10000^(−2k/d)', t2tOmega: 'ωₖ = 10000^(−k/(d/2 − 1))' },
        ),
      ),
      question.element,
      table,
    );
    table.append(
      matrixTable({
        caption: t('table.caption', { d: 8 }),
        values: rows,
        rows: 3,
        cols: 8,
        rowLabel: (i) => VARIANTS[i],
        limit: 1,
        digits: 6,
        t,
      }),
    );
    return question;
  },
};
