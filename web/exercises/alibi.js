import { h } from '../widgets/dom.js';
import { Heatmap } from '../widgets/heatmap.js';
import { LinePlot } from '../widgets/lineplot.js';
import { textTable } from '../widgets/tables.js';
import { numberQuestion } from '../widgets/number.js';
import { hiddenUntilAnswered, slider } from './common.js';

const N = 12, // tokens in the bias heatmaps
  MAX_HEADS = 16,
  // The question: a model with QUESTION.heads heads; the bias of head QUESTION.head (counted from 1)
  // for the query at position `query` and the key at `key`.
  ASKED = { heads: 8, head: 3, query: 40, key: 13 }; // past the heatmaps, so no cell reads it out

/**
 * The slopes as the page shows them: 2^(−x) when the slope is a power of two, else the number (with `t`'s
 * decimal sign).
 */
function slopeText(t, slope) {
  const exponent = -Math.log2(slope);
  return Number.isInteger(exponent)
    ? `2^(−${exponent}) = ${t.decimal(slope)}`
    : slope.toPrecision(4).replace('.', t.number(0.5, 1).charAt(1));
}

// Its words: web/i18n/catalogs/<locale>/alibi.json (title, why, and each sentence below by its id). The
// explain-back asks about what the exercise teaches last: the two-sided bias and reversal.
export default {
  id: 'alibi',
  sources: [['source.press', 'https://arxiv.org/abs/2108.12409']],
  mount(host, { lab, onResult, answered = false, heading, t }) {
    const state = { heads: 4 };
    const slopesSlot = h('div');
    const plotView = h('div', { class: 'demo' });
    const plot = new LinePlot(plotView, {
      label: t('plot.label'),
      xLabel: t('plot.x'),
      yLabel: t('plot.y'),
      t,
    });
    const distances = Float64Array.from({ length: N }, (_, d) => d);
    const mapSlot = h('div', { class: 'demo' });
    // The bias is never positive: its scale runs from the steepest head's −limit to 0, with no positive half.
    const map = new Heatmap(mapSlot, {
      label: t('map.label'),
      rowName: t('map.rows'),
      columnName: t('map.columns'),
      signed: false,
      negative: true,
      t,
    });
    let bias;
    // Head 1's bias as a heatmap, on the scale of the steepest head (not always the first: see the slopes of
    // 6 heads), so that the map of 1 head and of 16 compare.
    function drawHead() {
      map.limit = (N - 1) * Math.max(...lab.alibiSlopes({ heads: state.heads })); // the steepest head's reach
      map.update(bias.subarray(0, N * N), N, N);
      map.canvas.setAttribute('aria-label', t('map.canvas', { heads: state.heads, n: N }));
    }
    function draw() {
      const slopes = lab.alibiSlopes({ heads: state.heads });
      bias = lab.alibiBias({ heads: state.heads, n: N });
      slopesSlot.replaceChildren(
        textTable({
          caption: t('slopes.caption', { heads: state.heads }),
          head: [t('slopes.head'), t('slopes.slope')],
          rows: Array.from(slopes, (s, i) => [String(i + 1), slopeText(t, s)]),
        }),
      );
      // Every head's bias against distance: the last query's row, read from key N − 1 back to key 0.
      const last = (head) => Float64Array.from(distances, (d) => bias[head * N * N + (N - 1) * N + (N - 1 - d)]);
      plot.update(
        distances,
        Array.from(slopes, (_, head) => ({ name: t('series.head', { head: head + 1 }), values: last(head) })),
      );
      drawHead();
    }
    const heads = slider({
      label: t('slider.heads'),
      min: 1,
      max: MAX_HEADS,
      value: state.heads,
      oninput: (v) => {
        state.heads = v;
        draw();
      },
    });
    const asked = lab.alibiBias({ heads: ASKED.heads, n: ASKED.query + 1 });
    const expected = asked[(ASKED.head - 1) * (ASKED.query + 1) ** 2 + ASKED.query * (ASKED.query + 1) + ASKED.key];
    // Where the plot shows the answer, said once it is given: the asked distance lies past the plot's last,
    // on the line of the asked head continued.
    const distance = Math.abs(ASKED.query - ASKED.key);
    const askedSlope = lab.alibiSlopes({ heads: ASKED.heads })[ASKED.head - 1];
    const explain = () =>
      plot.explain(
        t('plot.explain', {
          heads: ASKED.heads,
          head: ASKED.head,
          slope: slopeText(t, askedSlope),
          last: N - 1,
          distance,
          expected: t.decimal(expected),
        }),
      );
    const question = numberQuestion({
      onResult: hiddenUntilAnswered([], { answered, onResult, explain }),
      expected,
      tolerance: 1e-3,
      prompt: t('question.prompt', { heads: ASKED.heads, head: ASKED.head, query: ASKED.query, key: ASKED.key }),
      explain: () =>
        t('question.explain', {
          head: ASKED.head,
          slope: slopeText(t, askedSlope),
          query: ASKED.query,
          key: ASKED.key,
          distance,
          value: t.decimal(askedSlope),
          expected: t.decimal(expected),
        }),
      t,
    });
    host.append(
      h('p', {}, t('intro')),
      heads.element,
      slopesSlot,
      plotView,
      heading(1, t('heading.map')),
      mapSlot,
      h('p', {}, t('reverse')),
      h('p', {}, t('longer')),
      question.element,
    );
    draw();
    return question;
  },
};
