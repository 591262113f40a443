// What a course platform is told (web/platforms/report.js): the package's score and statuses from the
// lesson's records, each record as a SCORM interaction, and the session time in each version's format.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { interactionIndex, interactionOf, sessionTime, shapedIds, statusOf } from '../../web/platforms/report.js';
import { exercises } from '../../web/exercises/index.js';
import { letter, shuffled } from '../../web/order.js';

const byId = (id) => exercises.find((e) => e.id === id);
const rec = (score, maxScore, extra = {}) => ({ correct: score === maxScore, score, maxScore, answer: null, ...extra });

test('the score is the sum of first-attempt scores over every maxScore; complete only when all are answered', () => {
  const maxScores = { a: 1, b: 4, c: 1 };
  const partial = statusOf({ records: { a: rec(1, 1), b: rec(3, 4) }, maxScores, passing: 0.8 });
  assert.equal(partial.points, 4);
  assert.equal(partial.maxPoints, 6);
  assert.equal(partial.scaled, 4 / 6);
  assert.equal(partial.percent, 66.67);
  assert.equal(partial.complete, false);
  assert.equal(partial.passed, null, 'no verdict before the end');
  const viewed = { a: rec(1, 1), b: rec(3, 4), c: rec(0, 1, { solutionViewed: true }) };
  const done = statusOf({ records: viewed, maxScores, passing: 0.8 });
  assert.equal(done.complete, true);
  assert.equal(done.passed, false, '4 of 6 is below 0.8');
  assert.equal(statusOf({ records: viewed, maxScores, passing: 0.6 }).passed, true);
  // Nothing graded (no exercise, or only a prediction): no score out of 0, only completion.
  assert.deepEqual(statusOf({ records: {}, maxScores: {}, passing: 1 }).scaled, null);
});

test('a package whose only question is a prediction reports completion, never a score out of 0', () => {
  const prediction = { correct: false, score: 0, maxScore: 0, prediction: 'b)', solutionViewed: false };
  const before = statusOf({ records: {}, maxScores: { p: 0 }, passing: 1 });
  assert.deepEqual(before, { points: 0, maxPoints: 0, scaled: null, percent: null, complete: false, passed: null });
  const after = statusOf({ records: { p: prediction }, maxScores: { p: 0 }, passing: 1 });
  assert.deepEqual(after, { points: 0, maxPoints: 0, scaled: null, percent: null, complete: true, passed: null });
  // Beside graded exercises it counts towards completion and nothing else.
  const mixed = statusOf({ records: { p: prediction, a: rec(1, 1) }, maxScores: { p: 0, a: 1 }, passing: 1 });
  assert.deepEqual(mixed, { points: 1, maxPoints: 1, scaled: 1, percent: 100, complete: true, passed: true });
});

test('a prediction is an interaction without a score: result neutral, weighting 0, the option predicted', () => {
  const e = byId('swap-invariance');
  const q = e.questions[0];
  for (const seed of [1, 77, 4242]) {
    const shown = shuffled(q.options, seed, q.prompt);
    shown.forEach((option, i) => {
      const record = { correct: false, score: 0, maxScore: 0, prediction: `${letter(i)})`, solutionViewed: false };
      for (const version of ['1.2', '2004']) {
        const r = interactionOf(e, record, { version, seed });
        assert.equal(r.type, 'choice');
        assert.equal(r.result, 'neutral', 'neither correct nor wrong, whichever option');
        assert.equal(r.weighting, 0);
        assert.equal(r.correctResponse, null, 'nothing to be graded against');
        assert.equal(r.response, version === '1.2' ? letter(q.options.indexOf(option)) : option.id);
      }
    });
  }
  const viewed = { correct: false, score: 0, maxScore: 0, prediction: null, solutionViewed: true };
  const r = interactionOf(e, viewed, { version: '2004', seed: 1 });
  assert.equal(r.response, null);
  assert.equal(r.result, 'neutral');
});

test('a choice record becomes the option id the learner picked, whatever letter they saw', () => {
  const e = byId('buffer-vs-parameter');
  const q = e.questions[0];
  for (const seed of [1, 77, 4242]) {
    const shown = shuffled(q.options, seed, q.prompt);
    shown.forEach((option, i) => {
      for (const version of ['1.2', '2004']) {
        const r = interactionOf(e, rec(option.correct ? 1 : 0, 1, { answer: `${letter(i)})` }), { version, seed });
        assert.equal(r.type, 'choice');
        // 2004: the option's id; 1.2 (single characters only): its letter in data order, a, b, c…
        const name = (o) => (version === '1.2' ? letter(q.options.indexOf(o)) : o.id);
        assert.equal(r.response, name(option));
        assert.match(r.response, version === '1.2' ? /^[a-z]$/ : /./);
        assert.equal(r.correctResponse, name(q.options.find((o) => o.correct)));
        assert.equal(r.result, option.correct ? 'correct' : version === '1.2' ? 'wrong' : 'incorrect');
      }
    });
  }
  const viewed = interactionOf(e, rec(0, 1, { solutionViewed: true }), { version: '2004', seed: 1 });
  assert.equal(viewed.response, null, 'the solution viewed first has no response');
  assert.equal(viewed.result, 'incorrect');
});

