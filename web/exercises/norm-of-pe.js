import { h } from '../widgets/dom.js';
import { numberQuestion } from '../widgets/number.js';

const D = 48,
  P = 1000;

// Its words: web/i18n/catalogs/<locale>/norm-of-pe.json (title, why, and each sentence below by its id).
export default {
  id: 'norm-of-pe',
  mount(host, { lab, onResult, t }) {
    const row = lab.sinusoidal({ positions: 1, dModel: D, start: P });
    const expected = lab.dotMatrix({ table: row, rows: 1, dModel: D })[0];
    const question = numberQuestion({
      onResult,
      expected,
      tolerance: 0.01,
      prompt: t('question.prompt', { d: D, p: P }),
      explain: () => t('question.explain', { pairs: D / 2, expected: t.number(expected, 5) }),
      t,
    });
    host.append(h('p', {}, t('intro')), question.element);
    return question;
  },
};
