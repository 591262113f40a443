// The one place the lesson teaches and grades that PE(p)·PE(p + k) depends on the offset k alone (it absorbed
// the shifted-dot-product and closest-offset exercises: web/course/outline.js, MERGED): the hands show each
// pair's angle, a typed answer is checked against the core's dot product, and the distances that follow are
// shown not to grow steadily with |k|.
import { h } from '../widgets/dom.js';
import { Heatmap } from '../widgets/heatmap.js';
import { numberQuestion } from '../widgets/number.js';
import { hiddenUntilAnswered, slider } from './common.js';
import { settledStatus } from '../widgets/settled.js';

const D = 16,
  PAIRS = D / 2,
  N = 64, // positions in the heatmap
  K = 1, // the offset between the two hands of a clock, as in the question
  MAX_K = 20, // the offsets over which the distances are compared
  SVG = 'http://www.w3.org/2000/svg';
/** The question: PE(P)·PE(P + 1) is given, PE(P + SHIFT)·PE(P + SHIFT + 1) asked (for the tests). */
export const ASKED = { dModel: D, p: 7, shift: 1000 };

function svg(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/** PE(p)·PE(p + 1) at the question's width, from the core's dot-product matrix. */
function neighbourDot(lab, p) {
  const table = lab.sinusoidal({ positions: 2, dModel: D, start: p });
  return lab.dotMatrix({ table, rows: 2, dModel: D })[1];
}

/**
 * Where the distance from PE(p) to PE(p + k) falls most as k grows (k = 1 … MAX_K): the pair a < b with
 * the largest d(a) − d(b), from the core's distance matrix. It shows that the distance is not monotone in |k|.
 */
function largestFall(lab) {
  const table = lab.sinusoidal({ positions: MAX_K + 1, dModel: D });
  const d = lab.distanceMatrix({ table, rows: MAX_K + 1, dModel: D }).subarray(0, MAX_K + 1); // row 0: from PE(0)
  let best = { a: 1, b: 1, fall: 0 };
  for (let a = 1; a <= MAX_K; a++)
    for (let b = a + 1; b <= MAX_K; b++) if (d[a] - d[b] > best.fall) best = { a, b, fall: d[a] - d[b] };
  return { ...best, da: d[best.a], db: d[best.b] };
}

// Its words: web/i18n/catalogs/<locale>/clock-hands.json (title, why, and each sentence below by its id).
export default {
  id: 'clock-hands',
  sources: [
    ['source.vaswani', 'https://arxiv.org/abs/1706.03762'],
    [
      'source.d2l',
      'https://d2l.ai/chapter_attention-mechanisms-and-transformers/self-attention-and-positional-encoding.html',
    ],
  ],
  mount(host, { lab, onResult, answered = false, t }) {
    // One small SVG per dial in a grid: eight across on a wide screen, two rows of four on a phone.
    const clocks = h('div', { class: 'clocks', role: 'img' });
    const status = settledStatus();
    const state = { p: 3, k: K };
    const { omega } = lab.frequencies({ dModel: D });
    function draw() {
      const rows = lab.sinusoidal({ positions: state.k + 1, dModel: D, start: state.p });
      clocks.replaceChildren();
      for (let i = 0; i < PAIRS; i++) {
        const cx = 30,
          cy = 30,
          r = 26;
        // Pair i as a point on the unit circle, cosine across and sine up: the hand points at angle p·ωᵢ.
        const hand = (row, cls) =>
          svg('line', {
            x1: cx,
            y1: cy,
            x2: cx + r * rows[row * D + 2 * i + 1],
            y2: cy - r * rows[row * D + 2 * i],
            class: cls,
          });
        const dial = svg('svg', { viewBox: '0 0 60 60', 'aria-hidden': 'true' });
        dial.append(svg('circle', { cx, cy, r, class: 'dial' }), hand(state.k, 'hand later'), hand(0, 'hand'));
        clocks.append(h('div', { class: 'clock' }, dial, h('span', { class: 'clock-label' }, String(i))));
      }
      clocks.setAttribute('aria-label', t('clocks.label', { count: PAIRS, p: state.p, q: state.p + state.k }));
      status.text = t('status.turn', {
        p: state.p,
        q: state.p + state.k,
        fast: t.number(state.k * omega[0], 3),
        last: PAIRS - 1,
        slow: t.number(state.k * omega[PAIRS - 1], 5),
      });
    }
    const pSlider = slider({
      label: t('slider.position'),
      min: 0,
      max: 100,
      value: state.p,
      oninput: (v) => {
        state.p = v;
        draw();
      },
    });
    draw();

    const { p, shift } = ASKED;
    const given = neighbourDot(lab, p),
      expected = neighbourDot(lab, p + shift);
    // The diagonals of the heatmap and the derivation answer the question: they wait below it until it is checked.
    const heat = h('div', { class: 'demo' });
    const fall = largestFall(lab);
    const worked = h(
      'div',
      {},
      h('p', {}, t('worked.dot', { last: N - 1 })),
      heat,
      h('p', {}, t('worked.distance', { b: fall.b, db: t.number(fall.db, 3), a: fall.a, da: t.number(fall.da, 3) })),
    );
    const question = numberQuestion({
      onResult: hiddenUntilAnswered([worked], { answered, onResult }),
      expected,
      tolerance: 0.001,
      prompt: t('question.prompt', {
        d: D,
        p,
        p1: p + 1,
        given: t.number(given, 3),
        q: p + shift,
        q1: p + shift + 1,
      }),
      explain: () => t('question.explain', { expected: t.number(expected, 3), p }),
      t,
    });
    host.append(
      h('p', {}, t('intro', { d: D, last: PAIRS - 1, k: K })),
      h('div', { class: 'controls' }, pSlider.element),
      h('div', { class: 'demo' }, clocks, ...status.elements),
      question.element,
      worked,
    );
    const map = new Heatmap(heat, {
      label: t('map.label', { last: N - 1, d: D }),
      rowName: t('map.rows'),
      columnName: t('map.columns'),
      limit: PAIRS,
      t,
    });
    map.update(lab.dotMatrix({ table: lab.sinusoidal({ positions: N, dModel: D }), rows: N, dModel: D }), N, N);
    // The map is shown only once the question is answered, so it says at once where the answer lies.
    map.explain(t('map.explain', { given: t.number(given, 3), q: p + shift }));
    return question;
  },
};
