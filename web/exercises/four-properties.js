import { h, fmt, uid } from '../widgets/dom.js';
import { gradeMatching } from '../grading.js';
import { learnerSeed, opaqueValues, shuffled } from '../order.js';
import { maxAbsDifference } from './common.js';

// Each property a good encoding needs, and the check (below) that shows it. One check is left over.
const KEY = {
  unambiguous: 'distance',
  deterministic: 'seed',
  'distance-aware': 'near',
  'length-independent': 'length',
};
const NAMES = {
  unambiguous: 'Unambiguous: every position gets its own vector',
  deterministic: 'Deterministic: the same position always gets the same vector',
  'distance-aware': 'Distance-aware: how far apart two positions are shows the same way everywhere',
  'length-independent': 'Length-independent: a position’s vector ignores the sequence length',
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

export default {
  id: 'four-properties',
  title: 'Four properties, four checks',
  why:
    'The properties any [[positional-encoding]] should have, each tied to a measurement of the sinusoid that ' +
    'shows it.',
  maxScore: MAX_SCORE,
  explain: {
    prompt: 'Pick a property: how does its check show it?',
    model:
      'Length-independence, for example: row p of a short table equals row p of a long one, because PE(p) depends ' +
      'on p alone, whereas an encoding like p/N would change with the sequence length N.',
  },
  mount(host, { lab, onResult }) {
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
    const at = (curve) => SHOWN_K.map((k) => fmt(curve[SPAN + k], 3)).join(', ');
    const checks = {
      distance: `Smallest distance between two different positions among 0…${N - 1}: ${fmt(summary.minDistance, 4)}`,
      seed:
        `PE(${P}) from two separate calls: differs by ${fmt(maxAbsDifference(...again), 6)}; rows drawn at ` +
        `random afresh for each sequence: up to ${fmt(maxAbsDifference(...drawn), 3)} apart`,
      near:
        `‖PE(c) − PE(c+k)‖ for k = ${SHOWN_K.join(', ')}: ${at(curves[0])}, alike from c = ${CENTRES[0]} and ` +
        `c = ${CENTRES[1]} (largest gap ${fmt(gap, 4)})`,
      length:
        `Row ${P} of a 64-position table and of a ${N}-position table differ by ` +
        `${fmt(maxAbsDifference(row(short, P), row(long, P)), 6)}; p/N would give ${fmt(P / 64, 3)} and ` +
        fmt(P / N, 3),
      bounded:
        `Largest |value| near position ${FAR.toLocaleString('en')}: ${fmt(far.maxAbsValue, 6)}, ` + 'as at position 0',
    };
    // A check's short name for a screen reader, which lists a select's options alone ("check 3" says nothing);
    // it repeats the start of the check's own line, no more. The eye has the list beside the selects.
    const shortName = {
      distance: 'smallest distance',
      seed: 'two calls',
      near: 'nearby positions',
      length: 'two table lengths',
      bounded: 'largest value far out',
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
        h('option', { value: '' }, 'choose a check…'),
        ...values.map((v, i) =>
          h('option', { value: v, 'aria-label': `check ${i + 1}: ${shortName[checkOrder[i]]}` }, `check ${i + 1}`),
        ),
      );
      return h(
        'div',
        { class: 'match', 'data-answer': '' },
        h('label', { for: id }, NAMES[property]),
        selects[property],
      );
    });
    let result = null;
    // Feedback says which matches are right, never which check a wrong one should have been.
    function check(report = true) {
      const matches = Object.fromEntries(Object.entries(selects).map(([k, s]) => [k, checkOf(s.value)]));
      // An unfinished matching is not an answer: nothing is graded or recorded.
      if (report && Object.values(matches).includes('')) {
        feedback.replaceChildren(h('p', { class: 'verdict' }, 'Choose a check for every property first.'));
        return;
      }
      result = gradeMatching(KEY, matches);
      feedback.replaceChildren(
        h(
          'p',
          { class: result.correct ? 'verdict right' : 'verdict wrong' },
          `${result.score} of ${result.maxScore} right.`,
        ),
        ...result.rows
          .filter((r) => !r.right)
          .map((r) =>
            h(
              'p',
              { class: 'other' },
              `${NAMES[r.property].split(':')[0]}: ${r.right ? '✓ right' : '✗ not this check'}`,
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
      h('p', {}, `Match each property to the check (dModel ${D}) that shows it; one check is left over.`),
      h(
        'ol',
        { class: 'checks' },
        checkOrder.map((key) => h('li', {}, checks[key])),
      ),
      ...rows,
      h(
        'div',
        { class: 'actions', 'data-answer': '' },
        h('button', { type: 'button', onclick: () => check() }, 'Check'),
        h('button', { type: 'button', class: 'secondary', onclick: () => controller.showSolutions() }, 'Show solution'),
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