test('the other kinds: sequencing, matching, numeric and code, as each version writes them', () => {
  const seq = interactionOf(byId('attention-equation'), rec(1, 1, { answer: 'softmax( Q Kᵀ /√dₖ ) V' }), {
    version: '2004',
    seed: 1,
  });
  assert.equal(seq.type, 'sequencing');
  const tokens = seq.response.split('[,]');
  assert.deepEqual(tokens.map(decodeURIComponent), ['softmax(', 'Q', 'Kᵀ', '/√dₖ', ')', 'V']);
  // SCORM 2004's short identifier: its characters, and at least one letter or digit
  for (const t of tokens) assert.match(t, /^(?=.*\w)[\w\-()+.:=@;$_!*'%/#]{1,250}$/);
  const answer = JSON.stringify({ unambiguous: 'distance', deterministic: '', 'distance-aware': 'seed' });
  const match12 = interactionOf(byId('four-properties'), rec(1, 4, { answer }), { version: '1.2', seed: 1 });
  assert.equal(match12.type, 'fill-in', 'SCORM 1.2 matching takes single characters: free text instead');
  assert.equal(match12.response, 'unambiguous.distance,distance%2Daware.seed', 'an unanswered row is left out');
  assert.equal(match12.weighting, 4);
  const match04 = interactionOf(byId('four-properties'), rec(1, 4, { answer }), { version: '2004', seed: 1 });
  assert.equal(match04.response, 'unambiguous[.]distance[,]distance%2Daware[.]seed');
  for (const [text, want] of [
    ['12.5', '12.5'],
    ['-3', '-3'],
    ['1e-7', '0.0000001'],
    ['2.5e+12', null],
  ])
    assert.equal(
      interactionOf(byId('norm-of-pe'), rec(0, 1, { answer: text }), { version: '2004', seed: 1 }).response,
      want,
    );
  const code = 'return Math.sin(p);'.repeat(30);
  const long = interactionOf(byId('implement-it'), rec(1, 1, { answer: code }), { version: '2004', seed: 1 });
  assert.equal(long.type, 'long-fill-in');
  assert.equal(long.response, code);
  const short = interactionOf(byId('implement-it'), rec(1, 1, { answer: code }), { version: '1.2', seed: 1 });
  assert.equal(short.type, 'fill-in', 'SCORM 1.2 has no long-fill-in');
  assert.equal(short.response, code.slice(0, 255));
  assert.throws(() => interactionOf(byId('norm-of-pe'), rec(0, 1), { version: '1.3', seed: 1 }), RangeError);
});

test('every exercise has an interaction shape: one choice question, or a listed kind', () => {
  for (const id of shapedIds) assert.ok(byId(id), `${id} is an exercise`);
  for (const e of exercises)
    if (!shapedIds.includes(e.id)) {
      assert.equal(e.questions?.length, 1, `${e.id}: one choice question`);
      assert.equal(e.questions[0].options.filter((o) => o.correct).length, 1);
    }
});

test('session time: SCORM 1.2 CMITimespan and SCORM 2004 ISO 8601 duration', () => {
  const ms = ((2 * 60 + 3) * 60 + 4.56) * 1000;
  assert.equal(sessionTime(ms, '1.2'), '02:03:04.56');
  assert.equal(sessionTime(ms, '2004'), 'PT2H3M4.56S');
  assert.equal(sessionTime(0, '1.2'), '00:00:00.00');
  assert.equal(sessionTime(-5, '2004'), 'PT0H0M0.00S');
  assert.match(sessionTime(123456789, '1.2'), /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/);
});

test('cmi.interactions._count is an index only as plain digits below 10,000; anything else is refused (null)', () => {
  for (const [count, index] of [
    ['0', 0],
    ['3', 3],
    ['26', 26],
    ['9999', 9999],
  ])
    assert.equal(interactionIndex(count), index, count);
  for (const count of ['-3', 'NaN', '1e9', '1000000000', '10000', '2x', '', ' 1', '1 ', '1.5', '+1', '0x10', '١'])
    assert.equal(interactionIndex(count), null, JSON.stringify(count));
});
