// The recording rules every exercise reports through (web/attempts.js) and the per-learner option
// order (web/order.js): a grade must mean the learner knew the answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAttempts, describeRecord, recordOf } from '../../web/attempts.js';
import { learnerSeed, letter, shuffled } from '../../web/order.js';
import { gradeChoice } from '../../web/grading.js';

const right = { correct: true, score: 1, maxScore: 1, answer: 'a)' };
const wrong = { correct: false, score: 0, maxScore: 1, answer: 'b)' };

test('the first checked attempt is recorded; later checks are practice', () => {
  const a = createAttempts();
  const first = a.check(wrong);
  assert.equal(first.recorded, true);
  assert.deepEqual(first.record, { correct: false, score: 0, maxScore: 1, answer: 'b)', solutionViewed: false });
  const second = a.check(right);
  assert.equal(second.recorded, false);
  assert.equal(second.practice, true);
  assert.equal(a.record.correct, false, 'wrong, then right, stays wrong');
  assert.equal(a.score(), 0);
});

test('showing the solution first records "solution viewed" with score 0, and a check after it is practice', () => {
  const a = createAttempts();
  const viewed = a.viewSolution(4);
  assert.equal(viewed.recorded, true);
  assert.deepEqual(viewed.record, { correct: false, score: 0, maxScore: 4, answer: null, solutionViewed: true });
  const check = a.check({ correct: true, score: 4, maxScore: 4, answer: 'all four' });
  assert.equal(check.recorded, false);
  assert.equal(a.score(), 0);
  assert.equal(a.record.correct, false);
});

test('the solution viewed after a right first answer leaves the answer recorded', () => {
  const a = createAttempts();
  a.check(right);
  assert.equal(a.viewSolution(1).recorded, false);
  assert.equal(a.record.correct, true);
  assert.equal(a.score(), 1);
});

test('a restored record counts as the first attempt', () => {
  const a = createAttempts(recordOf(wrong));
  assert.equal(a.answered(), true);
  assert.equal(a.check(right).recorded, false);
  assert.equal(a.record.correct, false);
});

test('a record can never be correct with the solution viewed', () => {
  assert.deepEqual(recordOf({ correct: true, score: 1, maxScore: 1, solutionViewed: true }), {
    correct: false,
    score: 0,
    maxScore: 1,
    answer: null,
    solutionViewed: true,
  });
  assert.equal(recordOf({ correct: 'yes', score: 1, maxScore: 1 }).correct, false);
});

test('forget starts over', () => {
  const a = createAttempts();
  a.check(wrong);
  a.forget();
  assert.equal(a.answered(), false);
  assert.equal(a.check(right).recorded, true);
});

test('the learner is told what was recorded, never the answer', () => {
  const a = createAttempts();
  assert.match(describeRecord(a.check(wrong)), /^Recorded: your first answer \(0 of 1\)/);
  assert.match(describeRecord(a.check(right)), /^Practice: not recorded/);
  const b = createAttempts();
  assert.match(describeRecord(b.viewSolution(1)), /viewed before any answer/);
});

test('a record the course platform did not keep is never called "Recorded"', () => {
  const first = createAttempts().check(right);
  const told = describeRecord({ ...first, kept: false });
  assert.match(told, /^The course platform did not keep this record: your first answer \(1 of 1\)\./);
  assert.match(told, /This page keeps it until you leave/);
  assert.doesNotMatch(told, /Recorded/);
  const viewed = describeRecord({ ...createAttempts().viewSolution(4), kept: false });
  assert.match(viewed, /^The course platform did not keep this record: the solution, viewed before any answer/);
  assert.match(describeRecord({ ...first, kept: true }), /^Recorded: /);
});

test('option order: a permutation, stable per learner and question, different across learners', () => {
  const items = ['p', 'q', 'r', 's'];
  assert.deepEqual(shuffled(items, 7, 'Which pair?'), shuffled(items, 7, 'Which pair?'));
  assert.deepEqual([...shuffled(items, 7, 'Which pair?')].sort(), items);
  const orders = new Set(Array.from({ length: 50 }, (_, s) => shuffled(items, s + 1, 'Which pair?').join('')));
  assert.ok(orders.size > 10, `only ${orders.size} orders over 50 learners`);
  assert.equal(letter(2), 'c');
});

test('the right option lands in every place about equally often across learners', () => {
  const options = ['right', 'w1', 'w2', 'w3'];
  const counts = [0, 0, 0, 0];
  const learners = 4000;
  for (let s = 1; s <= learners; s++) counts[shuffled(options, s, 'q').indexOf('right')]++;
  for (const c of counts) assert.ok(Math.abs(c / learners - 0.25) < 0.03, `placement ${counts}`);
});

test('answering at random scores what chance gives', () => {
  // 3- and 4-option questions answered uniformly at random by 4000 learners: mean ≈ 1/n.
  for (const n of [3, 4]) {
    const options = Array.from({ length: n }, (_, i) => ({ id: `o${i}`, correct: i === 0, why: '' }));
    let total = 0;
    const learners = 4000;
    let state = 12345;
    const random = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let s = 1; s <= learners; s++) {
      const shown = shuffled(options, s, `question-${n}`);
      total += gradeChoice(options, shown[Math.floor(random() * n)].id).score;
    }
    assert.ok(Math.abs(total / learners - 1 / n) < 0.03, `${n} options: mean ${total / learners}`);
  }
});

test('a wrong choice is told why it is wrong, not which option is right', () => {
  const options = [
    { id: 'a', correct: true, label: 'The right one', why: 'because it is' },
    { id: 'b', correct: false, label: 'A wrong one', why: 'because it is not' },
  ];
  const graded = gradeChoice(options, 'b');
  assert.equal(graded.explanation, 'because it is not');
  assert.ok(!JSON.stringify(graded).includes('The right one'));
});

test('the learner seed is made once and kept', () => {
  const store = new Map();
  const storage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
  const seed = learnerSeed(storage);
  assert.ok(Number.isInteger(seed) && seed > 0);
  assert.equal(learnerSeed(storage), seed);
  store.set('pelab:learner-seed:v1', 'junk');
  assert.notEqual(learnerSeed(storage), NaN);
});

test('a prediction is recorded as its letter, never correct, and cannot change once recorded', () => {
  const a = createAttempts();
  const first = a.check({ prediction: 'b)', maxScore: 0 });
  assert.equal(first.recorded, true);
  assert.deepEqual(first.record, { correct: false, score: 0, maxScore: 0, prediction: 'b)', solutionViewed: false });
  // A second choice (the demo has shown the answer by now) is practice: the prediction stays.
  assert.equal(a.check({ prediction: 'a)', maxScore: 0 }).recorded, false);
  assert.equal(a.record.prediction, 'b)');
  assert.equal(a.viewSolution(0).recorded, false);
  assert.match(describeRecord(first), /^Recorded: your prediction, b\) \(not graded\)/);
  // The solution shown first closes the prediction: none is kept, and none can follow.
  const b = createAttempts();
  const viewed = b.viewSolution(0);
  assert.deepEqual(viewed.record, { correct: false, score: 0, maxScore: 0, prediction: null, solutionViewed: true });
  assert.equal(b.check({ prediction: 'a)', maxScore: 0 }).recorded, false);
  assert.equal(b.record.prediction, null);
  assert.match(describeRecord(viewed), /viewed before any prediction \(not graded\)/);
  assert.doesNotMatch(describeRecord(viewed), /points|of 0/);
});
