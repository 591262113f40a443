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

// Its words: web/i18n/catalogs/<locale>/attention-equation.json (title, why, source, and each line below by its
// id; gradeTiles' verdicts as grade.<reason>).
export default {
  id: 'attention-equation',
  formulas: { inline: TILES.map((tile) => tile[1]) }, // typeset at build time: scripts/mathml.mjs
  sources: [['source.vaswani321', 'https://arxiv.org/abs/1706.03762']],
  mount(host, { lab, onResult, t }) {
    // gradeTiles' explanation in the learner's language (web/grading.js: its reason and arguments).
    const explanation = (grade) => t(`grade.${grade.reason}`, grade.args);
    let sequence = [];
    let result = null;
    const built = h('div', { class: 'built', role: 'group', 'aria-label': t('built.label') });
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
              said.textContent = t('tile.placed', {
                tile: TILES[i][0],
                placed: sequence.length,
                tiles: ATTENTION_TILES.length,
              });
            }
          },
        },
        h('span', { class: 'visually-hidden' }, t('tile.add')),
        TILES[i][0],
      ),
    );
    function draw() {
      built.replaceChildren(
        ...(sequence.length
          ? sequence.map((tile) => formula(TILES.find((x) => x[0] === tile)[1]))
          : [h('span', { class: 'placeholder' }, t('built.placeholder'))]),
      );
    }
    function check() {
      const grade = gradeTiles(sequence);
      if (!grade.graded) {
        feedback.replaceChildren(h('p', { class: 'verdict' }, explanation(grade)));
        return;
      }
      result = grade;
      feedback.replaceChildren(
        h(
          'p',
          { class: result.correct ? 'verdict right' : 'verdict wrong' },
          t.join(t(result.correct ? 'verdict.right' : 'verdict.notYet'), explanation(result)),
        ),
      );
      if (result.correct) execute();
      onResult?.({ correct: result.correct, score: result.score, maxScore: 1, answer: sequence.join(' ') });
    }
    function execute() {
      const { weights, output } = lab.attention({ q: Q, k: K, v: V, n: 3, dK: 2 });
      run.replaceChildren(
        h('p', {}, t('run.intro', { n: 3, dK: 2 })),
        matrixTable({ caption: t('run.qk'), values: Q, rows: 3, cols: 2, t }),
        matrixTable({ caption: t('run.weights'), values: weights, rows: 3, cols: 3, limit: 1, t }),
        matrixTable({ caption: 'V', values: V, rows: 3, cols: 2, t }),
        matrixTable({
          caption: t('run.output'),
          values: output,
          rows: 3,
          cols: 2,
          t,
        }),
      );
    }
    draw();
    host.append(
      h('p', {}, t('intro')),
      h('div', { class: 'tiles', role: 'group', 'aria-label': t('tiles.label'), 'data-answer': '' }, tiles),
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
          t('button.undo'),
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
          t('button.clear'),
        ),
        h('button', { type: 'button', onclick: check }, t('button.check')),
        h(
          'button',
          { type: 'button', class: 'secondary', onclick: () => controller.showSolutions() },
          t('button.solution'),
        ),
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
        feedback.replaceChildren(
          h('p', { class: 'verdict right' }, t.join(t('verdict.solution'), explanation(gradeTiles(sequence)))),
        );
        onResult?.({ solutionViewed: true, maxScore: 1 });
        execute();
      },
    };
    return controller;
  },
};
