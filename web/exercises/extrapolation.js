import { h } from '../widgets/dom.js';
import { LinePlot } from '../widgets/lineplot.js';
import { choiceQuestion } from '../widgets/question.js';
import { hiddenUntilAnswered, slider } from './common.js';
import { settledStatus } from '../widgets/settled.js';
import { localQuestion } from '../i18n/exercise.js';
import { richMessage } from '../course/localize.js';

const D = 32,
  MAX_LEN = 512,
  SLOW = D / 2 - 1;

// The question: which option is right (its words: the catalog's q.prompt, q.<id>.label, q.<id>.why).
const QUESTION = {
  key: 'q',
  order: 'A model trained on sequences of at most 512 tokens meets position 2000. What then?',
  options: [
    { id: 'a', correct: true },
    { id: 'b', correct: false },
    { id: 'c', correct: false },
    { id: 'd', correct: false },
  ],
};

// Rep 3 of the lesson card: the paper's claim about longer sequences, against what the readout shows.
function paperCheck(t) {
  const link = h('a', { href: 'https://arxiv.org/abs/1706.03762' }, t('paper.link'));
  return h('p', {}, richMessage(t, 'paper.check', { link }, { last: MAX_LEN - 1 }));
}

// Its words: web/i18n/catalogs/<locale>/extrapolation.json (title, why, and each sentence below by its id).
export default {
  questions: [QUESTION],
  id: 'extrapolation',
  sources: [
    ['source.paper', 'https://arxiv.org/abs/1706.03762'],
    ['source.alibi', 'https://arxiv.org/abs/2108.12409'],
  ],
  mount(host, { lab, onResult, answered = false, t }) {
    const view = h('div', { class: 'demo' });
    const plot = new LinePlot(view, {
      label: t('plot.label'),
      xLabel: t('plot.x'),
      yLabel: t('plot.y'),
      t,
    });
    // What the learned table and the sinusoid give at the position, said once the learner stops moving.
    const status = settledStatus({ className: 'core-message' });
    view.append(...status.elements);
    const dims = Array.from({ length: D }, (_, i) => i);
    // The slowest pair's sine over every position a model trained on MAX_LEN positions has seen.
    const seen = lab.sinusoidal({ positions: MAX_LEN, dModel: D });
    let seenLo = Infinity,
      seenHi = -Infinity;
    for (let p = 0; p < MAX_LEN; p++) {
      seenLo = Math.min(seenLo, seen[p * D + 2 * SLOW]);
      seenHi = Math.max(seenHi, seen[p * D + 2 * SLOW]);
    }
    function show(p) {
      const pe = lab.sinusoidal({ positions: 1, dModel: D, start: p });
      const series = [{ name: t('series.sinusoid', { p }), values: pe }];
      let row = true;
      try {
        series.push({
          name: t('series.learned', { p }),
          values: lab.learnedLookup({ maxLen: MAX_LEN, dModel: D, seed: 1, position: p }),
        });
      } catch (error) {
        // The core refuses a position past the table with a RangeError; the page says it in the lesson's words.
        if (!(error instanceof RangeError)) throw error;
        row = false;
      }
      plot.update(dims, series);
      status.text = t(row ? 'status.row' : 'status.noRow', {
        p,
        rows: MAX_LEN,
        last: MAX_LEN - 1,
        lo: t.number(seenLo, 3),
        hi: t.number(seenHi, 3),
        value: t.number(pe[2 * SLOW], 3),
      });
    }
    const s = slider({ label: t('slider.position'), min: 0, max: 2000, value: 300, oninput: show });
    show(300);
    // Predict first: dragging to position 2000 shows the answer, so the demo appears once it is checked.
    const demo = h('div', {}, s.element, view, paperCheck(t));
    const question = choiceQuestion({
      ...localQuestion(QUESTION, t),
      onResult: hiddenUntilAnswered([demo], { answered, onResult }),
      t,
    });
    host.append(h('p', {}, t('intro', { rows: MAX_LEN, last: MAX_LEN - 1 })), question.element, demo);
    return question;
  },
};
