import { h, fmt } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';
import { TORCH_MODULE as MODULE, hiddenUntilAnswered, maxAbsDifference } from './common.js';

// Position bands for the float32 error: the measurement and the lesson's ranges.
const BANDS = [
  [0, 99],
  [100, 999],
  [1000, 4999],
];
const CHUNK = 500; // rows per core call, so the float64 yardstick never needs 20 MB at once
const SHOWN = 4; // columns shown of a row: pairs 0 and 1

// The batch-first input of the question: BATCH sequences of SEQ tokens, and the shapes it meets.
const BATCH = 2,
  SEQ = 4;
const X_SHAPE = `[${BATCH}, ${SEQ}, ${MODULE.dModel}]`,
  SLICE_SHAPE = `[${BATCH}, 1, ${MODULE.dModel}]`;

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt:
    `A teammate passes batch-first input, x of shape [batch, seq_len, d_model] = ${X_SHAPE}, ` +
    'to this module. What does x + self.pe[:x.size(0)] do?',
  options: [
    {
      id: 'by-batch',
      correct: true,
      label: 'It adds PE(b) to all tokens of sequence b: no error is raised, and the tokens’ order is lost.',
      why:
        `x.size(0) is now the batch size, ${BATCH}, so the slice is pe[:${BATCH}] with shape ${SLICE_SHAPE}. ` +
        `Broadcasting stretches its axis of size 1 along the sequence: all ${SEQ} tokens of sequence b get the ` +
        'same row PE(b). The shapes fit, so nothing fails; the table below shows what is added.',
    },
    {
      id: 'error',
      correct: false,
      label: `It raises a shape error, since ${SLICE_SHAPE} cannot be added to a tensor of shape ${X_SHAPE}.`,
      why:
        `Broadcasting may stretch any axis of size 1, so ${SLICE_SHAPE} + ${X_SHAPE} is legal. That is what ` +
        'makes this mistake silent: work out which rows of pe the slice takes.',
    },
    {
      id: 'same',
      correct: false,
      label: 'The same as sequence-first input, because broadcasting finds the sequence axis by itself.',
      why:
        'Broadcasting matches axes by their place, counted from the right, never by what they mean. Look at what ' +
        'x.size(0) is for this input.',
    },
  ],
};

// Each line of the module (or a `heading` for a remark on several), what it does, and what the core
// computes for it (`check`, optional).
const LINES = [
  {
    code: 'position = torch.arange(max_len).unsqueeze(1)  # (max_len, 1)',
    note: (m) => `A column of the positions 0 … ${m.maxLen - 1}: the p of the formula.`,
  },
  {
    code: 'div_term = torch.exp(torch.arange(0, d_model, 2) * (-math.log(10000.0) / d_model))',
    note: (m) =>
      `exp(2i · (−ln 10000 / d)) = 10000^(−2i/d): the frequency ω of pair i, for the even columns 2i = 0, 2, …, ` +
      `${m.dModel - 2}. That is ${m.dModel / 2} frequencies, from ${m.omega[0].toPrecision(3)} down to ` +
      `${m.omega[m.omega.length - 1].toPrecision(3)}. Taking the exponential of a logarithm avoids computing ` +
      'the power directly; the result is the same number up to rounding.',
  },
  {
    code: 'pe = torch.zeros(max_len, 1, d_model)',
    note: (m) =>
      `Sequence-first: shape [${m.maxLen}, 1, ${m.dModel}], ${m.elements.toLocaleString('en')} floats ` +
      `(${((m.elements * 4) / 1e6).toPrecision(4)} MB in float32). The middle axis of size 1 broadcasts over the ` +
      'batch.',
  },
  {
    code: 'pe[:, 0, 0::2] = torch.sin(position * div_term)\npe[:, 0, 1::2] = torch.cos(position * div_term)',
    note: () =>
      'position * div_term broadcasts (max_len, 1) against (d_model/2,) to (max_len, d_model/2): every angle p·ω. ' +
      'Even columns get the sine and odd columns the cosine, interleaved: the layout the lab calls “paper”. ' +
      'The first rows and columns, from the lab’s table:',
    check: 'rows',
  },
  {
    heading: 'The same lines, in float32',
    note: () =>
      'PyTorch runs each of these operations on float32 tensors and rounds every result: the product inside exp, ' +
      'the exponential, the angle p·ω, the sine. The lab’s core replays those roundings and compares the module’s ' +
      'table with the formula evaluated in float64, beside the lab’s own table of the same size:',
    check: 'precision',
  },
  {
    code: "self.register_buffer('pe', pe)",
    note: () =>
      'The table is stored as a buffer. Why a buffer, and not a plain attribute or a parameter, is the next ' +
      'exercise’s question.',
  },
  {
    code: 'x = x + self.pe[:x.size(0)]',
    note: () =>
      'For the documented input x of shape [seq_len, batch, d_model], x.size(0) is seq_len: the slice is the first ' +
      'seq_len rows, shape [seq_len, 1, d_model], added to every sequence in the batch.',
  },
  {
    code: 'return self.dropout(x)',
    note: (m) =>
      `In training mode, dropout zeroes each entry of x + PE with probability ${m.dropout} and multiplies the rest ` +
      `by 1/(1 − ${m.dropout}) = ${fmt(1 / (1 - m.dropout), 4)}, so the position signal is noisy while the model ` +
      'trains; in evaluation mode (model.eval()) it passes x through unchanged.',
  },
];

