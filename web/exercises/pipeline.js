import { h, fmt } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';
import { select } from './common.js';

// Two sentences over one vocabulary, so the same word is the same token id in both.
const VOCABULARY = ['dog', 'bites', 'man'];
const SENTENCES = ['dog bites man', 'man bites dog'];
const D = 8,
  DK = 4,
  SEED = 5;

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt: 'With the causal mask on and no position encoding, does “dog” get the same output in both sentences?',
  options: [
    {
      id: 'same',
      correct: false,
      label: 'Yes: without an encoding attention cannot tell the two orders apart.',
      why:
        'That holds without the mask. With it, “dog” first in a sentence sees only itself, and “dog” last sees all ' +
        'three words: toggle the mask and compare.',
    },
    {
      id: 'differs',
      correct: true,
      label: 'No: the mask lets each word see only the words before it.',
      why:
        'The causal mask is itself a source of order: first, “dog” attends to itself alone; last, it mixes all ' +
        'three words. So a masked model can tell the orders apart even with no position encoding.',
    },
    {
      id: 'length',
      correct: false,
      label: 'Only if the sentences also have different lengths.',
      why: 'Both sentences have three words; what differs is what each word is allowed to see.',
    },
  ],
};

export default {
  questions: [QUESTION],
  id: 'pipeline',
  title: 'Where the encoding enters',
  explain: {
    prompt: 'Name two ways in which word order can reach a Transformer’s outputs.',
    model:
      'A position encoding added to the token embeddings, so that Q and K depend on where a word is; and the causal ' +
      'mask, which lets each word attend only to the words before it.',
  },
  mount(host, { lab, onResult }) {
    const state = { encoding: 'none', mask: 'none' };
    const view = h('div', { class: 'demo pipelines' }); // the two sentences side by side where there is room
    const summary = h('p', { role: 'status' });
    const run = (sentence) => {
      const words = sentence.split(' ');
      const tokens = words.map((w) => VOCABULARY.indexOf(w));
      const e = lab.embed({ tokens, vocabSize: VOCABULARY.length, dModel: D, seed: SEED, encoding: 'none' });
      const x = lab.embed({ tokens, vocabSize: VOCABULARY.length, dModel: D, seed: SEED, encoding: state.encoding });
      const mask = state.mask === 'causal' ? 'before-softmax' : 'none';
      const { weights, output } = lab.selfAttention({ x, n: words.length, dModel: D, dK: DK, seed: SEED, mask });
      return { words, e, x, weights, output };
    };
    const stage = (caption, values, rows, cols, labels, colLabel) =>
      matrixTable({ caption, values, rows, cols, rowLabel: (i) => labels[i], colLabel, limit: 2, digits: 2 });
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
            stage('3. attention weights (Q, K from step 2)', r.weights, 3, 3, r.words, (j) => r.words[j]),
            stage('4. outputs', r.output, 3, DK, r.words),
          ),
        ),
      );
      const dog = runs.map((r) => r.output.subarray(r.words.indexOf('dog') * DK, (r.words.indexOf('dog') + 1) * DK));
      const change = dog[0].reduce((m, v, i) => Math.max(m, Math.abs(v - dog[1][i])), 0);
      // Below 1e-5 the two are the same vector up to float rounding (the core computes in float32).
      summary.textContent =
        change < 1e-5
          ? 'The outputs of “dog” in the two sentences are the same vector ' +
            `(they differ by ${change.toExponential(1)}, float rounding).`
          : `The outputs of “dog” in the two sentences differ by up to ${fmt(change, 3)}.`;
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
    show();
    const question = choiceQuestion({ onResult, ...QUESTION });
    host.append(
      h(
        'p',
        {},
        'Follow two sentences through attention: the token embeddings, the input with or without a position ',
        'encoding, the attention weights computed from it, and the outputs. The same word has the same embedding in ',
        'both. Switch the encoding and the mask, and watch “dog”.',
      ),
      controls,
      summary,
      view,
      question.element,
    );
    return question;
  },
};
