import { h, uid } from '../widgets/dom.js';
import { gradeMatching } from '../grading.js';
import { learnerSeed, opaqueValues, shuffled } from '../order.js';
import { maxAbsDifference } from './common.js';

// Each property a good encoding needs, and the check (below) that shows it. One check is left over. A
// property's words are property.<id> (its name and what it means) and property.<id>.name (its name alone).
const KEY = {
  unambiguous: 'distance',
  deterministic: 'seed',
  'distance-aware': 'near',
  'length-independent': 'length',
};
const D = 64,
  N = 256,
  P = 37,
  CENTRES = [60, 5000], // the distance check, measured from two far-apart positions
  SPAN = 50,
  SHOWN_K = [1, 4, 50],
  FAR = 100000; // where the bounded check looks

// One point per right match (grading.js's gradeMatching).
const MAX_SCORE = Object.keys(KEY).length;

// Its words: web/i18n/catalogs/<locale>/four-properties.json (title, why, and each sentence below by its id).
export default {
  id: 'four-properties',
  maxScore: MAX_SCORE,
  mount(host, { lab, onResult, t }) {
    const summary = lab.properties({ positions: N, dModel: D, k: 3 });
    const far = lab.properties({ positions: N, dModel: D, k: 3, start: FAR });
    const row = (table, p) => table.subarray(p * D, (p + 1) * D);
    // Deterministic: the same call twice gives the same row, bit for bit; vectors drawn at random for each
    // sequence would not (two draws of the lab's generator stand for them). Learned tables are not taught yet
    // (learned-embeddings comes later), so the check does not name them: they are fixed lookups, not this.
    const again = [0, 1].map(() => lab.sinusoidal({ positions: 1, dModel: D, start: P }));
    const drawn = [1, 2].map((seed) => lab.learnedLookup({ maxLen: N, dModel: D, seed, position: P }));
    // Length-independent: row P of a short table and of a long one, against p/N.
    const short = lab.sinusoidal({ positions: 64, dModel: D }),
      long = lab.sinusoidal({ positions: N, dModel: D });
    // Distance-aware: ‖PE(c) − PE(c+k)‖ for k = −SPAN…SPAN from each centre, from the core's distance matrix
    // (a distance, not lesson 1's dot product: how far the vectors are, as a function of how far the positions are).
    const curves = CENTRES.map((c) => {
      const window = lab.sinusoidal({ positions: 2 * SPAN + 1, dModel: D, start: c - SPAN });
      const m = lab.distanceMatrix({ table: window, rows: 2 * SPAN + 1, dModel: D });
      return m.slice(SPAN * (2 * SPAN + 1), (SPAN + 1) * (2 * SPAN + 1));
    });
    const gap = maxAbsDifference(...curves);
    // Each check's line (check.<key>); its short name (check.<key>.short) is for a screen reader, which lists a
    // select's options alone ("check 3" says nothing): it repeats the start of the check's own line, no more.
    // The eye has the list beside the selects.
    const [k1, k2, k3] = SHOWN_K;
    const [v1, v2, v3] = SHOWN_K.map((k) => t.number(curves[0][SPAN + k], 3));
    const checks = {
      distance: t('check.distance', { last: N - 1, distance: t.number(summary.minDistance, 4) }),
      seed: t('check.seed', {
        p: P,
        again: t.number(maxAbsDifference(...again), 6),
        drawn: t.number(maxAbsDifference(...drawn), 3),
      }),
      near: t('check.near', { k1, k2, k3, v1, v2, v3, c0: CENTRES[0], c1: CENTRES[1], gap: t.number(gap, 4) }),
      length: t('check.length', {
        p: P,
        short: 64,
        long: N,
        difference: t.number(maxAbsDifference(row(short, P), row(long, P)), 6),
        ratioShort: t.number(P / 64, 3),
        ratioLong: t.number(P / N, 3),
      }),
      bounded: t('check.bounded', { far: t.integer(FAR), largest: t.number(far.maxAbsValue, 6) }),
    };
    // The checks and the properties in this learner's order (order.js), so the key is no diagonal.
    const seed = learnerSeed();
    const checkOrder = shuffled(Object.keys(checks), seed, 'four-properties:checks');
    // The select's values are opaque (order.js): a value named after its check would name the key.
    const values = opaqueValues(checkOrder, seed, 'four-properties:checks');
    const checkOf = (value) => checkOrder[values.indexOf(value)] ?? '';
    const feedback = h('div', { class: 'feedback', 'aria-live': 'polite' });
    const selects = {};
    const rows = shuffled(Object.keys(KEY), seed, 'four-properties:properties').map((property) => {
      const id = uid('match');
      selects[property] = h(
        'select',
        { id },
        h('option', { value: '' }, t('select.none')),
        ...values.map((v, i) =>
          h(
            'option',
            { value: v, 'aria-label': t('select.option.label', { n: i + 1, name: t(`check.${checkOrder[i]}.short`) }) },
            t('select.option', { n: i + 1 }),
          ),
        ),
      );
      return h(
        'div',
        { class: 'match', 'data-answer': '' },
        h('label', { for: id }, t(`property.${property}`)),
        selects[property],
      );
    });
    let result = null;
    // Feedback says which matches are right, never which check a wrong one should have been.
    function check(report = true) {
      const matches = Object.fromEntries(Object.entries(selects).map(([k, s]) => [k, checkOf(s.value)]));
      // An unfinished matching is not an answer: nothing is graded or recorded.
      if (report && Object.values(matches).includes('')) {
        feedback.replaceChildren(h('p', { class: 'verdict' }, t('feedback.unfinished')));
        return;
      }
      result = gradeMatching(KEY, matches);
      feedback.replaceChildren(
        h(
          'p',
          { class: result.correct ? 'verdict right' : 'verdict wrong' },
          t('feedback.score', { score: result.score, maxScore: result.maxScore }),
        ),
        ...result.rows
          .filter((r) => !r.right)
          .map((r) =>
            h(
              'p',
              { class: 'other' },
              t('feedback.row', { property: t(`property.${r.property}.name`), right: r.right ? 'yes' : 'no' }),
            ),
          ),
      );
      if (report)
        onResult?.({
          correct: result.correct,
          score: result.score,
          maxScore: result.maxScore,
          answer: JSON.stringify(matches),
        });
    }
    host.append(
      h('p', {}, t('intro', { d: D })),
      h(
        'ol',
        { class: 'checks' },
        checkOrder.map((key) => h('li', {}, checks[key])),
      ),
      ...rows,
      h(
        'div',
        { class: 'actions', 'data-answer': '' },
        h('button', { type: 'button', onclick: () => check() }, t('button.check')),
        h(
          'button',
          { type: 'button', class: 'secondary', onclick: () => controller.showSolutions() },
          t('button.solution'),
        ),
      ),
      feedback,
    );
    const controller = {
      getMaxScore: () => MAX_SCORE,
      resetTask() {
        result = null;
        Object.values(selects).forEach((s) => {
          s.value = '';
        });
        feedback.replaceChildren();
      },
      showSolutions() {
        Object.entries(KEY).forEach(([k, v]) => {
          selects[k].value = values[checkOrder.indexOf(v)];
        });
        check(false);
        onResult?.({ solutionViewed: true, maxScore: MAX_SCORE });
      },
    };
    return controller;
  },
};
