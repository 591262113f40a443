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

/** The slopes as the page shows them: 2^(−x) when the slope is a power of two, else the number. */
function slopeText(slope) {
  const exponent = -Math.log2(slope);
  return Number.isInteger(exponent) ? `2^(−${exponent}) = ${slope}` : slope.toPrecision(4);
}

export default {
  id: 'alibi',
  title: 'ALiBi: a penalty that grows with distance',
  why:
    '[[ALiBi|alibi]] gives position with no vector per position at all: a fixed penalty on the distance between ' +
    'two tokens.',
  sources: [
    [
      'Press, Smith and Lewis (2022), Train Short, Test Long: Attention with Linear Biases Enables Input Length ' +
        'Extrapolation',
      'https://arxiv.org/abs/2108.12409',
    ],
  ],
  // The explain-back asks about what the exercise teaches last: the two-sided bias and reversal.
  explain: {
    prompt:
      'Why is the two-sided bias the same for a sequence and its reverse, and why does the paper’s causal form ' +
      'tell them apart?',
    model:
      'The two-sided bias is −slope·|i − j|, and reversing the positions (i → n − 1 − i) keeps every distance, so ' +
      'each pair of tokens gets the same bias in either order. In the causal form a query sees only the keys ' +
      'before it; reversing puts before it the tokens that came after it, so it attends to other tokens.',
  },
  mount(host, { lab, onResult, answered = false, heading }) {
    const state = { heads: 4 };
    const slopesSlot = h('div');
    const plotView = h('div', { class: 'demo' });
    const plot = new LinePlot(plotView, {
      label: 'The bias each head adds, against the distance |i − j|',
      xLabel: 'distance |i − j|',
      yLabel: 'bias',
    });
    const distances = Float64Array.from({ length: N }, (_, d) => d);
    const mapSlot = h('div', { class: 'demo' });
    // The bias is never positive: its scale runs from the steepest head's −limit to 0, with no positive half.
    const map = new Heatmap(mapSlot, {
      label: 'ALiBi bias of head 1',
      rowName: 'query i',
      columnName: 'key j',
      signed: false,
      negative: true,
    });
    let bias;
    // Head 1's bias as a heatmap, on the scale of the steepest head (not always the first: see the slopes of
    // 6 heads), so that the map of 1 head and of 16 compare.
    function drawHead() {
      map.limit = (N - 1) * Math.max(...lab.alibiSlopes({ heads: state.heads })); // the steepest head's reach
      map.update(bias.subarray(0, N * N), N, N);
      map.canvas.setAttribute('aria-label', `ALiBi bias of head 1 of ${state.heads}, ${N} × ${N}`);
    }
    function draw() {
      const slopes = lab.alibiSlopes({ heads: state.heads });
      bias = lab.alibiBias({ heads: state.heads, n: N });
      slopesSlot.replaceChildren(
        textTable({
          caption: `The slopes of ${state.heads} heads (the paper’s reference get_slopes)`,
          head: ['head', 'slope'],
          rows: Array.from(slopes, (s, i) => [String(i + 1), slopeText(s)]),
        }),
      );
      // Every head's bias against distance: the last query's row, read from key N − 1 back to key 0.
      const last = (head) => Float64Array.from(distances, (d) => bias[head * N * N + (N - 1) * N + (N - 1 - d)]);
      plot.update(
        distances,
        Array.from(slopes, (_, head) => ({ name: `head ${head + 1}`, values: last(head) })),
      );
      drawHead();
    }
    const heads = slider({
      label: 'heads',
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
    const explain = () =>
      plot.explain(
        `For the question: with the slider at ${ASKED.heads} heads, the line of head ${ASKED.head} falls by ` +
          `its slope, ${slopeText(lab.alibiSlopes({ heads: ASKED.heads })[ASKED.head - 1])}, per step of ` +
          `distance; continued past the plot's last distance (${N - 1}) to ${distance}, it reaches ${expected}.`,
      );
    const question = numberQuestion({
      onResult: hiddenUntilAnswered([], { answered, onResult, explain }),
      expected,
      tolerance: 1e-3,
      prompt:
        `With ${ASKED.heads} heads, what does head ${ASKED.head} add to the score of the query at position ` +
        `${ASKED.query} for the key at position ${ASKED.key}? (Set the slider to ${ASKED.heads} heads to see ` +
        'their slopes.)',
      explain: () => {
        const slope = lab.alibiSlopes({ heads: ASKED.heads })[ASKED.head - 1];
        return (
          `Head ${ASKED.head}’s slope is ${slopeText(slope)} and the distance is |${ASKED.query} − ${ASKED.key}| = ` +
          `${Math.abs(ASKED.query - ASKED.key)}, so the bias is −${slope} · ${Math.abs(ASKED.query - ASKED.key)} ` +
          `= ${expected} (the core’s bias matrix).`
        );
      },
    });
    host.append(
      h(
        'p',
        {},
        'In the causal language models of the ALiBi paper (Press, Smith and Lewis, 2022) each head adds ',
        '−slope·(i − j) to the score of query i for an earlier key j before the softmax; the mask hides later keys ',
        'as usual. Shown here is the two-sided extension −slope·|i − j| for attention without a mask: below the ',
        'diagonal it is the paper’s bias. With a power-of-two number of heads the slopes form a geometric sequence, ',
        'steep in the first heads (looking near), gentle in the last (looking far); other counts interleave a ',
        'second sequence.',
      ),
      heads.element,
      slopesSlot,
      plotView,
      heading(1, 'The bias of head 1'),
      mapSlot,
      h(
        'p',
        {},
        'Turn the map half a turn and it is the same: reversing the positions (i → n − 1 − i, j → n − 1 − j) ',
        'keeps every distance |i − j|. So the two-sided bias is the same for a sequence and for its reverse; the ',
        'paper’s causal form is not, as its mask lets each query see only the keys before it.',
      ),
      h(
        'p',
        {},
        'As the bias depends on the distance alone, a longer input gets the same pattern, extended. The paper ',
        'measured language models trained on 1,024 tokens keeping their perplexity on much longer inputs, where ',
        'sinusoidal models degraded soon past the training length.',
      ),
      question.element,
    );
    draw();
    return question;
  },
};
