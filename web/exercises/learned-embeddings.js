import { h } from '../widgets/dom.js';
import { Heatmap } from '../widgets/heatmap.js';
import { choiceQuestion } from '../widgets/question.js';
import { TORCH_MODULE, hiddenUntilAnswered } from './common.js';

const P = 64,
  D = 32,
  SCALE = 3; // both maps' colour limit: N(0, 1) draws mostly within ±3, the sinusoid within ±1

// Our own sketch of a learned position table in PyTorch (batch-first input).
const CODE = `self.pos = nn.Embedding(max_len, d_model)  # __init__: a trainable row per position
positions = torch.arange(x.size(1), device=x.device)  # forward: 0 … seq_len − 1
x = x + self.pos(positions)  # row p added at position p`;

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt: 'What is the trade-off between a learned position table and the sinusoid?',
  options: [
    {
      id: 'a',
      correct: true,
      label: 'The table adds maxLen × dModel numbers to train, shapeless at first; the formula adds none.',
      why:
        'Every entry of nn.Embedding is a parameter, random at first (left, below), shaped only by training; the ' +
        'formula has none.',
    },
    {
      id: 'b',
      correct: false,
      label: 'The table costs no parameters and extends itself; the sinusoid is the one that is trained.',
      why: 'Which of the two is a block of trainable numbers, and which comes from a formula? Read the code again.',
    },
    {
      id: 'c',
      correct: false,
      label: 'After training the two are always the same, so the choice never matters.',
      why: 'Training shapes a learned table to its data; nothing in it pulls the rows towards the sinusoid.',
    },
  ],
};

/** The pros and cons, with the table's size at the lesson module's sizes (shown once answered). */
function prosAndCons() {
  const { maxLen, dModel } = TORCH_MODULE;
  return h(
    'ul',
    {},
    h('li', {}, 'For: nothing to design; each row becomes what helps the task.'),
    h(
      'li',
      {},
      `Against: ${(maxLen * dModel).toLocaleString('en')} more parameters at max_len ${maxLen}, d_model ` +
        `${dModel}; a row trains only on sequences that reach it, so late rows learn least.`,
    ),
    h('li', {}, 'Against: rows are not tied to their neighbours; structure must be learned.'),
  );
}

export default {
  questions: [QUESTION],
  id: 'learned-embeddings',
  title: 'Learned position tables',
  why:
    'The main alternative to the [[sinusoidal-encoding]]: a [[learned-embedding]] table, and what its parameters ' +
    'buy and cost.',
  sources: [['PyTorch: nn.Embedding', 'https://pytorch.org/docs/stable/generated/torch.nn.Embedding.html']],
  explain: {
    prompt: 'When would you choose a learned table over the sinusoid?',
    model:
      'When there is enough data to train its maxLen × dModel extra parameters and a table fitted to the task ' +
      'could beat a fixed one; the sinusoid costs nothing and has its structure built in.',
  },
  mount(host, { lab, onResult, answered = false, heading }) {
    const learned = lab.learnedTable({ maxLen: P, dModel: D, seed: 11 });
    const sinus = lab.sinusoidal({ positions: P, dModel: D });
    const left = h('div', {}, heading(1, 'Learned, at its N(0, 1) start'));
    const right = h('div', {}, heading(1, 'Sinusoidal'));
    // The two tables and the pros and cons answer the question: they appear below it once it is checked.
    // (A wrapper holds `hidden`: the grid's display would override it.)
    const after = h('div', {}, h('div', { class: 'demo side-by-side' }, left, right), prosAndCons());
    const question = choiceQuestion({ ...QUESTION, onResult: hiddenUntilAnswered([after], { answered, onResult }) });
    host.append(
      h(
        'p',
        {},
        'GPT-2 and BERT learn their positions instead of a formula: an nn.Embedding indexed by position, ' +
          'added to the token embeddings.',
      ),
      h('pre', { class: 'code' }, h('code', {}, CODE)),
      question.element,
      after,
    );
    // Side by side on one colour scale (±3), so that a colour means the same number in both.
    // The two maps are shown only once the question is answered, so they say at once where it shows.
    const learnedMap = new Heatmap(left, { label: 'Learned position table at initialisation', limit: SCALE });
    learnedMap.update(learned, P, D);
    learnedMap.explain(
      `For the question: these ${P} × ${D} = ${P * D} numbers are what the learned table adds to train, drawn ` +
        'at random from N(0, 1): nothing in them depends on the position yet.',
    );
    const sinusMap = new Heatmap(right, { label: 'Sinusoidal position table', limit: SCALE });
    sinusMap.update(sinus, P, D);
    sinusMap.explain('For the question: computed from the formula, with nothing to train; each column a wave.');
    return question;
  },
};
