import { h, fmt, uid } from '../widgets/dom.js';
import { gradeMatching } from '../grading.js';

const KEY = { unambiguous: 'distance', deterministic: 'repeat', 'distance-aware': 'offset', 'length-independent': 'bounded' };
const NAMES = { unambiguous: 'Unambiguous: every position gets its own vector', deterministic: 'Deterministic: the same position always gets the same vector',
  'distance-aware': 'Distance-aware: how far apart two positions are shows the same way everywhere', 'length-independent': 'Length-independent: works for any sequence length' };

export default {
  id: 'four-properties',
  title: 'Four properties, four checks',
  mount(host, { lab, onResult }) {
    const spec = { positions: 256, dModel: 64, k: 3 };
    const p = lab.properties(spec);
    const far = lab.properties({ ...spec, start: 100000 });
    const a = lab.sinusoidal({ positions: 256, dModel: 64 }), b = lab.sinusoidal({ positions: 256, dModel: 64 });
    const repeatDiff = a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i])), 0);
    const checks = {
      distance: `Smallest distance between two different positions among 0…255: ${fmt(p.minDistance, 4)} (positions ${p.minDistancePositions.join(' and ')})`,
      repeat: `Largest difference between two computations of the table: ${fmt(repeatDiff, 6)}`,
      offset: `PE(q)·PE(q+3) over q in 0…255 ranges ${fmt(p.minOffsetDot, 5)} to ${fmt(p.maxOffsetDot, 5)}: it depends on the offset, not on q`,
      bounded: `Largest |value| near position 100,000: ${fmt(far.maxAbsValue, 6)}; the formula gives a bounded vector at any position`,
    };
    const feedback = h('div', { class: 'feedback', 'aria-live': 'polite' });
    const selects = {};
    const rows = Object.keys(KEY).map((property) => {
      const id = uid('match');
      selects[property] = h('select', { id }, h('option', { value: '' }, 'choose a check…'),
        ...Object.entries(checks).map(([v, text]) => h('option', { value: v }, text.split(':')[0])));
      return h('div', { class: 'match' }, h('label', { for: id }, NAMES[property]), selects[property]);
    });
    let result = null;
    function check(report = true) {
      const matches = Object.fromEntries(Object.entries(selects).map(([k, s]) => [k, s.value]));
      result = gradeMatching(KEY, matches);
      feedback.replaceChildren(h('p', { class: result.correct ? 'verdict right' : 'verdict wrong' }, `${result.score} of ${result.maxScore} right.`),
        ...result.rows.map((r) => h('p', { class: 'other' }, `${r.right ? '✓' : '✗'} ${NAMES[r.property]} — shown by: ${checks[KEY[r.property]]}`)));
      if (report) onResult?.({ correct: result.correct, score: result.score, maxScore: result.maxScore, answer: JSON.stringify(matches) });
    }
    host.append(h('p', {}, 'The core measured these on a 256 × 64 table. Match each property a good encoding needs to the check that shows it.'),
      h('ul', { class: 'checks' }, Object.values(checks).map((t) => h('li', {}, t))), ...rows,
      h('div', { class: 'actions' }, h('button', { type: 'button', onclick: () => check() }, 'Check'),
        h('button', { type: 'button', class: 'secondary', onclick: () => controller.showSolutions() }, 'Show solution')), feedback);
    const controller = {
      getScore: () => result?.score ?? 0, getMaxScore: () => 4, getAnswerGiven: () => result !== null,
      resetTask() { result = null; Object.values(selects).forEach((s) => { s.value = ''; }); feedback.replaceChildren(); },
      showSolutions() {
        Object.entries(KEY).forEach(([k, v]) => { selects[k].value = v; });
        check(false);
        onResult?.({ solutionViewed: true, maxScore: 4 });
      },
    };
    return controller;
  },
};
