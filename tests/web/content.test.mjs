// The lesson's questions as data (each exercise exports `questions`): checks that a grade can only be
// had by knowing the answer — no tell in the options themselves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exercises } from '../../web/exercises/index.js';

const questions = exercises.flatMap((e) => (e.questions ?? []).map((q) => ({ exercise: e.id, ...q })));

test('every choice question is data with one right option and a reason for every option', () => {
  assert.ok(questions.length >= 13, `${questions.length} questions`);
  for (const q of questions) {
    assert.equal(q.options.filter((o) => o.correct).length, 1, q.exercise);
    for (const o of q.options) assert.ok(o.why && o.label, `${q.exercise}/${o.id}`);
  }
});

test('the right option is never the longest: length gives nothing away', () => {
  const tells = questions.filter((q) => {
    const right = q.options.find((o) => o.correct).label.length;
    return q.options.every((o) => o.correct || o.label.length < right);
  });
  assert.deepEqual(
    tells.map((q) => q.exercise),
    [],
  );
});

test("a wrong option's explanation does not quote the right option", () => {
  for (const q of questions) {
    const right = q.options.find((o) => o.correct).label;
    for (const o of q.options) if (!o.correct) assert.ok(!o.why.includes(right), `${q.exercise}/${o.id}`);
  }
});
