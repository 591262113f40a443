import { h, fmt } from '../widgets/dom.js';
import { LinePlot } from '../widgets/lineplot.js';
import { dataTable, textTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';
import { DEMO, hiddenUntilAnswered, maxAbsDifference, select, slider } from './common.js';
import { settledStatus } from '../widgets/settled.js';

const D_HEAD = 16,
  REACH = 24, // offsets −REACH … REACH on the plot
  MAX_QUERY = 400,
  MAX_SHIFT = 2000,
  SCALED = { m: 64, n: 40 }; // positions for the scale demo, multiples of every scale offered
const SCALES = [1, 2, 4, 8];

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt:
    'A model trained with RoPE in the rotate-half layout (Llama, GPT-NeoX) is loaded into code that uses the ' +
    'interleaved layout (GPT-J). What happens?',
  options: [
    {
      id: 'silent',
      correct: true,
      label: 'It runs without an error, but its scores differ from those it was trained with.',
      why:
        'The weights have the same shapes either way; only which dimensions turn together differs. So nothing ' +
        'fails, and every score is computed from the wrong pairs: the layouts table below shows two scores for ' +
        'the same query and key.',
    },
    {
      id: 'error',
      correct: false,
      label: 'Loading stops with an error, as the two layouts store weights of different shapes.',
      why:
        'Rotary embeddings have no weights of their own: they rotate the queries and keys, whatever their layout. ' +
        'The checkpoint loads into either.',
    },
    {
      id: 'same',
      correct: false,
      label: 'Nothing changes, since both layouts rotate by the same angles and so give equal scores.',
      why:
        'The angles are the same, but they are applied to different pairs of dimensions, so the rotated vectors ' +
        'differ. Compare the two layouts’ scores below.',
    },
  ],
};

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

export default {
  questions: [QUESTION],
  id: 'rope',
  title: 'RoPE: rotate the queries and the keys',
  // The explain-back asks about what the question asked: the layouts.
  explain: {
    prompt:
      'Why does a checkpoint trained with one RoPE layout run without any error under the other, and what goes ' +
      'wrong?',
    model:
      'RoPE has no weights of its own: it turns pairs of a head’s query and key dimensions, so the weights have ' +
      'the same shapes under either layout and load without complaint. But the two layouts pair different ' +
      'dimensions (i with i + d/2, or 2i with 2i + 1), so the turned vectors, and every score, differ from the ' +
      'ones the model was trained with.',
  },
  mount(host, { lab, onResult, answered = false }) {
    const qk = queryAndKey(lab);
    const state = { m: 40, shift: 300 };

    // 1. Moving both positions by the same amount leaves every score where it was.
    const plotView = h('div', { class: 'demo' });
    const plot = new LinePlot(plotView, {
      label: 'Score q·k against the offset n − m, for the query at m and at m + s',
      xLabel: 'offset n − m',
      yLabel: 'q·k',
    });
    const shiftStatus = settledStatus();
    const tableSlot = h('div');
    function drawShift() {
      const first = state.m - REACH;
      const at = scores(lab, qk, state.m, first, offsets.length);
      const moved = scores(lab, qk, state.m + state.shift, first + state.shift, offsets.length);
      const series = [
        { name: `query at m = ${state.m}`, values: at },
        { name: `query at m + s = ${state.m + state.shift}`, values: moved },
      ];
      plot.update(offsets, series);
      const change = maxAbsDifference(at, moved);
      shiftStatus.text =
        `Both positions moved by ${state.shift}: the largest change of a score is ` +
        `${change.toExponential(1)} (float rounding), so the two curves lie on top of each other.`;
      tableSlot.replaceChildren(dataTable('Data table of the scores', 'offset n − m', offsets, series));
      drawLayouts();
    }
    const control = (label, key, min, max) =>
      slider({
        label,
        min,
        max,
        value: state[key],
        oninput: (v) => {
          state[key] = v;
          drawShift();
        },
      }).element;

    // 2. The two layouts pair different dimensions: same q and k, different scores.
    const layoutSlot = h('div');
    function drawLayouts() {
      const n = state.m - 3;
      const one = (layout) => fmt(scores(lab, qk, state.m, n, 1, { layout })[0], 4);
      layoutSlot.replaceChildren(
        textTable({
          caption: `The same query and key, at m = ${state.m} and n = ${n}`,
          head: ['layout', 'pairs dimension i with', 'score q·k'],
          rows: [
            ['halves (Llama, GPT-NeoX)', `i + ${D_HEAD / 2}`, one('halves')],
            ['interleaved (GPT-J, RoFormer)', 'its neighbour (2i with 2i + 1)', one('interleaved')],
          ],
        }),
      );
    }

    // 3. Linear scaling divides positions: scale s at (m, n) is no scaling at (m/s, n/s).
    const scaleText = h('p', { role: 'status' });
    function drawScale(scale) {
      const scaled = scores(lab, qk, SCALED.m, SCALED.n, 1, { scale })[0];
      const plain = scores(lab, qk, SCALED.m / scale, SCALED.n / scale, 1)[0];
      scaleText.textContent =
        `With scale ${scale}, the score at (m, n) = (${SCALED.m}, ${SCALED.n}) is ${fmt(scaled, 5)}; without ` +
        `scaling, at (${SCALED.m / scale}, ${SCALED.n / scale}) it is ${fmt(plain, 5)}.`;
    }
    const scaleSelect = select({
      label: 'scale',
      options: SCALES.map((s) => [String(s), String(s)]),
      value: '4',
      onchange: (v) => drawScale(Number(v)),
    });

    // The layouts table shows two scores for one query and key: it answers the question, so it appears
    // once the question is checked.
    const layouts = h(
      'div',
      {},
      h('h3', {}, 'Two layouts'),
      h(
        'p',
        {},
        'Libraries agree on the angles but not on which two dimensions turn together. With the query and key above:',
      ),
      layoutSlot,
    );
    const question = choiceQuestion({ ...QUESTION, onResult: hiddenUntilAnswered([layouts], { answered, onResult }) });
    host.append(
      h(
        'p',
        {},
        `RoPE leaves the embeddings alone. Inside attention it turns each pair of a head’s query dimensions by `,
        'the angle m·θᵢ (m: the query’s position, θᵢ = base^(−2i/d)) and each pair of a key’s by n·θᵢ. A dot ',
        'product of two turned pairs depends only on the angle between them, (m − n)·θᵢ: the score sees the ',
        'offset, not the positions. It is the rotation the relative-offset exercise found inside the sinusoidal ',
        'table, applied to queries and keys.',
      ),
      h('h3', {}, 'Move both positions'),
      control('query position m', 'm', REACH, MAX_QUERY),
      control('move both by s', 'shift', 0, MAX_SHIFT),
      plotView,
      ...shiftStatus.elements,
      tableSlot,
      h('h3', {}, 'Scaling for longer contexts'),
      h(
        'p',
        {},
        'Linear scaling (Hugging Face’s rope_scaling of type "linear", position interpolation, Chen et al. 2023) ',
        'divides every position by the scale, so a context s times longer is turned by angles within the range ',
        'seen in training, though at fractional positions it never saw: neighbours are 1/s of a step apart, and ',
        'models are fine-tuned briefly after.',
      ),
      scaleSelect.element,
      scaleText,
      question.element,
      layouts,
    );
    drawShift();
    drawScale(Number(scaleSelect.input.value));
    return question;
  },
};
