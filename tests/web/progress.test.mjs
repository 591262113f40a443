// Stored progress is data from outside (another tab, an old version, a hand-edited localStorage): only
// records exactly like those record() writes are believed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkedRecord, createProgress } from '../../web/progress.js';
import { maxScores } from '../../web/exercises/index.js';

const KEY = 'pelab:progress:v2';
const keptIn = (storage) => JSON.parse(storage.store.get(KEY)).records;
// Exercises worth 1 point each (one question), as createProgress takes them: id → maxScore.
const worthOne = (...ids) => new Map(ids.map((id) => [id, 1]));
// A store holding `value` as the records of today's format ({version: 2, records}); `keptIn(storage)` reads them back.
function storageWith(value) {
  const store = new Map([[KEY, JSON.stringify({ version: 2, records: value })]]);
  return { store, getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
}

test('a stored record counts only as record() writes it, under a known own id', () => {
  const right = { answered: true, correct: true, score: 1, maxScore: 1 };
  const wrong = { answered: true, correct: false, score: 0, maxScore: 1 };
  const cases = [
    [{ ...right, answered: false }, 0, 0],
    [{ ...wrong, answered: false }, 0, 0],
    [{ ...right, answered: 'true' }, 0, 0],
    [{ ...right, answered: 1 }, 0, 0],
    [{ ...right, correct: 'true' }, 0, 0],
    [{ ...right, correct: 1 }, 0, 0],
    [{ answered: true }, 0, 0],
    [[true, true], 0, 0],
    [null, 0, 0],
    [wrong, 1, 0],
    [right, 1, 1],
    [{ ...right, extra: 'dropped' }, 1, 1],
    [{ ...right, solutionViewed: true }, 0, 0],
    [{ ...wrong, solutionViewed: 'yes' }, 0, 0],
    [{ ...wrong, solutionViewed: true }, 1, 0],
    // Without its score a record cannot be checked against the exercise (an early version's form).
    [{ answered: true, correct: true }, 0, 0],
    [{ answered: true, correct: false }, 0, 0],
  ];
  for (const [entry, answered, correct] of cases) {
    const storage = storageWith({ a: entry });
    const summary = createProgress(worthOne('a', 'b'), storage).summary();
    assert.deepEqual([summary.answered, summary.correct], [answered, correct], JSON.stringify(entry));
    // What is written back is the clean form only.
    const kept = answered
      ? {
          a: {
            answered: true,
            correct: Boolean(correct),
            score: correct,
            maxScore: 1,
            solutionViewed: entry.solutionViewed === true,
          },
        }
      : {};
    assert.deepEqual(keptIn(storage), kept, JSON.stringify(entry));
  }
});

test('a stored record counts only with its exercise’s own maxScore and a whole score from 0 to it', () => {
  const record = (score, maxScore, extra = {}) => ({
    answered: true,
    correct: score === maxScore,
    score,
    maxScore,
    ...extra,
  });
  const cases = [
    // [record, the exercise's maxScore, kept]
    [record(1000, 1000), 1, false], // the inflated record: 1000 of 1000 for an exercise worth 1
    [record(1, 1), 1, true],
    [record(4, 4), 4, true],
    [record(3, 4), 4, true],
    [record(0, 4, { solutionViewed: true }), 4, true],
    [record(1, 1), 4, false], // right, but not out of this exercise's 4
    [record(4, 4), 1, false],
    [record(5, 4), 4, false],
    [record(-1, 4), 4, false],
    [record(0.5, 1), 1, false],
    [record(2.5, 4), 4, false],
    [record(NaN, 1), 1, false],
    [record(Infinity, Infinity), 1, false],
    [record('1', 1), 1, false],
    [record(1, '1'), 1, false],
    [record(1, 1.0000001), 1, false],
    [{ ...record(3, 4), correct: true }, 4, false], // correct only with the full score, as every grader says
    [{ ...record(4, 4), correct: false }, 4, false],
    [record(4, 4, { solutionViewed: true }), 4, false],
  ];
  for (const [entry, maxScore, kept] of cases) {
    const storage = storageWith({ a: entry });
    const p = createProgress(new Map([['a', maxScore]]), storage);
    assert.equal(p.summary().answered, kept ? 1 : 0, `${JSON.stringify(entry)} against ${maxScore}`);
    assert.equal(p.restored('a')?.score ?? null, kept ? entry.score : null);
    assert.equal(checkedRecord(entry, maxScore) !== null, kept);
    // record() holds to the same rule (the page's own records always pass it).
    const fresh = createProgress(new Map([['a', maxScore]]), storageWith({}));
    fresh.record('a', entry);
    assert.equal(fresh.summary().answered, kept ? 1 : 0, `record(${JSON.stringify(entry)}) against ${maxScore}`);
  }
  // The exercises' own maxScores: mask-order is worth 1, four-properties 4.
  const stored = storageWith({ 'mask-order': record(1000, 1000), 'four-properties': record(4, 4) });
  const p = createProgress(maxScores(), stored);
  assert.deepEqual(Object.keys(p.summary().byId), ['four-properties']);
  assert.deepEqual(Object.keys(keptIn(stored)), ['four-properties'], 'the lie is not kept');
});

test('unknown ids and inherited names are ignored; ids like __proto__ stay plain data', () => {
  const right = { answered: true, correct: true, score: 1, maxScore: 1 };
  const storage = storageWith({ zzz: right });
  assert.equal(createProgress(worthOne('a'), storage).summary().correct, 0);
  assert.deepEqual(keptIn(storage), {});
  // 'constructor' is not an own key of the stored object, so Object.prototype.constructor is not read.
  assert.equal(createProgress(worthOne('constructor', 'toString'), storageWith({})).summary().answered, 0);
  const odd = storageWith(JSON.parse(`{"__proto__": ${JSON.stringify(right)}}`));
  const p = createProgress(worthOne('__proto__', 'a'), odd);
  assert.equal(p.summary().correct, 1);
  p.record('a', { correct: true, score: 1, maxScore: 1 });
  assert.equal(p.summary().correct, 2);
  assert.ok(Object.hasOwn(p.summary().byId, '__proto__'));
  assert.equal(createProgress(worthOne('__proto__', 'a'), odd).summary().correct, 2, 'both survive a reload');
});

test('record() counts only a real true as correct, and never with the solution viewed', () => {
  const p = createProgress(worthOne('a', 'b', 'c', 'd'), storageWith({}));
  p.record('a', { correct: 'yes', score: 0, maxScore: 1 });
  p.record('b', { correct: 1, score: 0, maxScore: 1 });
  p.record('c', { correct: true, score: 1, maxScore: 1 });
  p.record('d', { correct: true, score: 1, maxScore: 1, solutionViewed: true });
  assert.deepEqual([p.summary().answered, p.summary().correct], [3, 1]);
  assert.deepEqual(p.restored('c'), { correct: true, score: 1, maxScore: 1, answer: null, solutionViewed: false });
  assert.equal(p.restored('d'), null);
});

test('two pages of one site (two tabs, two frames) keep each other’s records, and an exercise’s first stays', () => {
  const storage = storageWith({});
  const first = createProgress(worthOne('a', 'b'), storage);
  const second = createProgress(worthOne('a', 'b'), storage); // read before the first page recorded anything
  first.record('a', { correct: true, score: 1, maxScore: 1 });
  second.record('b', { correct: false, score: 0, maxScore: 1 });
  second.record('a', { correct: false, score: 0, maxScore: 1 }); // the first page's record of 'a' came first
  assert.deepEqual(keptIn(storage), {
    a: { answered: true, correct: true, score: 1, maxScore: 1, solutionViewed: false },
    b: { answered: true, correct: false, score: 0, maxScore: 1, solutionViewed: false },
  });
});

test('a lesson reset in one tab is not undone by another tab that read the records before it', () => {
  // Lesson 1 in one tab, lesson 2 (or lesson 1 again) in another: both read the shared store at load.
  const storage = storageWith({});
  const right = { correct: true, score: 1, maxScore: 1 };
  const lessonOne = createProgress(worthOne('a', 'b', 'c'), storage, { counted: ['a', 'b'] });
  lessonOne.record('a', right);
  const lessonTwo = createProgress(worthOne('a', 'b', 'c'), storage, { counted: ['c'] });
  const lessonOneAgain = createProgress(worthOne('a', 'b', 'c'), storage, { counted: ['a', 'b'] });
  lessonOne.reset();
  lessonTwo.record('c', right);
  lessonOneAgain.record('b', right);
  assert.deepEqual(Object.keys(keptIn(storage)).sort(), ['b', 'c'], 'the reset record of a stays forgotten');
  // A page whose store refused its writes keeps its own records in memory, beside what the store holds.
  const full = { ...storageWith({}), setItem: () => false };
  const alone = createProgress(worthOne('a', 'b'), full);
  alone.record('a', right);
  alone.record('b', right);
  assert.equal(alone.summary().answered, 2);
});

test('a prediction (maxScore 0) is kept as a letter, counts as answered, never as right', () => {
  const prediction = (extra = {}) => ({
    answered: true,
    maxScore: 0,
    solutionViewed: false,
    prediction: 'b)',
    ...extra,
  });
  const cases = [
    // [record, kept]
    [prediction(), true],
    [prediction({ correct: false, score: 0 }), true],
    [prediction({ prediction: null, solutionViewed: true }), true],
    [prediction({ prediction: null }), true], // a migrated one: predicted, which option not kept
    [prediction({ correct: true }), false], // 0 of 0 is no full score: a prediction is never right
    [prediction({ score: 1 }), false],
    [prediction({ solutionViewed: true }), false], // no prediction after the answer was shown
    [prediction({ prediction: 'same' }), false], // a letter as shown, not an option's id
    [prediction({ prediction: 'b) and more' }), false],
    [prediction({ maxScore: 1 }), false],
    [{ answered: true, correct: true, score: 1, maxScore: 1 }, false], // a graded record, against 0
  ];
  for (const [entry, kept] of cases) {
    assert.equal(checkedRecord(entry, 0) !== null, kept, JSON.stringify(entry));
    const p = createProgress(new Map([['p', 0]]), storageWith({ p: entry }));
    assert.equal(p.summary().answered, kept ? 1 : 0, JSON.stringify(entry));
    assert.equal(p.summary().correct, 0);
  }
  const p = createProgress(
    new Map([
      ['p', 0],
      ['a', 1],
    ]),
    storageWith({}),
  );
  p.record('p', { correct: false, score: 0, maxScore: 0, prediction: 'c)', solutionViewed: false });
  p.record('a', { correct: true, score: 1, maxScore: 1, answer: 'a)' });
  assert.deepEqual(
    { ...p.summary(), byId: undefined },
    { total: 2, graded: 1, answered: 2, correct: 1, byId: undefined },
  );
  assert.deepEqual(p.restored('p'), { correct: false, score: 0, maxScore: 0, prediction: 'c)', solutionViewed: false });
  // A graded exercise's record is never read as a prediction, nor a prediction against a maxScore of 1.
  assert.equal(checkedRecord({ maxScore: 0, prediction: 'c)' }, 1), null);
});
