import { h } from '../widgets/dom.js';
import { choiceQuestion } from '../widgets/question.js';
import { textTable } from '../widgets/tables.js';
import { settledStatus } from '../widgets/settled.js';
import { DEMO, hiddenUntilAnswered, maxAbsDifference, slider, tokenize } from './common.js';

const SENTENCE = 'the dog bites the man in the park';
const MAX_SHIFT = 200;

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prediction: true, // asked before the demo that answers it: recorded, not graded (web/widgets/question.js)
  prompt:
    'Predict first: the same sentence is moved 50 positions later (same tokens, same order). With which ' +
    'encodings do the attention weights stay the same, up to float rounding?',
  options: [
    {
      id: 'relative',
      correct: true,
      label: 'With RoPE and ALiBi; with the sinusoidal table added to the embeddings they change.',
      why:
        'In a RoPE score the positions enter only through the angle (m − n)·θᵢ between the turned query and key, ' +
        'and in ALiBi’s bias only through |i − j|: moving the sentence keeps both. The added table reaches the ' +
        'scores through W_Q and W_K, mixed with the token embeddings, so they also hold terms that depend on the ' +
        'positions themselves.',
    },
    {
      id: 'all',
      correct: false,
      label: 'With all three: the sentence is the same, so each encoding gives the same weights.',
      why:
        'The tokens are the same, but the positions are not. Ask for each encoding whether a score can depend on ' +
        'a position itself or only on the offset between two positions.',
    },
    {
      id: 'absolute',
      correct: false,
      label: 'Only with the added table, because PE(p)·PE(p + k) depends on the offset k alone.',
      why:
        'PE(p)·PE(p + k) alone does, but attention does not see PE alone: it sees e + PE through W_Q and W_K, and ' +
        'the terms that mix a token with a position depend on where the sentence sits. Move the slider below.',
    },
    {
      id: 'none',
      correct: false,
      label: 'With none of them: an encoding that uses positions changes when the positions change.',
      why:
        'An encoding can use positions and still give scores that depend only on the offset between two ' +
        'tokens. Which of the three are built that way?',
    },
  ],
};

// Attention weights of the sentence placed at `start`, with the sinusoidal table added or with RoPE.
function weights(lab, sentence, encoding, start) {
  const { tokens, vocabSize } = sentence;
  const base = { n: tokens.length, dModel: DEMO.dModel, dK: DEMO.dK, seed: DEMO.seed };
  const embed = (enc, at) =>
    lab.embed({ tokens, vocabSize, dModel: DEMO.dModel, seed: DEMO.seed, encoding: enc, start: at });
  if (encoding === 'sinusoidal') return lab.selfAttention({ ...base, x: embed('sinusoidal', start) }).weights;
  return lab.selfAttention({ ...base, x: embed('none', 0), rope: { start } }).weights; // 'rope'
}

const ARMS = [
  ['sinusoidal', 'sinusoidal table, added'],
  ['rope', 'RoPE'],
  ['alibi', 'ALiBi'],
];

export default {
  questions: [QUESTION],
  id: 'absolute-vs-relative',
  title: 'Where does the position go in?',
  why:
    'Newer models put position inside [[attention]] instead of adding it to the embeddings: here is what that ' +
    'changes when a sentence moves.',
  explain: {
    prompt:
      'With the sinusoidal table added, why do the weights change when the sentence moves, although PE(p)·PE(p + k) ' +
      'depends on k alone?',
    model:
      'Attention does not score PE(p)·PE(p + k): it scores (e + PE) through W_Q and W_K. The terms that pair a ' +
      'token’s embedding with a position’s vector, and the position vectors through W_Q and W_K, depend on where ' +
      'each token sits, so moving the sentence changes the scores. With RoPE and ALiBi, position enters a score ' +
      'only as the offset.',
  },
  mount(host, { lab, onResult, answered = false, restored = null }) {
    const sentence = tokenize(SENTENCE);
    const state = { shift: 50 };
    const view = h('div', { class: 'demo' });
    const result = h('div'); // not a live region: a table re-read on every slider step is noise
    const status = settledStatus({ shown: false }); // the table in a sentence, once the slider stops
    const atZero = { sinusoidal: weights(lab, sentence, 'sinusoidal', 0), rope: weights(lab, sentence, 'rope', 0) };
    function show() {
      const rows = ARMS.map(([arm, name]) => {
        // ALiBi's bias takes the distance alone, which the move keeps: say so, do not measure it.
        if (arm === 'alibi') return [name, '—', 'same: only |i − j| enters'];
        const change = maxAbsDifference(weights(lab, sentence, arm, state.shift), atZero[arm]);
        return [name, change.toExponential(1), change < 1e-5 ? 'same (float rounding)' : 'changed'];
      });
      const caption = `Moved from positions 0–${sentence.tokens.length - 1} by ${state.shift}`;
      result.replaceChildren(textTable({ caption, head: ['encoding', 'largest change of a weight', 'weights'], rows }));
      const said = rows.map(
        ([name, change, what]) => `${name}: ${what}` + (change === '—' ? '' : `, largest change ${change}`),
      );
      status.text = `${caption}: ${said.join('; ')}.`;
    }
    view.append(
      slider({
        label: 'Move the sentence by',
        min: 0,
        max: MAX_SHIFT,
        value: state.shift,
        oninput: (v) => {
          state.shift = v;
          show();
        },
      }).element,
      result,
      ...status.elements,
    );
    // Predict first: the demo appears once the prediction is checked (or the solution shown).
    const reveal = hiddenUntilAnswered([view], { answered, onResult });
    const question = choiceQuestion({
      ...QUESTION,
      restored,
      onResult: (r) => {
        show();
        reveal(r);
        question.showOutcome(); // the table shows what happens at once: the prediction beside it
      },
    });
    host.append(
      h(
        'p',
        {},
        'The sinusoidal and learned tables are absolute: PE(p) is added to the token’s embedding before attention, ',
        'so queries and keys carry the position p itself. RoPE and ALiBi add nothing to the embeddings and put ',
        'position inside attention. RoPE turns each pair of a query’s dimensions by the angle m·θᵢ (m its position, ',
        'θᵢ the pair’s frequency, as in the sinusoidal table) and each pair of a key’s by n·θᵢ. ALiBi adds ',
        '−slope·|i − j| to the score of query i for key j.',
      ),
      h(
        'p',
        {},
        `The sentence: “${sentence.words.join(' ')}”, at dModel ${DEMO.dModel}, one head of width ${DEMO.dK}.`,
      ),
      question.element,
      view,
    );
    if (answered) {
      show();
      question.showOutcome();
    }
    return question;
  },
};
