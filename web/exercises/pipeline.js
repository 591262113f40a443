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
  prompt:
    'Predict first: with the sinusoidal encoding on and the mask off, “bites” sits at position 1 in both ' +
    'sentences, so its own input e + PE(1) is the same. Is its output the same in both sentences?',
  options: [
    {
      id: 'differs',
      correct: true,
      label: 'No: “dog” and “man” now sit at each other’s positions, so its keys and values differ.',
      why:
        'Its query is the same, but the keys and values come from e + PE of the other words, and those changed ' +
        'places: e(dog) + PE(0) is not e(dog) + PE(2). Set the encoding on and compare the two outputs of “bites”.',
    },
    {
      id: 'same',
      correct: false,
      label: 'Yes: its own input is the same vector in both, so its output must be the same too.',
      why:
        'An output mixes the values of every word, weighted by how its query meets their keys. Look at what ' +
        'changed for the other two words, then try it below.',
    },
    {
      id: 'order-blind',
      correct: false,
      label: 'Yes: attention without a mask never notices how the other words are ordered.',
      why: 'That holds when nothing in the vectors carries a position. Here the encoding is on: try it below.',
    },
  ],
};

export default {
  questions: [QUESTION],
  id: 'pipeline',
  title: 'Where the encoding enters',
  explain: {
    prompt: 'Why does “bites” get a different output in the two sentences once the encoding is on?',
    model:
      'Its own input is the same, but the other two words swapped positions, so their inputs e + PE changed, and ' +
      'with them the keys its query is compared with and the values it mixes. Without the encoding they would ' +
      'only have swapped rows, and its output would stay.',
  },
  mount(host, { lab, onResult, answered = false }) {
    const state = { encoding: 'none', mask: 'none' };
    const view = h('div', { class: 'demo pipelines' }); // the two sentences side by side where there is room
    const summary = h('p', { role: 'status' });
    const run = (sentence) => {
      const words = sentence.split(' ');
      const tokens = words.map((w) => VOCABULARY.indexOf(w));
      const e = lab.embed({ tokens, vocabSize: VOCABULARY.length, dModel: D, seed: SEED, encoding: 'none' });
      const x = lab.embed({ tokens, vocabSize: VOCABULARY.length, dModel: D, seed: SEED, encoding: state.encoding });
      const mask = state.mask === 'causal' ? 'before-softmax' : 'none';
      // q and k are the projections the scores come from; scores are what each row's softmax receives.
      const { q, k, scores, weights, output } = lab.selfAttention({
        x,
        n: words.length,
        dModel: D,
        dK: DK,
        seed: SEED,
        mask,
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
    function show() {
      const runs = SENTENCES.map(run);
      view.replaceChildren(
        ...runs.map((r, s) =>
          h(
            'div',
            { class: 'pipeline' },
            h('h3', {}, `“${SENTENCES[s]}”`),
            stage('1. token embeddings e', r.e, 3, D, r.words),
            stage(
              state.encoding === 'none' ? '2. e (no position encoding added)' : '2. e + PE(position)',
              r.x,
              3,
              D,
              r.words,
            ),
            stage('3. Q (from step 2)', r.q, 3, DK, r.words),
            stage('4. K', r.k, 3, DK, r.words),
            stage(
              state.mask === 'causal' ? '5. scores QKᵀ/√dₖ (mask applied)' : '5. scores QKᵀ/√dₖ (no mask)',
              r.scores,
              3,
              3,
              r.words,
              (j) => r.words[j],
            ),
            stage('6. weights: softmax of each row', r.weights, 3, 3, r.words, (j) => r.words[j]),
            stage('7. outputs', r.output, 3, DK, r.words),
          ),
        ),
      );
      const outputOf = (word) =>
        runs.map((r) => r.output.subarray(r.words.indexOf(word) * DK, (r.words.indexOf(word) + 1) * DK));
      // Below 1e-5 two outputs are the same vector up to float rounding (the core computes in float32).
      const compare = (word) => {
        const [a, b] = outputOf(word);
        const change = maxAbsDifference(a, b);
        return change < 1e-5
          ? `the outputs of “${word}” are the same vector (they differ by ${change.toExponential(1)}, float rounding)`
          : `the outputs of “${word}” differ by up to ${fmt(change, 3)}`;
      };
      summary.textContent = `In the two sentences, ${compare('dog')}; ${compare('bites')}.`;
    }
    const controls = h(
      'div',
      { class: 'controls' },
      select({
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
      }).element,
      select({
        label: 'Causal mask',
        value: 'none',
        options: [
          ['none', 'off'],
          ['causal', 'on'],
        ],
        onchange: (v) => {
          state.mask = v;
          show();
        },
      }).element,
    );
    // Predict first: the switches work once the prediction is checked (or the solution shown).
    const switches = [...controls.querySelectorAll('select')];
    const lock = (locked) => switches.forEach((s) => (s.disabled = locked));
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
        'Follow two sentences through attention: the token embeddings, the input with or without a position ',
        'encoding, the queries Q and keys K projected from it, their scores (a row per query word, a column per ',
        'key word), the attention weights that softmax makes of each row, and the outputs. With the mask on, the ',
        'score of a later word is −∞, which softmax turns into weight 0. The same word has the same embedding in ',
        'both. Predict first; then switch the encoding and the mask, and watch “dog” and “bites”.',
      ),
      question.element,
      controls,
      summary,
      view,
    );
    return question;
  },
};
