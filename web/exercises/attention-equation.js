import { h } from '../widgets/dom.js';
import { formula } from '../widgets/math.js';
import { matrixTable } from '../widgets/tables.js';
import { gradeTiles, ATTENTION_TILES } from '../grading.js';

// Tiles as shown (plain text: a tile's visible text is its name, "Add Kᵀ" for a screen reader) and as the
// built equation typesets them; the distractors are the usual slips (no transpose, no square root, Vᵀ).
// \\operatorname makes softmax one word for a screen reader (\\mathrm spells it letter by letter).
const TILES = [
  ['softmax(', '\\operatorname{softmax}\\Big('],
  ['Q', 'Q'],
  ['Kᵀ', 'K^{\\top}'],
  ['/√dₖ', '/\\sqrt{d_k}'],
  [')', '\\Big)'],
  ['V', 'V'],
  ['K', 'K'],
  ['/dₖ', '/d_k'],
  ['Vᵀ', 'V^{\\top}'],
];
const Q = [1, 0, 0, 1, 1, 1],
  K = [1, 0, 0, 1, 1, 1],
  V = [1, 2, 3, 4, 5, 6];

export default {
  id: 'attention-equation',
  formulas: { inline: TILES.map((tile) => tile[1]) }, // typeset at build time: scripts/mathml.mjs
  title: 'Warm-up: write the attention equation',
  why: 'It writes down the equation the rest of the course reads: what attention takes in and what it computes.',
  sources: [['Vaswani et al., Attention Is All You Need, section 3.2.1', 'https://arxiv.org/abs/1706.03762']],
  mount(host, { lab, onResult }) {
    let sequence = [];
    let result = null;
    const built = h('div', { class: 'built', role: 'group', 'aria-label': 'Your equation' });
    // One announcement per tile placed, not the whole equation again.
    const said = h('p', { class: 'visually-hidden', role: 'status' });
    const feedback = h('div', { class: 'feedback', 'aria-live': 'polite' });
    const run = h('div', { class: 'demo' });
    const order = [3, 5, 0, 7, 2, 8, 1, 4, 6]; // shuffled once, the same for everyone
    const tiles = order.map((i) =>
      h(
        'button',
        {
          type: 'button',
          class: 'tile',
          onclick: () => {
            if (sequence.length < ATTENTION_TILES.length) {
              sequence.push(TILES[i][0]);
              draw();
              said.textContent = `${TILES[i][0]} placed: ${sequence.length} of ${ATTENTION_TILES.length} tiles.`;
            }
          },
        },
        h('span', { class: 'visually-hidden' }, 'Add '),
        TILES[i][0],
      ),
    );
    function draw() {
      built.replaceChildren(
        ...(sequence.length
          ? sequence.map((t) => formula(TILES.find((x) => x[0] === t)[1]))
          : [h('span', { class: 'placeholder' }, 'Press tiles in order to build the equation.')]),
      );
    }
    function check() {
      const grade = gradeTiles(sequence);
      if (!grade.graded) {
        feedback.replaceChildren(h('p', { class: 'verdict' }, grade.explanation));
        return;
      }
      result = grade;
      feedback.replaceChildren(
        h(
          'p',
          { class: result.correct ? 'verdict right' : 'verdict wrong' },
          result.correct ? 'Right. ' : 'Not yet. ',
          result.explanation,
        ),
      );
      if (result.correct) execute();
      onResult?.({ correct: result.correct, score: result.score, maxScore: 1, answer: sequence.join(' ') });
    }
    function execute() {
      const { weights, output } = lab.attention({ q: Q, k: K, v: V, n: 3, dK: 2 });
      run.replaceChildren(
        h('p', {}, 'Your equation, run by the core on a 3-token example with dₖ = 2:'),
        matrixTable({ caption: 'Q = K (rows: tokens)', values: Q, rows: 3, cols: 2 }),
        matrixTable({ caption: 'softmax(QKᵀ/√dₖ): the weights', values: weights, rows: 3, cols: 3, limit: 1 }),
        matrixTable({ caption: 'V', values: V, rows: 3, cols: 2 }),
        matrixTable({
          caption: 'Output = weights · V: weighted averages of V’s rows',
          values: output,
          rows: 3,
          cols: 2,
        }),
      );
    }
    draw();
    host.append(
      h(
        'p',
        {},
        'Build scaled dot-product attention from the tiles (tap or press a tile to place it); once right, the core ' +
          'runs it.',
      ),
      h('div', { class: 'tiles', role: 'group', 'aria-label': 'Tiles', 'data-answer': '' }, tiles),
      built,
      said,
      h(
        'div',
        { class: 'actions', 'data-answer': '' },
        h(
          'button',
          {
            type: 'button',
            class: 'secondary',
            onclick: () => {
              sequence.pop();
              draw();
            },
          },
          'Undo',
        ),
        h(
          'button',
          {
            type: 'button',
            class: 'secondary',
            onclick: () => {
              sequence = [];
              draw();
            },
          },
          'Clear',
        ),
        h('button', { type: 'button', onclick: check }, 'Check'),
        h('button', { type: 'button', class: 'secondary', onclick: () => controller.showSolutions() }, 'Show solution'),
      ),
      feedback,
      run,
    );
    const controller = {
      getMaxScore: () => 1,
      resetTask() {
        sequence = [];
        result = null;
        feedback.replaceChildren();
        run.replaceChildren();
        draw();
      },
      showSolutions() {
        sequence = [...ATTENTION_TILES];
        draw();
        feedback.replaceChildren(h('p', { class: 'verdict right' }, 'Solution: ', gradeTiles(sequence).explanation));
        onResult?.({ solutionViewed: true, maxScore: 1 });
        execute();
      },
    };
    return controller;
  },
};