/** Max |error| against float64 of the module's float32 table and of the lab's, per band of positions. */
function precisionByBand(lab, { dModel, maxLen }) {
  const float32 = BANDS.map(() => 0),
    ours = BANDS.map(() => 0);
  for (let start = 0; start < maxLen; start += CHUNK) {
    const spec = { positions: Math.min(CHUNK, maxLen - start), dModel, start };
    const reference = lab.sinusoidalReference(spec);
    const tables = [lab.sinusoidalFloat32Angles(spec), lab.sinusoidal(spec)];
    for (let r = 0; r < spec.positions; r++) {
      const p = start + r,
        band = BANDS.findIndex(([lo, hi]) => p >= lo && p <= hi);
      const at = (t) => t.subarray(r * dModel, (r + 1) * dModel);
      float32[band] = Math.max(float32[band], maxAbsDifference(at(tables[0]), at(reference)));
      ours[band] = Math.max(ours[band], maxAbsDifference(at(tables[1]), at(reference)));
    }
  }
  return { float32, ours };
}

function precisionTable(lab, m) {
  const { float32, ours } = precisionByBand(lab, m);
  const values = new Float64Array(BANDS.length * 2);
  BANDS.forEach((_, b) => {
    values[b * 2] = float32[b];
    values[b * 2 + 1] = ours[b];
  });
  return matrixTable({
    caption: `Max |error| against float64, d_model ${m.dModel}, by range of positions`,
    values,
    rows: BANDS.length,
    cols: 2,
    rowLabel: (b) => `${BANDS[b][0]}–${BANDS[b][1]}`,
    colLabel: (j) => (j ? 'the lab’s table' : 'the module in float32'),
    digits: 2,
  });
}

/** The first rows and SHOWN columns of a table of `positions` rows (the lab's, paper layout). */
function firstColumns(lab, dModel, positions) {
  const table = lab.sinusoidal({ positions, dModel });
  const values = new Float32Array(positions * SHOWN);
  for (let p = 0; p < positions; p++) values.set(table.subarray(p * dModel, p * dModel + SHOWN), p * SHOWN);
  return values;
}

const COLUMN_NAMES = ['sin(p·ω₀)', 'cos(p·ω₀)', 'sin(p·ω₁)', 'cos(p·ω₁)'];

const FIRST_ROWS = 4;
function rowsTable(lab, m) {
  return matrixTable({
    caption: `pe[p, 0, 0:${SHOWN}] for p = 0 … ${FIRST_ROWS - 1}`,
    values: firstColumns(lab, m.dModel, FIRST_ROWS),
    rows: FIRST_ROWS,
    cols: SHOWN,
    rowLabel: (p) => `p = ${p}`,
    colLabel: (j) => COLUMN_NAMES[j],
    limit: 1,
  });
}

// What the question's batch-first input gets added, beside what was meant (shown once answered).
function batchFirstTable(lab, m) {
  const rows = firstColumns(lab, m.dModel, Math.max(BATCH, SEQ));
  const values = new Float32Array(BATCH * SEQ * SHOWN);
  for (let b = 0; b < BATCH; b++)
    for (let s = 0; s < SEQ; s++) values.set(rows.subarray(b * SHOWN, (b + 1) * SHOWN), (b * SEQ + s) * SHOWN);
  const b = (r) => Math.floor(r / SEQ),
    s = (r) => r % SEQ;
  return matrixTable({
    caption: `Batch-first x of shape ${X_SHAPE}: the first ${SHOWN} columns added at (sequence b, token s)`,
    values,
    rows: BATCH * SEQ,
    cols: SHOWN,
    rowLabel: (r) => `b ${b(r)}, s ${s(r)}: PE(${b(r)}), meant PE(${s(r)})`,
    colLabel: (j) => COLUMN_NAMES[j],
    limit: 1,
  });
}

export default {
  questions: [QUESTION],
  id: 'pytorch-module',
  title: 'Reading the real module',
  explain: {
    prompt: 'What does x.size(0) stand for in the module’s forward, and why does batch-first input break it silently?',
    model:
      'The module expects [seq_len, batch, d_model], so x.size(0) is the sequence length and the slice takes one ' +
      'row per position. With batch-first input it is the batch size: the slice takes one row per sequence, ' +
      'broadcasting copies it to every token, and since the shapes still fit nothing warns that order is lost.',
  },
  mount(host, { lab, onResult, answered = false }) {
    const m = {
      ...MODULE,
      elements: MODULE.maxLen * MODULE.dModel,
      omega: lab.frequencies({ dModel: MODULE.dModel }).omega,
    };
    const checks = { rows: () => rowsTable(lab, m), precision: () => precisionTable(lab, m) };
    const walk = h(
      'ol',
      { class: 'code-walk' },
      LINES.map((line) =>
        h(
          'li',
          {},
          line.code ? h('pre', {}, h('code', {}, line.code)) : h('p', {}, h('strong', {}, line.heading)),
          h('p', {}, line.note(m)),
          line.check ? checks[line.check]() : null,
        ),
      ),
    );
    // The batch-first table answers the question, so it appears once the question is checked.
    const after = h('div', { class: 'demo' }, batchFirstTable(lab, m));
    const question = choiceQuestion({ ...QUESTION, onResult: hiddenUntilAnswered([after], { answered, onResult }) });
    host.append(
      h(
        'p',
        {},
        `The lesson’s PositionalEncoding module, line by line, with d_model ${m.dModel} and max_len ${m.maxLen}. `,
        'Every table value and error below is computed by the lab’s core.',
      ),
      walk,
      question.element,
      after,
    );
    return question;
  },
};
