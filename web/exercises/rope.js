import { h, fmt } from '../widgets/dom.js';
import { LinePlot } from '../widgets/lineplot.js';
import { textTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';
import { DEMO, hiddenUntilAnswered, maxAbsDifference, slider } from './common.js';
import { settledStatus } from '../widgets/settled.js';

const D_HEAD = 16,
  REACH = 24, // offsets −REACH … REACH on the plot
  QUERY = 40, // the query's position m in the plot
  SIGN = 3, // the keys SIGN before and SIGN after the query, whose scores differ
  MAX_SHIFT = 2000;

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt:
    'A model trained with RoPE in the halves layout is loaded into code that uses the interleaved layout. ' +
    'What happens?',
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
  why:
    '[[RoPE|rope]] is how many recent language models give position: it turns queries and keys, and the ' +
    'libraries that implement it disagree on which dimensions turn together.',
  sources: [
    [
      'Su et al. (2021), RoFormer: Enhanced Transformer with Rotary Position Embedding',
      'https://arxiv.org/abs/2104.09864',
    ],
  ],
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
  mount(host, { lab, onResult, answered = false, heading }) {
    const qk = queryAndKey(lab);
    const state = { shift: 300 };
    // The scores of the query at QUERY against keys at offsets −REACH … REACH: what moving both is compared with.
    const at = scores(lab, qk, QUERY, QUERY - REACH, offsets.length);

    // 1. Moving both positions by the same amount leaves every score where it was.
    const plotView = h('div', { class: 'demo' });
    const plot = new LinePlot(plotView, {
      label: 'Score q·k against the offset n − m, for the query at m and at m + s',
      xLabel: 'offset n − m',
      yLabel: 'q·k',
      table: 'Data table of the scores',
    });
    const shiftStatus = settledStatus();
    function drawShift() {
      const moved = scores(lab, qk, QUERY + state.shift, QUERY - REACH + state.shift, offsets.length);
      const series = [
        { name: `query at m = ${QUERY}`, values: at },
        { name: `query at m + s = ${QUERY + state.shift}`, values: moved },
      ];
      plot.update(offsets, series);
      const change = maxAbsDifference(at, moved);
      shiftStatus.text =
        `Both positions moved by ${state.shift}: the largest change of a score is ` +
        `${change.toExponential(1)} (float rounding), so the two curves lie on top of each other.`;
    }
    const shiftControl = slider({
      label: 'Move both positions by s',
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
      `The offset keeps its sign: a key ${SIGN} before the query and a key ${SIGN} after sit at opposite angles ` +
        `from it, and here they score ${fmt(at[REACH - SIGN], 4)} and ${fmt(at[REACH + SIGN], 4)}.`,
    );

    // 2. The two layouts pair different dimensions: same q and k, different scores.
    const layoutSlot = h('div');
    function drawLayouts() {
      const n = QUERY - 3;
      const one = (layout) => fmt(scores(lab, qk, QUERY, n, 1, { layout })[0], 4);
      layoutSlot.replaceChildren(
        textTable({
          caption: `Query at m = ${QUERY}, key at n = ${n}`,
          head: ['layout', 'score q·k'],
          rows: [
            ['halves', one('halves')],
            ['interleaved', one('interleaved')],
          ],
        }),
      );
    }

    // The layouts table shows two scores for one query and key: it answers the question, so it appears
    // once the question is checked.
    const layouts = h('div', {}, layoutSlot);
    const question = choiceQuestion({ ...QUESTION, onResult: hiddenUntilAnswered([layouts], { answered, onResult }) });
    host.append(
      h(
        'p',
        {},
        'RoPE has no weights of its own. Inside attention it turns each pair of a head’s query dimensions by m·θᵢ ',
        'and each pair of a key’s by n·θᵢ (m, n their positions, θᵢ = base^(−2i/d)), so a score sees the offset ',
        'through the angle ',
        '(m − n)·θᵢ: the rotation the relative-offset exercise found inside the sinusoidal table.',
      ),
      heading(1, 'Move both positions'),
      shiftControl,
      plotView,
      ...shiftStatus.elements,
      signText,
      heading(1, 'Two layouts'),
      h(
        'p',
        {},
        `Libraries agree on the angles but not on which two dimensions form a pair: the halves layout (Llama, `,
        `GPT-NeoX) pairs dimension i with i + d/2, the interleaved layout (GPT-J, RoFormer) 2i with 2i + 1.`,
      ),
      question.element,
      layouts,
    );
    drawShift();
    drawLayouts();
    return question;
  },
};
