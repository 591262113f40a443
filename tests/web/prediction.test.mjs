// A predict-first question is recorded, not graded (web/records/prediction.js): what a stored prediction
// must be, and what a record stored while the question was graded becomes (the record migration's rule).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkedPrediction, fromGradedPrediction, rightLetter } from '../../web/records/prediction.js';
import { checkedRecord } from '../../web/progress.js';
import { findExercise, isPrediction, maxScores } from '../../web/exercises/index.js';
import { letter, shuffled } from '../../web/order.js';

const PREDICTIONS = ['swap-invariance', 'absolute-vs-relative', 'longer-than-trained', 'train-it'];

test('the predict-first exercises are worth 0 and no other is', () => {
  for (const [id, maxScore] of maxScores()) {
    const predicts = PREDICTIONS.includes(id);
    assert.equal(isPrediction(findExercise(id)), predicts, id);
    assert.equal(maxScore === 0, predicts, `${id}: maxScore ${maxScore}`);
  }
});

test('rightLetter is the letter this learner sees beside the right option', () => {
  const q = findExercise('swap-invariance').questions[0];
  for (const seed of [1, 77, 4242, 2 ** 32 - 1]) {
    const shown = shuffled(q.options, seed, q.prompt);
    assert.equal(rightLetter(q, seed), `${letter(shown.findIndex((o) => o.correct))})`);
  }
});

test('a record stored while the question was graded becomes a prediction that grades nothing', () => {
  const old = (score, extra = {}) => ({
    answered: true,
    correct: score === 1,
    score,
    maxScore: 1,
    solutionViewed: false,
    ...extra,
  });
  const clean = (prediction, solutionViewed = false) => ({
    answered: true,
    correct: false,
    score: 0,
    maxScore: 0,
    solutionViewed,
    prediction,
  });
  // Right: the prediction was the right option, whose letter the caller knows from the learner's seed.
  assert.deepEqual(fromGradedPrediction(old(1), 'c)'), clean('c)'));
  assert.deepEqual(fromGradedPrediction(old(1)), clean(null), 'no seed: which letter is not known');
  // Wrong: which wrong option is not known (today's records keep no answer).
  assert.deepEqual(fromGradedPrediction(old(0), 'c)'), clean(null));
  // The solution viewed first: no prediction was made.
  assert.deepEqual(fromGradedPrediction(old(0, { solutionViewed: true }), 'c)'), clean(null, true));
  // Anything the old check refused is dropped, as it would have been.
  for (const bad of [
    null,
    'text',
    [],
    old(1000, { maxScore: 1000, correct: true }),
    old(1, { correct: false }),
    old(1, { solutionViewed: true }),
    old(0.5),
    { ...old(0), maxScore: 0 },
  ])
    assert.equal(fromGradedPrediction(bad, 'a)'), null, JSON.stringify(bad));
  assert.equal(fromGradedPrediction(old(1), 'same').prediction, null, 'a right letter that is no letter is not kept');
  // What it makes passes the one check of every stored record, against the exercise's maxScore of 0.
  for (const made of [
    fromGradedPrediction(old(1), 'c)'),
    fromGradedPrediction(old(0)),
    fromGradedPrediction(old(0, { solutionViewed: true })),
  ])
    assert.deepEqual(checkedRecord(made, 0), made);
});

test('checkedPrediction: a letter or null, never a score, never correct, no prediction after the solution', () => {
  assert.deepEqual(checkedPrediction({ maxScore: 0, prediction: 'a)' }), {
    answered: true,
    correct: false,
    score: 0,
    maxScore: 0,
    solutionViewed: false,
    prediction: 'a)',
  });
  for (const bad of [
    { maxScore: 0, prediction: 'a)', correct: true },
    { maxScore: 0, prediction: 'a)', score: 1 },
    { maxScore: 0, prediction: 'a)', solutionViewed: true },
    { maxScore: 0, prediction: 'a)', solutionViewed: 'no' },
    { maxScore: 0, prediction: 3 },
    { maxScore: '0', prediction: 'a)' },
    { prediction: 'a)' },
  ])
    assert.equal(checkedPrediction(bad), null, JSON.stringify(bad));
});
