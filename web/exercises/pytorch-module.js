import { h } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';
import { TORCH_MODULE as MODULE, hiddenUntilAnswered } from './common.js';
import { localQuestion } from '../i18n/exercise.js';

const SHOWN = 2; // columns shown of a row: pair 0's sine and cosine

// The batch-first input of the question: BATCH sequences of SEQ tokens, and the shapes it meets.
const BATCH = 2,
  SEQ = 3; // not BATCH: the two axes must be told apart
const X_SHAPE = `[${BATCH}, ${SEQ}, ${MODULE.dModel}]`; // its slice of pe: [BATCH, 1, dModel]

// The question: which option is right (its words: the catalog's q.prompt, q.<id>.label, q.<id>.why, which
// write out the shapes above: [2, 3, 512] and [2, 1, 512]).
const QUESTION = {
  key: 'q',
  order:
    'A teammate passes batch-first x, [batch, seq_len, d_model] = [2, 3, 512]. What does x + self.pe[:x.size(0)] do?',
  options: [
    { id: 'by-batch', correct: true },
    { id: 'error', correct: false },
    { id: 'same', correct: false },
  ],
};

// Each line of the module and what it does (numbers from the core): the code stays as it is in every
// language, its notes are the catalog's line.* messages.
const LINES = [
  {
    code: 'position = torch.arange(max_len).unsqueeze(1)  # (max_len, 1)',
    note: () => null, // the code's comment says it
  },
  {
    code: 'div_term = torch.exp(torch.arange(0, d_model, 2) * (-math.log(10000.0) / d_model))',
    note: (m, t) =>
      t('line.divTerm', {
        power: '10000^(−2k/d)',
        exp: 'exp(2k · (−ln 10000 / d))',
        pairs: m.dModel / 2,
        first: t.decimal(m.omega[0].toPrecision(3)),
        last: t.decimal(m.omega[m.omega.length - 1].toPrecision(3)),
      }),
  },
  {
    code: 'pe = torch.zeros(max_len, 1, d_model)',
    note: (m, t) => t('line.pe', { shape: `[${m.maxLen}, 1, ${m.dModel}]` }),
  },
  {
    code: 'pe[:, 0, 0::2] = torch.sin(position * div_term)\npe[:, 0, 1::2] = torch.cos(position * div_term)',
    note: (m, t) => t('line.sinCos'),
  },
  {
    code: "self.register_buffer('pe', pe)",
    note: () => null, // why a buffer is the next exercise
  },
  {
    code: 'x = x + self.pe[:x.size(0)]',
    note: (m, t) => t('line.forward'),
  },
  {
    code: 'return self.dropout(x)',
    note: (m, t) => t('line.dropout', { p: t.decimal(m.dropout), scale: t.number(1 / (1 - m.dropout), 4) }),
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
function batchFirstTable(lab, m, t) {
  const rows = firstColumns(lab, m.dModel, Math.max(BATCH, SEQ));
  const values = new Float32Array(BATCH * SEQ * SHOWN);
  for (let b = 0; b < BATCH; b++)
    for (let s = 0; s < SEQ; s++) values.set(rows.subarray(b * SHOWN, (b + 1) * SHOWN), (b * SEQ + s) * SHOWN);
  const b = (r) => Math.floor(r / SEQ),
    s = (r) => r % SEQ;
  return matrixTable({
    caption: t('table.caption', { shape: X_SHAPE }),
    values,
    rows: BATCH * SEQ,
    cols: SHOWN,
    rowLabel: (r) => `(${b(r)}, ${s(r)}): PE(${b(r)})`,
    colLabel: (j) => COLUMN_NAMES[j],
    limit: 1,
    t,
  });
}

// Its words: web/i18n/catalogs/<locale>/pytorch-module.json (title, why, and each sentence below by its id).
export default {
  questions: [QUESTION],
  id: 'pytorch-module',
  sources: [['source.broadcasting', 'https://pytorch.org/docs/stable/notes/broadcasting.html']],
  mount(host, { lab, onResult, answered = false, t }) {
    const m = {
      ...MODULE,
      omega: lab.frequencies({ dModel: MODULE.dModel }).omega,
    };
    const walk = h(
      'ol',
      { class: 'code-walk' },
      LINES.map((line) =>
        h('li', {}, h('pre', {}, h('code', {}, line.code)), line.note(m, t) && h('p', {}, line.note(m, t))),
      ),
    );
    // The batch-first table answers the question, so it appears once the question is checked.
    const after = h('div', { class: 'demo' }, batchFirstTable(lab, m, t));
    const question = choiceQuestion({
      ...localQuestion(QUESTION, t),
      onResult: hiddenUntilAnswered([after], { answered, onResult }),
      t,
    });
    host.append(h('p', {}, t('intro', { d: m.dModel, max: m.maxLen })), walk, question.element, after);
    return question;
  },
};
