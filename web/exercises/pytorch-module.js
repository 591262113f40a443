import { h, fmt } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';
import { TORCH_MODULE as MODULE, hiddenUntilAnswered } from './common.js';

const SHOWN = 2; // columns shown of a row: pair 0's sine and cosine

// The batch-first input of the question: BATCH sequences of SEQ tokens, and the shapes it meets.
const BATCH = 2,
  SEQ = 3; // not BATCH: the two axes must be told apart
const X_SHAPE = `[${BATCH}, ${SEQ}, ${MODULE.dModel}]`,
  SLICE_SHAPE = `[${BATCH}, 1, ${MODULE.dModel}]`;

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt:
    `A teammate passes batch-first x, [batch, seq_len, d_model] = ${X_SHAPE}. What does ` +
    'x + self.pe[:x.size(0)] do?',
  options: [
    {
      id: 'by-batch',
      correct: true,
      label: 'It adds PE(b) to all tokens of sequence b: no error is raised, and the tokens’ order is lost.',
      why:
        `x.size(0) is now the batch size, ${BATCH}: pe[:${BATCH}], of shape ${SLICE_SHAPE}, broadcasts row PE(b) ` +
        'over every token of sequence b, and the shapes fit (the table below).',
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

// Each line of the module and what it does (numbers from the core).
const LINES = [
  {
    code: 'position = torch.arange(max_len).unsqueeze(1)  # (max_len, 1)',
    note: () => null, // the code's comment says it
  },
  {
    code: 'div_term = torch.exp(torch.arange(0, d_model, 2) * (-math.log(10000.0) / d_model))',
    note: (m) =>
      `10000^(−2k/d) as exp(2k · (−ln 10000 / d)): the ${m.dModel / 2} ω’s, ${m.omega[0].toPrecision(3)} to ` +
      `${m.omega[m.omega.length - 1].toPrecision(3)}.`,
  },
  {
    code: 'pe = torch.zeros(max_len, 1, d_model)',
    note: (m) => `Sequence-first, [${m.maxLen}, 1, ${m.dModel}]; the 1 broadcasts over the batch.`,
  },
  {
    code: 'pe[:, 0, 0::2] = torch.sin(position * div_term)\npe[:, 0, 1::2] = torch.cos(position * div_term)',
    note: () => 'Sines in the even columns, cosines in the odd: the paper’s layout.',
  },
  {
    code: "self.register_buffer('pe', pe)",
    note: () => null, // why a buffer is the next exercise
  },
  {
    code: 'x = x + self.pe[:x.size(0)]',
    note: () => 'For x of [seq_len, batch, d_model], x.size(0) is seq_len: one row per position.',
  },
  {
    code: 'return self.dropout(x)',
    note: (m) =>
      `In training, zeroes entries with probability ${m.dropout}, scales the rest by ${fmt(1 / (1 - m.dropout), 4)}.`,
  },
];

/** The first rows and SHOWN columns of a table of `positions` rows (the lab's, paper layout). */
function firstColumns(lab, dModel, positions) {
  const table = lab.sinusoidal({ positions, dModel });
  const values = new Float32Array(positions * SHOWN);
  for (let p = 0; p < positions; p++) values.set(table.subarray(p * dModel, p * dModel + SHOWN), p * SHOWN);
  return values;
}

const COLUMN_NAMES = ['sin(p·ω₀)', 'cos(p·ω₀)'];

// What the question's batch-first input gets added, beside what was meant (shown once answered).
function batchFirstTable(lab, m) {
  const rows = firstColumns(lab, m.dModel, Math.max(BATCH, SEQ));
  const values = new Float32Array(BATCH * SEQ * SHOWN);
  for (let b = 0; b < BATCH; b++)
    for (let s = 0; s < SEQ; s++) values.set(rows.subarray(b * SHOWN, (b + 1) * SHOWN), (b * SEQ + s) * SHOWN);
  const b = (r) => Math.floor(r / SEQ),
    s = (r) => r % SEQ;
  return matrixTable({
    caption: `Pair 0 of what batch-first x ${X_SHAPE} gets at (sequence b, token s); PE(s) was meant`,
    values,
    rows: BATCH * SEQ,
    cols: SHOWN,
    rowLabel: (r) => `(${b(r)}, ${s(r)}): PE(${b(r)})`,
    colLabel: (j) => COLUMN_NAMES[j],
    limit: 1,
  });
}

export default {
  questions: [QUESTION],
  id: 'pytorch-module',
  title: 'Reading the real module',
  why:
    'The formula as a PyTorch module reads it, and the shape mistake that breaks it without an error: ' +
    'batch-first input.',
  sources: [['PyTorch: broadcasting semantics', 'https://pytorch.org/docs/stable/notes/broadcasting.html']],
  explain: {
    prompt: 'Why does batch-first input break the module without an error?',
    model:
      'The module expects [seq_len, batch, d_model], so x.size(0) is the sequence length and the slice takes one ' +
      'row per position. With batch-first input it is the batch size: the slice takes one row per sequence, ' +
      'broadcasting copies it to every token, and since the shapes still fit nothing warns that order is lost.',
  },
  mount(host, { lab, onResult, answered = false }) {
    const m = {
      ...MODULE,
      omega: lab.frequencies({ dModel: MODULE.dModel }).omega,
    };
    const walk = h(
      'ol',
      { class: 'code-walk' },
      LINES.map((line) =>
        h('li', {}, h('pre', {}, h('code', {}, line.code)), line.note(m) && h('p', {}, line.note(m))),
      ),
    );
    // The batch-first table answers the question, so it appears once the question is checked.
    const after = h('div', { class: 'demo' }, batchFirstTable(lab, m));
    const question = choiceQuestion({ ...QUESTION, onResult: hiddenUntilAnswered([after], { answered, onResult }) });
    host.append(
      h('p', {}, `The lesson’s module, line by line (d_model ${m.dModel}, max_len ${m.maxLen}).`),
      walk,
      question.element,
      after,
    );
    return question;
  },
};
