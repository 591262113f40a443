// Stored progress is data from outside (another tab, an old version, a hand-edited localStorage): only
// records exactly like those record() writes are believed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createProgress } from '../../web/progress.js';

const KEY = 'pelab:progress:v1';
function storageWith(value) {
  const store = new Map([[KEY, JSON.stringify(value)]]);
  return { store, getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
}

test('a stored record counts only as {answered: true, correct: boolean}, under a known own id', () => {
  const cases = [
    [{ answered: false, correct: true }, 0, 0],
    [{ answered: false, correct: false }, 0, 0],
    [{ answered: 'true', correct: true }, 0, 0],
    [{ answered: 1, correct: true }, 0, 0],
    [{ answered: true, correct: 'true' }, 0, 0],
    [{ answered: true, correct: 1 }, 0, 0],
    [{ answered: true }, 0, 0],
    [[true, true], 0, 0],
    [null, 0, 0],
    [{ answered: true, correct: false }, 1, 0],
    [{ answered: true, correct: true }, 1, 1],
    [{ answered: true, correct: true, extra: 'dropped' }, 1, 1],
    [{ answered: true, correct: true, solutionViewed: true }, 0, 0],
    [{ answered: true, correct: false, solutionViewed: 'yes' }, 0, 0],
    [{ answered: true, correct: true, score: 5, maxScore: 4 }, 0, 0],
    [{ answered: true, correct: false, score: 0, maxScore: 1, solutionViewed: true }, 1, 0],
  ];
  for (const [entry, answered, correct] of cases) {
    const storage = storageWith({ a: entry });
    const summary = createProgress(['a', 'b'], storage).summary();
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
    assert.deepEqual(JSON.parse(storage.store.get(KEY)), kept, JSON.stringify(entry));
  }
});

test('unknown ids and inherited names are ignored; ids like __proto__ stay plain data', () => {
  const storage = storageWith({ zzz: { answered: true, correct: true } });
  assert.equal(createProgress(['a'], storage).summary().correct, 0);
  assert.deepEqual(JSON.parse(storage.store.get(KEY)), {});
  // 'constructor' is not an own key of the stored object, so Object.prototype.constructor is not read.
  assert.equal(createProgress(['constructor', 'toString'], storageWith({})).summary().answered, 0);
  const odd = storageWith(JSON.parse('{"__proto__": {"answered": true, "correct": true}}'));
  const p = createProgress(['__proto__', 'a'], odd);
  assert.equal(p.summary().correct, 1);
  p.record('a', { correct: true, score: 1, maxScore: 1 });
  assert.equal(p.summary().correct, 2);
  assert.ok(Object.hasOwn(p.summary().byId, '__proto__'));
  assert.equal(createProgress(['__proto__', 'a'], odd).summary().correct, 2, 'both survive a reload');
});

test('record() counts only a real true as correct, and never with the solution viewed', () => {
  const p = createProgress(['a', 'b', 'c', 'd'], storageWith({}));
  p.record('a', { correct: 'yes', score: 0, maxScore: 1 });
  p.record('b', { correct: 1, score: 0, maxScore: 1 });
  p.record('c', { correct: true, score: 1, maxScore: 1 });
  p.record('d', { correct: true, score: 1, maxScore: 1, solutionViewed: true });
  assert.deepEqual([p.summary().answered, p.summary().correct], [3, 1]);
  assert.deepEqual(p.restored('c'), { correct: true, score: 1, maxScore: 1, answer: null, solutionViewed: false });
  assert.equal(p.restored('d'), null);
});
