import { h } from '../widgets/dom.js';
import { choiceQuestion } from '../widgets/question.js';
import { localQuestion } from '../i18n/exercise.js';
import { textTable } from '../widgets/tables.js';
import { settledStatus } from '../widgets/settled.js';
import { DEMO, hiddenUntilAnswered, maxAbsDifference, slider, tokenize } from './common.js';

const MAX_SHIFT = 200;

// The question, as data: which option is right. Its words: web/i18n/catalogs/<locale>/absolute-vs-relative.json
// (q.prompt, q.<id>.label, q.<id>.why); `order` is its English prompt, which keys each learner's option order.
const QUESTION = {
  key: 'q',
  prediction: true, // asked before the demo that answers it: recorded, not graded (web/widgets/question.js)
  order:
    'Predict first: the same sentence is moved 50 positions later (same tokens, same order). With which ' +
    'encodings do the attention weights stay the same, up to float rounding?',
  options: [
    { id: 'relative', correct: true },
    { id: 'all', correct: false },
    { id: 'absolute', correct: false },
    { id: 'none', correct: false },
  ],
};

/** A number as toExponential(1) writes it, with the language's decimal sign. */
const exponential = (t, x) => x.toExponential(1).replace('.', t.number(0.5, 1).charAt(1));

// Attention weights of the sentence placed at `start`, with the sinusoidal table added or with RoPE.
function weights(lab, sentence, encoding, start) {
  const { tokens, vocabSize } = sentence;
  const base = { n: tokens.length, dModel: DEMO.dModel, dK: DEMO.dK, seed: DEMO.seed };
  const embed = (enc, at) =>
    lab.embed({ tokens, vocabSize, dModel: DEMO.dModel, seed: DEMO.seed, encoding: enc, start: at });
  if (encoding === 'sinusoidal') return lab.selfAttention({ ...base, x: embed('sinusoidal', start) }).weights;
  return lab.selfAttention({ ...base, x: embed('none', 0), rope: { start } }).weights; // 'rope'
}

// The encodings compared, each named by its message arm.<id>.
const ARMS = ['sinusoidal', 'rope', 'alibi'];

// Its words: web/i18n/catalogs/<locale>/absolute-vs-relative.json (title, why, and each sentence below by its id).
export default {
  questions: [QUESTION],
  id: 'absolute-vs-relative',
  mount(host, { lab, onResult, answered = false, restored = null, t }) {
    const sentence = tokenize(t('sentence'));
    const state = { shift: 50 };
    const view = h('div', { class: 'demo' });
    const result = h('div'); // not a live region: a table re-read on every slider step is noise
    const status = settledStatus({ shown: false }); // the table in a sentence, once the slider stops
    const atZero = { sinusoidal: weights(lab, sentence, 'sinusoidal', 0), rope: weights(lab, sentence, 'rope', 0) };
    function show() {
      const rows = ARMS.map((arm) => {
        const name = t(`arm.${arm}`);
        // ALiBi's bias takes the distance alone, which the move keeps: say so, do not measure it.
        if (arm === 'alibi') return { name, change: null, what: t('cell.alibi') };
        const change = maxAbsDifference(weights(lab, sentence, arm, state.shift), atZero[arm]);
        return { name, change, what: change < 1e-5 ? t('cell.same') : t('cell.changed') };
      });
      const caption = t('table.caption', { last: sentence.tokens.length - 1, shift: state.shift });
      result.replaceChildren(
        textTable({
          caption,
          head: [t('table.encoding'), t('table.change'), t('table.weights')],
          rows: rows.map((r) => [r.name, r.change === null ? '—' : exponential(t, r.change), r.what]),
        }),
      );
      const said = rows.map((r) =>
        r.change === null
          ? t('status.unmeasured', { name: r.name, what: r.what })
          : t('status.measured', { name: r.name, what: r.what, change: exponential(t, r.change) }),
      );
      status.text = t('status.moved', { caption, sinusoidal: said[0], rope: said[1], alibi: said[2] });
    }
    view.append(
      slider({
        label: t('slider.shift'),
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
      ...localQuestion(QUESTION, t),
      restored,
      t,
      onResult: (r) => {
        show();
        reveal(r);
        question.showOutcome(); // the table shows what happens at once: the prediction beside it
      },
    });
    host.append(
      h('p', {}, t('intro')),
      h('p', {}, t('sentence.shown', { words: sentence.words.join(' '), d: DEMO.dModel, dK: DEMO.dK })),
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
