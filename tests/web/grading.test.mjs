// The lesson page's grading logic and progress store, without a browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gradeChoice, gradeTiles, gradeMatching, firstMismatch, ATTENTION_TILES } from '../../web/grading.js';
import { createProgress } from '../../web/progress.js';

const OPTIONS = [
  { id: 'a', label: 'right one', correct: true, why: 'because it is' },
  { id: 'b', label: 'wrong one', correct: false, why: 'because it is not' },
];

test('a choice is graded with its own explanation, and a wrong one also names the right answer', () => {
  assert.deepEqual(gradeChoice(OPTIONS, 'a'), { correct: true, score: 1, maxScore: 1, explanation: 'because it is', others: [] });
  const wrong = gradeChoice(OPTIONS, 'b');
  assert.equal(wrong.correct, false);
  assert.equal(wrong.score, 0);
  assert.equal(wrong.explanation, 'because it is not');
  assert.match(wrong.others[0], /right one.*because it is/);
  assert.throws(() => gradeChoice(OPTIONS, 'z'), RangeError);
});

test('attention tiles: complete and right, partial, and wrong at a named tile', () => {
  assert.equal(gradeTiles(ATTENTION_TILES).correct, true);
  const partial = gradeTiles(['softmax(', 'Q']);
  assert.equal(partial.correct, false);
  assert.match(partial.explanation, /4 more tile/);
  const wrong = gradeTiles(['softmax(', 'Q', 'K', '/√dₖ', ')', 'V']);
  assert.equal(wrong.firstWrong, 2);
  assert.match(wrong.explanation, /Tile 3 should be “Kᵀ”, not “K”/);
  assert.equal(gradeTiles([]).correct, false);
});

test('matching scores one point per right pair', () => {
  const key = { a: 'x', b: 'y', c: 'z' };
  assert.deepEqual(gradeMatching(key, { a: 'x', b: 'y', c: 'z' }).score, 3);
  const half = gradeMatching(key, { a: 'x', b: 'z', c: '' });
  assert.equal(half.score, 1);
  assert.equal(half.correct, false);
  assert.deepEqual(half.rows.map((r) => r.right), [true, false, false]);
});

test('firstMismatch locates position and dimension, and treats NaN and non-numbers as mismatches', () => {
  const expected = [0, 1, 0.5, 0.25];
  assert.equal(firstMismatch(expected, [0, 1, 0.5, 0.25], 2, 1e-6), null);
  assert.deepEqual(firstMismatch(expected, [0, 1, 0.5, 0.3], 2, 1e-6), { position: 1, dimension: 1, expected: 0.25, got: 0.3 });
  assert.equal(firstMismatch(expected, [NaN, 1, 0.5, 0.25], 2, 1e-6).position, 0);
  assert.equal(firstMismatch(expected, ['0', 1, 0.5, 0.25], 2, 1e-6).dimension, 0);
});

test('progress is saved, summarised, reset, and rebuilt clean from corrupt storage', () => {
  const store = new Map();
  const storage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
  const p = createProgress(['a', 'b'], storage);
  p.record('a', true);
  p.record('b', false);
  p.record('unknown', true);
  assert.deepEqual({ ...p.summary(), byId: undefined }, { total: 2, answered: 2, correct: 1, byId: undefined });
  assert.equal(createProgress(['a', 'b'], storage).summary().correct, 1);
  p.reset();
  assert.equal(createProgress(['a', 'b'], storage).summary().answered, 0);
  for (const junk of ['{', '[]', 'null', '{"a":{"answered":1,"correct":true}}', '"text"']) {
    store.set('pelab:progress:v1', junk);
    const fresh = createProgress(['a', 'b'], storage);
    assert.equal(fresh.summary().answered, 0, junk);
    assert.deepEqual(JSON.parse(store.get('pelab:progress:v1')), {});
  }
  const throwing = { getItem() { throw new Error('blocked'); }, setItem() { throw new Error('blocked'); } };
  assert.equal(createProgress(['a'], throwing).summary().total, 1);
});
