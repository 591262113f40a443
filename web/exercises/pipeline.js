import { h, fmt } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';
import { maxAbsDifference, select } from './common.js';

// Two sentences over one vocabulary, so the same word is the same token id in both.
const VOCABULARY = ['dog', 'bites', 'man'];
const SENTENCES = ['dog bites man', 'man bites dog'];
const D = 8,
  DK = 4,
  SEED = 5;

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt: 'With the encoding on, “bites” has the same input e + PE(1) in both sentences. Is its output the same?',
  options: [
    {
      id: 'differs',
      correct: true,
      label: 'No: “dog” and “man” now sit at each other’s positions, so its keys and values differ.',
      why:
        'Its query is the same, but the keys and values come from the other words’ e + PE, and e(dog) + PE(0) ≠ ' +
        'e(dog) + PE(2).',
    },
    {
      id: 'same',
      correct: false,
      label: 'Yes: its own input is the same vector in both, so its output must be the same too.',
      why:
        'An output mixes the values of every word, weighted by how its query meets their keys. What changed for ' +
        'the other two words?',
    },
    {
      id: 'order-blind',
      correct: false,
      label: 'Yes: attention without a mask never notices how the other words are ordered.',
      why: 'That holds when nothing in the vectors carries a position. Here the encoding is on.',
    },
  ],
};

export default {
  questions: [QUESTION],
  id: 'pipeline',
  title: 'Where the encoding enters',
  why:
    'Follows one word through [[attention]] in two word orders, to see that the encoding works only by changing ' +
    'the vectors attention compares.',
  explain: {
    prompt: 'Why does “bites” get two different outputs once the encoding is on?',
    model:
      'Its own input is the same, but the other two words swapped positions, so their inputs e + PE changed, and ' +
      'with them the keys its query is compared with and the values it mixes. Without the encoding they would ' +
      'only have swapped rows, and its output would stay.',
  },
  mount(host, { lab, onResult, answered = false, heading }) {
    const state = { encoding: 'none' };
    const view = h('div', { class: 'demo pipelines' }); // the two sentences side by side where there is room
    const summary = h('p', { role: 'status' });
    const run = (sentence) => {
      const words = sentence.split(' ');
      const tokens = words.map((w) => VOCABULARY.indexOf(w));
      const e = lab.embed({ tokens, vocabSize: VOCABULARY.length, dModel: D, seed: SEED, encoding: 'none' });
      const x = lab.embed({ tokens, vocabSize: VOCABULARY.length, dModel: D, seed: SEED, encoding: state.encoding });
      // q and k are the projections the scores come from; scores are what each row's softmax receives.
      const { q, k, scores, weights, output } = lab.selfAttention({
        x,
        n: words.length,
        dModel: D,
        dK: DK,
        seed: SEED,
      });
      return { words, e, x, q, k, scores, weights, output };
    };
    const stage = (caption, values, rows, cols, labels, colLabel) =>
      matrixTable({
        caption: `“${labels.join(' ')}”, ${caption}`, // each table's region is named for its sentence
        values,
        rows,
        cols,
        rowLabel: (i) => labels[i],
        colLabel,
        limit: 2,
        digits: 2,
      });
    // A fold opened stays open when the encoding is switched.
    const opened = new Set();
    function show() {
      const runs = SENTENCES.map(run);
      view.replaceChildren(
        ...runs.map((r, s) => {
          // Every step, table by table, folded: the sentence above it says what the outputs do.
          return h(
            'div',
            { class: 'pipeline' },
            heading(1, `“${SENTENCES[s]}”`),
            h(
              'details',
              { open: opened.has(s) || undefined, ontoggle: (e) => (e.target.open ? opened.add(s) : opened.delete(s)) },
              h(
                'summary',
                {},
                'Steps 1–7, table by table',
                h('span', { class: 'visually-hidden' }, `, for “${SENTENCES[s]}”`),
              ),
              stage('1. token embeddings e', r.e, 3, D, r.words),
              stage(
                state.encoding === 'none' ? '2. input e (no encoding)' : '2. input e + PE(position)',
                r.x,
                3,
                D,
                r.words,
              ),
              stage('3. Q (from step 2)', r.q, 3, DK, r.words),
              stage('4. K', r.k, 3, DK, r.words),
              stage('5. scores QKᵀ/√dₖ', r.scores, 3, 3, r.words, (j) => r.words[j]),
              stage('6. weights: softmax of each row', r.weights, 3, 3, r.words, (j) => r.words[j]),
              stage('7. outputs', r.output, 3, DK, r.words),
            ),
          );
        }),
      );
      const outputOf = (word) =>
        runs.map((r) => r.output.subarray(r.words.indexOf(word) * DK, (r.words.indexOf(word) + 1) * DK));
      // Below 1e-5 two outputs are the same vector up to float rounding (the core computes in float32).
      const compare = (word) => {
        const [a, b] = outputOf(word);
        const change = maxAbsDifference(a, b);
        return change < 1e-5
          ? `“${word}”: the same output (gap ${change.toExponential(1)}, float rounding)`
          : `“${word}”: the outputs differ by up to ${fmt(change, 3)}`;
      };
      summary.textContent = `${compare('dog')}; ${compare('bites')}.`;
    }
    const encoding = select({
      label: 'Position encoding',
      value: 'none',
      options: [
        ['none', 'off'],
        ['sinusoidal', 'sinusoidal'],
      ],
      onchange: (v) => {
        state.encoding = v;
        show();
      },
    }).element;
    // Predict first: the switch works once the prediction is checked (or the solution shown).
    const lock = (locked) => (encoding.querySelector('select').disabled = locked);
    lock(!answered);
    show();
    const question = choiceQuestion({
      onResult: (r) => {
        lock(false);
        onResult?.(r);
      },
      ...QUESTION,
    });
    host.append(
      h(
        'p',
        {},
        'Each word has the same embedding e in both sentences; their steps through attention are folded below. ',
        'Predict, then switch the encoding on.',
      ),
      question.element,
      h('div', { class: 'controls' }, encoding),
      summary,
      view,
    );
    return question;
  },
};
