import { h } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';
import { localQuestion } from '../i18n/exercise.js';
import {
  DEMO,
  MAX_WORDS,
  sentenceWords,
  embedSentence,
  coreDistance,
  hiddenUntilAnswered,
  maxAbsDifference,
  row,
} from './common.js';
import { runInWorker } from './implement-it.js';
import { learnerPeCode, onLearnerPe } from './learner-pe.js';

// What is wrong with the typed sentence, or null. Checked before the core is called: the core refuses an
// empty token list with a RangeError, and more than MAX_WORDS words would be cut without a word.
function sentenceProblem(words, t) {
  const example = t('sentence.default');
  if (words.length === 0) return t('problem.empty', { max: MAX_WORDS, example });
  if (words.length === 1) return t('problem.single', { word: words[0], max: MAX_WORDS, example });
  if (words.length > MAX_WORDS) return t('problem.long', { count: words.length, max: MAX_WORDS });
  return null;
}

// Dimensions shown of each row (the distance uses all of them).
const SHOWN = 4;

// The question: which option is right; its words are q.prompt, q.<id>.label and q.<id>.why in the catalog.
// `order` is its English prompt, which keys each learner's option order (web/order.js): it never changes.
const QUESTION = {
  key: 'q',
  order: 'After adding the encoding, the two copies of the word are…',
  options: [
    { id: 'a', correct: true },
    { id: 'b', correct: false },
    { id: 'c', correct: false },
  ],
};

// Its words: web/i18n/catalogs/<locale>/same-token-different-position.json (title, why, and each sentence
// below by its id). The default sentence is words too: each language's repeats one of its words.
export default {
  questions: [QUESTION],
  id: 'same-token-different-position',
  mount(host, { lab, onResult, answered = false, t }) {
    const input = h('input', {
      type: 'text',
      value: t('sentence.default'),
      maxlength: 80,
      'aria-label': t('input.aria', { max: MAX_WORDS }),
    });
    // Not live: the tables would be re-read on every keystroke. The rows with the encoding answer the
    // question, so they sit below it and appear once it is checked.
    const view = h('div', { class: 'demo' }),
      encodedView = h('div', { class: 'demo-answer' });
    // The learner's pe() from implement-it, once it ran right on this page: its values for every position a
    // sentence can have, computed once in the same worker, then added instead of the core's encoding.
    const mine = { values: null, use: false, error: null };
    const useMine = h('input', { type: 'checkbox' });
    // (A wrapper holds `hidden`: the control's display would override it.)
    const mineControl = h('div', { hidden: !learnerPeCode() }, h('label', {}, useMine, ` ${t('mine.label')}`));
    // Runs the learner's newest correct pe() over every position a sentence can have, then redraws.
    async function computeMine() {
      const answer = await runInWorker(learnerPeCode(), MAX_WORDS, DEMO.dModel, t);
      mine.values = answer.values ?? null;
      mine.error = answer.error ?? null;
      show();
    }
    useMine.addEventListener('change', () => {
      mine.use = useMine.checked;
      if (mine.use && !mine.values && !mine.error) computeMine();
      else show();
    });
    onLearnerPe(() => {
      mineControl.hidden = false;
      mine.values = mine.error = null; // a newer correct run: its values afresh
      if (mine.use) computeMine();
    });
    /** Token embeddings + the learner's pe() at each position, and its largest gap from the core's encoding. */
    function withMine(plain) {
      const n = plain.words.length,
        width = DEMO.dModel;
      const added = Float32Array.from(plain.x, (v, i) => v + mine.values[i]);
      const core = lab.sinusoidal({ positions: n, dModel: width });
      return { x: added, gap: maxAbsDifference(core, mine.values.subarray(0, n * width)) };
    }
    function show() {
      const problem = sentenceProblem(sentenceWords(input.value), t);
      input.setAttribute('aria-invalid', String(problem !== null));
      encodedView.replaceChildren();
      if (problem) {
        view.replaceChildren(h('p', { class: 'error', role: 'status' }, problem));
        return;
      }
      const plain = embedSentence(lab, input.value, 'none');
      const { words, tokens } = plain;
      // The first word that repeats: its later position, and where it appeared first.
      const second = tokens.findIndex((t, i) => tokens.indexOf(t) !== i);
      if (second < 0) {
        view.replaceChildren(h('p', { role: 'status' }, t('status.noRepeat')));
        return;
      }
      const firstAt = tokens.indexOf(tokens[second]);
      const pair = (x) => {
        const v = new Float32Array(SHOWN * 2);
        v.set(row(x, DEMO.dModel, firstAt).subarray(0, SHOWN));
        v.set(row(x, DEMO.dModel, second).subarray(0, SHOWN), SHOWN);
        return v;
      };
      const labels = (i) => t('row.label', { word: words[firstAt], position: i ? second : firstAt });
      // The two rows as a table, and their distance from the core: once without, once with the encoding.
      const arm = (caption, x) => [
        matrixTable({ caption, values: pair(x), rows: 2, cols: SHOWN, rowLabel: labels, limit: 3, digits: 2, t }),
        h(
          'p',
          {},
          t('distance', {
            d: DEMO.dModel,
            distance: t.number(coreDistance(lab, row(x, DEMO.dModel, firstAt), row(x, DEMO.dModel, second)), 6),
          }),
        ),
      ];
      view.replaceChildren(...arm(t('table.plain'), plain.x));
      if (mine.use && mine.error) encodedView.replaceChildren(h('p', { class: 'error' }, mine.error));
      else if (mine.use && mine.values) {
        const { x, gap } = withMine(plain);
        encodedView.replaceChildren(...arm(t('table.mine'), x), h('p', {}, t('mine.gap', { gap: t.number(gap, 6) })));
      } else
        encodedView.replaceChildren(...arm(t('table.sinusoidal'), embedSentence(lab, input.value, 'sinusoidal').x));
    }
    input.addEventListener('input', show);
    show();
    // The rows with the encoding, and the switch to the learner's own pe(), wait below the question.
    const after = h('div', {}, mineControl, encodedView);
    const question = choiceQuestion({
      ...localQuestion(QUESTION, t),
      onResult: hiddenUntilAnswered([after], { answered, onResult }),
      t,
    });
    host.append(
      h('p', {}, t('intro', { d: DEMO.dModel, shown: SHOWN })),
      h('div', { class: 'control wide' }, h('label', {}, `${t('input.label')} `, input)),
      view,
      question.element,
      after,
    );
    return question;
  },
};
