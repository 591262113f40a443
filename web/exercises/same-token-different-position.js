import { h, fmt } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';
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
function sentenceProblem(words) {
  const allowed = `Type 2 to ${MAX_WORDS} words, one of them twice, e.g. “the dog chased the cat”.`;
  if (words.length === 0) return `The sentence is empty. ${allowed}`;
  if (words.length === 1) return `“${words[0]}” is a single word. ${allowed}`;
  if (words.length > MAX_WORDS)
    return `The sentence has ${words.length} words; at most ${MAX_WORDS} are allowed. Shorten it.`;
  return null;
}

// Dimensions shown of each row (the distance uses all of them).
const SHOWN = 4;

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt: 'After adding the encoding, the two copies of the word are…',
  options: [
    {
      id: 'a',
      correct: true,
      label: 'different vectors, so attention can tell them apart',
      why: 'Same token embedding, but a different PE(p) at each p, so the sums differ: the distance below is positive.',
    },
    {
      id: 'b',
      correct: false,
      label: 'still identical, because the word is the same',
      why: 'The word’s embedding is identical, but each copy gets its own position vector added.',
    },
    {
      id: 'c',
      correct: false,
      label: 'different only if the sentence outruns the wavelength of pair 0',
      why: 'Any two distinct positions get different encodings; no length is needed.',
    },
  ],
};

export default {
  questions: [QUESTION],
  id: 'same-token-different-position',
  title: 'Same token, different position',
  explain: {
    prompt: 'Why do the two copies of the word get different vectors?',
    model:
      'Their token embeddings are identical, but each has a different position vector added, so the sums differ, ' +
      'and attention can tell them apart.',
  },
  why:
    'The card’s second rep: add an encoding to [[token embeddings|token-embedding]] (your own pe(), once it ran ' +
    'right above) and see one word become two vectors.',
  mount(host, { lab, onResult, answered = false }) {
    const input = h('input', {
      type: 'text',
      value: 'the dog chased the cat',
      maxlength: 80,
      'aria-label': `Sentence (${MAX_WORDS} words at most)`,
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
    const mineControl = h('div', { hidden: !learnerPeCode() }, h('label', {}, useMine, ' Add my pe() instead'));
    // Runs the learner's newest correct pe() over every position a sentence can have, then redraws.
    async function computeMine() {
      const answer = await runInWorker(learnerPeCode(), MAX_WORDS, DEMO.dModel);
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
      const problem = sentenceProblem(sentenceWords(input.value));
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
        view.replaceChildren(h('p', { role: 'status' }, 'Type a sentence in which some word appears twice.'));
        return;
      }
      const firstAt = tokens.indexOf(tokens[second]);
      const pair = (x) => {
        const v = new Float32Array(SHOWN * 2);
        v.set(row(x, DEMO.dModel, firstAt).subarray(0, SHOWN));
        v.set(row(x, DEMO.dModel, second).subarray(0, SHOWN), SHOWN);
        return v;
      };
      const labels = (i) => `“${words[firstAt]}” @ ${i ? second : firstAt}`;
      // The two rows as a table, and their distance from the core: once without, once with the encoding.
      const arm = (caption, x) => [
        matrixTable({ caption, values: pair(x), rows: 2, cols: SHOWN, rowLabel: labels, limit: 3, digits: 2 }),
        h(
          'p',
          {},
          `Distance over all ${DEMO.dModel} dimensions: ` +
            fmt(coreDistance(lab, row(x, DEMO.dModel, firstAt), row(x, DEMO.dModel, second)), 6),
        ),
      ];
      view.replaceChildren(...arm('Token embeddings only', plain.x));
      if (mine.use && mine.error) encodedView.replaceChildren(h('p', { class: 'error' }, mine.error));
      else if (mine.use && mine.values) {
        const { x, gap } = withMine(plain);
        encodedView.replaceChildren(
          ...arm('Token embeddings + your pe()', x),
          h('p', {}, `Your pe() differs from the core’s encoding of these positions by at most ${fmt(gap, 6)}.`),
        );
      } else
        encodedView.replaceChildren(
          ...arm('Token embeddings + sinusoidal encoding', embedSentence(lab, input.value, 'sinusoidal').x),
        );
    }
    input.addEventListener('input', show);
    show();
    // The rows with the encoding, and the switch to the learner's own pe(), wait below the question.
    const after = h('div', {}, mineControl, encodedView);
    const question = choiceQuestion({
      ...QUESTION,
      onResult: hiddenUntilAnswered([after], { answered, onResult }),
    });
    host.append(
      h(
        'p',
        {},
        `Type a sentence with a repeated word: the core embeds it (dModel ${DEMO.dModel}, ${SHOWN} dimensions ` +
          'shown). Predict what adding the encoding does.',
      ),
      h('div', { class: 'control wide' }, h('label', {}, 'Sentence ', input)),
      view,
      question.element,
      after,
    );
    return question;
  },
};
