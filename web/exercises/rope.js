import { h } from '../widgets/dom.js';
import { LinePlot } from '../widgets/lineplot.js';
import { textTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';
import { localQuestion } from '../i18n/exercise.js';
import { DEMO, hiddenUntilAnswered, maxAbsDifference, slider } from './common.js';
import { settledStatus } from '../widgets/settled.js';

const D_HEAD = 16,
  REACH = 24, // offsets −REACH … REACH on the plot
  QUERY = 40, // the query's position m in the plot
  SIGN = 3, // the keys SIGN before and SIGN after the query, whose scores differ
  MAX_SHIFT = 2000;

// The question, as data: which option is right. Its words: web/i18n/catalogs/<locale>/rope.json (q.prompt,
// q.<id>.label, q.<id>.why); `order` is its English prompt, which keys each learner's option order.
const QUESTION = {
  key: 'q',
  order:
    'A model trained with RoPE in the halves layout is loaded into code that uses the interleaved layout. ' +
    'What happens?',
  options: [
    { id: 'silent', correct: true },
    { id: 'error', correct: false },
    { id: 'same', correct: false },
  ],
};

/** A number as toExponential(1) writes it, with the language's decimal sign. */
const exponential = (t, x) => x.toExponential(1).replace('.', t.number(0.5, 1).charAt(1));

// A query and a key of one head: two token embeddings drawn by the core (no position in them).
function queryAndKey(lab) {
  const rows = lab.embed({ tokens: [0, 1], vocabSize: 2, dModel: D_HEAD, seed: DEMO.seed, encoding: 'none' });
  return { q: rows.subarray(0, D_HEAD), k: rows.subarray(D_HEAD) };
}

// Scores q(m)·k(n) for the query at m and keys at n = first … first + count − 1, all by the core:
// rope rotates, the dot-product matrix multiplies.
function scores(lab, { q, k }, m, first, count, rope = {}) {
  const rq = lab.rope({ x: q, n: 1, dHead: D_HEAD, start: m, ...rope });
  const keys = new Float32Array(count * D_HEAD);
  for (let i = 0; i < count; i++) keys.set(k, i * D_HEAD);
  const rk = lab.rope({ x: keys, n: count, dHead: D_HEAD, start: first, ...rope });
  const table = new Float32Array((count + 1) * D_HEAD);
  table.set(rq, 0);
  table.set(rk, D_HEAD);
  return lab.dotMatrix({ table, rows: count + 1, dModel: D_HEAD }).slice(1, count + 1); // row 0: q against each
}

const offsets = Float64Array.from({ length: 2 * REACH + 1 }, (_, i) => i - REACH);

// Its words: web/i18n/catalogs/<locale>/rope.json (title, why, and each sentence below by its id). The
// explain-back asks about what the question asked: the layouts.
export default {
  questions: [QUESTION],
  id: 'rope',
  sources: [['source.su', 'https://arxiv.org/abs/2104.09864']],
  mount(host, { lab, onResult, answered = false, heading, t }) {
    const qk = queryAndKey(lab);
    const state = { shift: 300 };
    // The scores of the query at QUERY against keys at offsets −REACH … REACH: what moving both is compared with.
    const at = scores(lab, qk, QUERY, QUERY - REACH, offsets.length);

    // 1. Moving both positions by the same amount leaves every score where it was.
    const plotView = h('div', { class: 'demo' });
    const plot = new LinePlot(plotView, {
      label: t('plot.label'),
      xLabel: t('plot.x'),
      yLabel: 'q·k',
      table: t('plot.table'),
      t,
    });
    const shiftStatus = settledStatus();
    function drawShift() {
      const moved = scores(lab, qk, QUERY + state.shift, QUERY - REACH + state.shift, offsets.length);
      const series = [
        { name: t('series.at', { m: QUERY }), values: at },
        { name: t('series.moved', { m: QUERY + state.shift }), values: moved },
      ];
      plot.update(offsets, series);
      const change = maxAbsDifference(at, moved);
      shiftStatus.text = t('status.shift', { shift: state.shift, change: exponential(t, change) });
    }
    const shiftControl = slider({
      label: t('slider.shift'),
      min: 0,
      max: MAX_SHIFT,
      value: state.shift,
      oninput: (v) => {
        state.shift = v;
        drawShift();
      },
    }).element;
    // The offset keeps its sign: the keys SIGN before and SIGN after the query score differently.
    const signText = h(
      'p',
      {},
      t('sign', { k: SIGN, before: t.number(at[REACH - SIGN], 4), after: t.number(at[REACH + SIGN], 4) }),
    );

    // 2. The two layouts pair different dimensions: same q and k, different scores.
    const layoutSlot = h('div');
    function drawLayouts() {
      const n = QUERY - 3;
      const one = (layout) => t.number(scores(lab, qk, QUERY, n, 1, { layout })[0], 4);
      layoutSlot.replaceChildren(
        textTable({
          caption: t('table.caption', { m: QUERY, n }),
          head: [t('table.layout'), t('table.score')],
          rows: [
            [t('layout.halves'), one('halves')],
            [t('layout.interleaved'), one('interleaved')],
          ],
        }),
      );
    }

    // The layouts table shows two scores for one query and key: it answers the question, so it appears
    // once the question is checked.
    const layouts = h('div', {}, layoutSlot);
    const question = choiceQuestion({
      ...localQuestion(QUESTION, t),
      t,
      onResult: hiddenUntilAnswered([layouts], { answered, onResult }),
    });
    host.append(
      h('p', {}, t('intro')),
      heading(1, t('heading.move')),
      shiftControl,
      plotView,
      ...shiftStatus.elements,
      signText,
      heading(1, t('heading.layouts')),
      h('p', {}, t('layouts')),
      question.element,
      layouts,
    );
    drawShift();
    drawLayouts();
    return question;
  },
};
