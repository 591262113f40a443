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

// A learner who knows nothing may still pick by length: always the longest option, the second longest,
// …, or the shortest. Across the lesson none of those strategies may beat guessing by more than about
// one standard deviation, so the right option's length rank must vary from question to question.
test('picking options by their length does no better than guessing', () => {
  const choice = questions.filter((q) => q.options);
  const chance = choice.reduce((sum, q) => sum + 1 / q.options.length, 0);
  const spread = Math.sqrt(choice.reduce((sum, q) => sum + (1 / q.options.length) * (1 - 1 / q.options.length), 0));
  const byLength = (q) => [...q.options].sort((a, b) => b.label.length - a.label.length);
  const strategies = [];
  for (let r = 0; r < 4; r++) {
    strategies.push([`${r + 1}. longest`, (q) => byLength(q)[Math.min(r, q.options.length - 1)]]);
    strategies.push([`${r + 1}. shortest`, (q) => byLength(q).at(-1 - Math.min(r, q.options.length - 1))]);
  }
  for (const [name, pick] of strategies) {
    const score = choice.filter((q) => pick(q).correct).length;
    assert.ok(score <= chance + spread, `${name}: ${score} right of ${choice.length}, chance ${chance.toFixed(1)}`);
  }
});

test("a wrong option's explanation does not quote the right option", () => {
  for (const q of questions) {
    const right = q.options.find((o) => o.correct).label;
    for (const o of q.options) if (!o.correct) assert.ok(!o.why.includes(right), `${q.exercise}/${o.id}`);
  }
});

test('no option denies what its prompt takes for granted ("Why does X …?" has no "It does not")', () => {
  for (const q of questions)
    if (/^Why does\b/.test(q.prompt))
      for (const o of q.options) assert.doesNotMatch(o.label, /^It does not\b/, `${q.exercise}/${o.id}`);
});

test('an explain-back asks about what its exercise’s question asked (rope: the layouts)', () => {
  const rope = exercises.find((e) => e.id === 'rope');
  assert.match(rope.questions[0].prompt, /layout/);
  assert.match(rope.explain.prompt, /layout/);
});

test('train-it: no wrong option’s feedback tells which models stay at chance', () => {
  const q = questions.find((x) => x.exercise === 'train-it');
  for (const o of q.options.filter((x) => !x.correct))
    assert.doesNotMatch(o.why, /mean readout|ALiBi’s \|i − j\| cannot/, o.id);
});
