import { h } from '../widgets/dom.js';
import { LinePlot } from '../widgets/lineplot.js';
import { choiceQuestion } from '../widgets/question.js';
import { hiddenUntilAnswered, maxAbsDifference } from './common.js';
import { localQuestion } from '../i18n/exercise.js';

const D = 64,
  STARTS = [0, 256, 1024, 2048, 4096, 8192, 16384, 32768, 65000];

// The question: which option is right (its words: the catalog's q.prompt, q.<id>.label, q.<id>.why).
const QUESTION = {
  key: 'q',
  order: 'What happens to the float32 version’s accuracy as p grows, and why?',
  options: [
    { id: 'a', correct: true },
    { id: 'b', correct: false },
    { id: 'c', correct: false },
  ],
};

// Its words: web/i18n/catalogs/<locale>/precision.json (title, why, and each sentence below by its id).
export default {
  questions: [QUESTION],
  id: 'precision',
  mount(host, { lab, onResult, answered = false, t }) {
    const naive = [],
      ours = [];
    for (const start of STARTS) {
      const spec = { positions: 16, dModel: D, start };
      const reference = lab.sinusoidalReference(spec);
      naive.push(maxAbsDifference(lab.sinusoidalFloat32Angles(spec), reference));
      ours.push(maxAbsDifference(lab.sinusoidal(spec), reference));
    }
    const series = [
      { name: t('series.float32'), values: naive },
      { name: t('series.lab'), values: ours },
    ];
    const view = h('div', { class: 'demo' });
    host.append(h('p', {}, t('intro', { d: D })), view);
    const plot = new LinePlot(view, {
      label: t('plot.label'),
      xLabel: t('plot.x'),
      yLabel: t('plot.y'),
      logY: true,
      table: t('plot.table'),
      t,
    });
    plot.update(STARTS, series);
    // Where the curves show the answer, said once it is given: the float32 angle's error at a small and the
    // largest start, against the table's worst.
    const last = STARTS.length - 1;
    const explain = () =>
      plot.explain(
        t('plot.explain', {
          small: t.number(naive[1], 3),
          from: STARTS[1],
          to: STARTS[1] + 15,
          large: t.number(naive[last], 3),
          lastFrom: STARTS[last],
          lastTo: STARTS[last] + 15,
          lab: t.number(Math.max(...ours), 3),
        }),
      );
    const question = choiceQuestion({
      ...localQuestion(QUESTION, t),
      onResult: hiddenUntilAnswered([], { answered, onResult, explain }),
      t,
    });
    host.append(question.element);
    return question;
  },
};
