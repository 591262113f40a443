import { h } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';
import { localQuestion } from '../i18n/exercise.js';
import { maxAbsDifference, select } from './common.js';

// Two sentences over one vocabulary, so the same word is the same token id in both. The words are ids here;
// each language says them (word.dog, …) and writes a sentence of three (sentence).
const VOCABULARY = ['dog', 'bites', 'man'];
const SENTENCES = [
  ['dog', 'bites', 'man'],
  ['man', 'bites', 'dog'],
];
const D = 8,
  DK = 4,
  SEED = 5;

// The question: which option is right; its words are q.prompt, q.<id>.label and q.<id>.why in the catalog.
// `order` is its English prompt, which keys each learner's option order (web/order.js): it never changes.
const QUESTION = {
  key: 'q',
  order: 'With the encoding on, “bites” has the same input e + PE(1) in both sentences. Is its output the same?',
  options: [
    { id: 'differs', correct: true },
    { id: 'same', correct: false },
    { id: 'order-blind', correct: false },
  ],
};

// Its words: web/i18n/catalogs/<locale>/pipeline.json (title, why, and each sentence below by its id).
export default {
  questions: [QUESTION],
  id: 'pipeline',
  mount(host, { lab, onResult, answered = false, heading, t }) {
    const word = (id) => t(`word.${id}`);
    const sentence = (ids) => t('sentence', { first: word(ids[0]), second: word(ids[1]), third: word(ids[2]) });
    const state = { encoding: 'none' };
    const view = h('div', { class: 'demo pipelines' }); // the two sentences side by side where there is room
    const summary = h('p', { role: 'status' });
    const run = (ids) => {
      const words = ids.map(word);
      const tokens = ids.map((w) => VOCABULARY.indexOf(w));
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
      return { ids, words, e, x, q, k, scores, weights, output };
    };
    // Each table's caption (and so its region's name) starts with its sentence.
    const stage = (id, r, values, rows, cols, colLabel) =>
      matrixTable({
        caption: t(id, { sentence: sentence(r.ids) }),
        values,
        rows,
        cols,
        rowLabel: (i) => r.words[i],
        colLabel,
        limit: 2,
        digits: 2,
        t,
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
            heading(1, t('sentence.quoted', { sentence: sentence(SENTENCES[s]) })),
            h(
              'details',
              { open: opened.has(s) || undefined, ontoggle: (e) => (e.target.open ? opened.add(s) : opened.delete(s)) },
              h(
                'summary',
                {},
                t('steps.summary'),
                h('span', { class: 'visually-hidden' }, t('steps.for', { sentence: sentence(SENTENCES[s]) })),
              ),
              stage('stage.embeddings', r, r.e, 3, D),
              stage(state.encoding === 'none' ? 'stage.input.none' : 'stage.input.encoded', r, r.x, 3, D),
              stage('stage.queries', r, r.q, 3, DK),
              stage('stage.keys', r, r.k, 3, DK),
              stage('stage.scores', r, r.scores, 3, 3, (j) => r.words[j]),
              stage('stage.weights', r, r.weights, 3, 3, (j) => r.words[j]),
              stage('stage.outputs', r, r.output, 3, DK),
            ),
          );
        }),
      );
      const outputOf = (id) => runs.map((r) => r.output.subarray(r.ids.indexOf(id) * DK, (r.ids.indexOf(id) + 1) * DK));
      // Below 1e-5 two outputs are the same vector up to float rounding (the core computes in float32): then
      // the gap, else the change, as the one sentence says them.
      const compare = (id) => {
        const [a, b] = outputOf(id);
        const change = maxAbsDifference(a, b);
        return change < 1e-5
          ? { same: 'yes', by: t.decimal(change.toExponential(1)) }
          : { same: 'no', by: t.number(change, 3) };
      };
      const dog = compare('dog'),
        bites = compare('bites');
      summary.textContent = t('summary', {
        dog: word('dog'),
        dogSame: dog.same,
        dogBy: dog.by,
        bites: word('bites'),
        bitesSame: bites.same,
        bitesBy: bites.by,
      });
    }
    const encoding = select({
      label: t('encoding.label'),
      value: 'none',
      options: [
        ['none', t('encoding.none')],
        ['sinusoidal', t('encoding.sinusoidal')],
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
      ...localQuestion(QUESTION, t),
      t,
    });
    host.append(h('p', {}, t('intro')), question.element, h('div', { class: 'controls' }, encoding), summary, view);
    return question;
  },
};
