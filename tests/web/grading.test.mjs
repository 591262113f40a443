// The lesson page's grading logic and progress store, without a browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  gradeChoice,
  gradeNumber,
  gradeTiles,
  gradeMatching,
  firstMismatch,
  ATTENTION_TILES,
} from '../../web/grading.js';
import { createProgress } from '../../web/progress.js';

const OPTIONS = [
  { id: 'a', label: 'right one', correct: true, why: 'because it is' },
  { id: 'b', label: 'wrong one', correct: false, why: 'because it is not' },
];

test('a choice is graded with its own explanation only: a wrong one does not name the right answer', () => {
  assert.deepEqual(gradeChoice(OPTIONS, 'a'), { correct: true, score: 1, maxScore: 1, explanation: 'because it is' });
  const wrong = gradeChoice(OPTIONS, 'b');
  assert.equal(wrong.correct, false);
  assert.equal(wrong.score, 0);
  assert.equal(wrong.explanation, 'because it is not');
  assert.ok(!JSON.stringify(wrong).includes('right one'));
  assert.throws(() => gradeChoice(OPTIONS, 'z'), RangeError);
});

test('a number is right within its tolerance; text that is no number is no answer', () => {
  assert.equal(gradeNumber('35.3', 35.31, 0.5).correct, true);
  assert.equal(gradeNumber(' 3.53e1 ', 35.31, 0.5).correct, true);
  assert.equal(gradeNumber('36', 35.31, 0.5).correct, false);
  assert.match(gradeNumber('36', 35.31, 0.5).explanation, /too large/);
  assert.match(gradeNumber('34', 35.31, 0.5).explanation, /too small/);
  assert.equal(gradeNumber('6', 6, 0).correct, true);
  assert.equal(gradeNumber('6.5', 6, 0).correct, false);
  for (const junk of ['', 'abc', '1/2', 'Infinity', 'NaN'])
    assert.ok(Number.isNaN(gradeNumber(junk, 1, 0.1).value), junk);
  assert.equal(gradeNumber('−2,5', -2.5, 0.01).correct, true);
  // Commas that group thousands are read as such; any other comma is a decimal comma.
  assert.equal(gradeNumber('82,685', 82684.6, 100).value, 82685);
  assert.equal(gradeNumber('1,234,567.5', 0, 1).value, 1234567.5);
  assert.equal(gradeNumber('0,5', 0, 1).value, 0.5);
  assert.equal(gradeNumber('82,68', 0, 1).value, 82.68);
  assert.equal(gradeNumber('1234,567', 0, 1).value, 1234.567);
});

test('attention tiles: complete and right, partial, and wrong at a named tile', () => {
  assert.equal(gradeTiles(ATTENTION_TILES).correct, true);
  // Unfinished sequences are not graded, and learn nothing about their tiles, right prefix or wrong.
  const right = gradeTiles(['softmax(', 'Q']),
    wrongStart = gradeTiles(['V', 'Q']);
  assert.equal(right.graded, false);
  assert.equal(right.explanation, wrongStart.explanation);
  assert.ok(!right.explanation.includes('Kᵀ'), 'a partial answer is not told the next tile');
  assert.equal(gradeTiles([...ATTENTION_TILES, 'V']).graded, false);
  const wrong = gradeTiles(['softmax(', 'Q', 'K', '/√dₖ', ')', 'V']);
  assert.equal(wrong.firstWrong, 2);
  assert.match(wrong.explanation, /Tile 3 \(“K”\) is where it first goes wrong/);
  assert.ok(!wrong.explanation.includes('Kᵀ'), 'the right tile is not named');
  assert.equal(gradeTiles([]).graded, false);
});

test('attention tiles: softmax(Q/√dₖ·Kᵀ)V is the same equation, and is right', () => {
  const scaledFirst = ['softmax(', 'Q', '/√dₖ', 'Kᵀ', ')', 'V'];
  assert.equal(gradeTiles(scaledFirst).correct, true);
  assert.equal(gradeTiles(scaledFirst).score, 1);
  // Wrong after that start: the tile no right form has there is named.
  const wrong = gradeTiles(['softmax(', 'Q', '/√dₖ', 'K', ')', 'V']);
  assert.equal(wrong.firstWrong, 3);
  assert.match(wrong.explanation, /Tile 4 \(“K”\) is where it first goes wrong/);
  assert.equal(gradeTiles(['softmax(', 'Q', 'Kᵀ', ')', '/√dₖ', 'V']).firstWrong, 3);
});

test('matching scores one point per right pair', () => {
  const key = { a: 'x', b: 'y', c: 'z' };
  assert.deepEqual(gradeMatching(key, { a: 'x', b: 'y', c: 'z' }).score, 3);
  const half = gradeMatching(key, { a: 'x', b: 'z', c: '' });
  assert.equal(half.score, 1);
  assert.equal(half.correct, false);
  assert.deepEqual(
    half.rows.map((r) => r.right),
    [true, false, false],
  );
});

test('firstMismatch locates position and dimension, and treats NaN and non-numbers as mismatches', () => {
  const expected = [0, 1, 0.5, 0.25];
  assert.equal(firstMismatch(expected, [0, 1, 0.5, 0.25], 2, 1e-6), null);
  assert.deepEqual(firstMismatch(expected, [0, 1, 0.5, 0.3], 2, 1e-6), {
    position: 1,
    dimension: 1,
    expected: 0.25,
    got: 0.3,
  });
  assert.equal(firstMismatch(expected, [NaN, 1, 0.5, 0.25], 2, 1e-6).position, 0);
  assert.equal(firstMismatch(expected, ['0', 1, 0.5, 0.25], 2, 1e-6).dimension, 0);
});

test('progress is saved, summarised, reset, and rebuilt clean from corrupt storage', () => {
  const store = new Map();
  const storage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
  const ab = new Map([
    ['a', 1],
    ['b', 1],
  ]);
  const p = createProgress(ab, storage);
  p.record('a', { correct: true, score: 1, maxScore: 1 });
  p.record('b', { correct: false, score: 0, maxScore: 1 });
  p.record('unknown', { correct: true, score: 1, maxScore: 1 });
  assert.deepEqual(
    { ...p.summary(), byId: undefined },
    { total: 2, graded: 2, answered: 2, correct: 1, byId: undefined },
  );
  assert.equal(createProgress(ab, storage).summary().correct, 1);
  p.reset();
  assert.equal(createProgress(ab, storage).summary().answered, 0);
  for (const junk of ['{', '[]', 'null', '{"a":{"answered":1,"correct":true}}', '"text"']) {
    store.set('pelab:progress:v2', junk);
    const fresh = createProgress(ab, storage);
    assert.equal(fresh.summary().answered, 0, junk);
    assert.deepEqual(JSON.parse(store.get('pelab:progress:v2')), { version: 2, records: {} });
  }
  const throwing = {
    getItem() {
      throw new Error('blocked');
    },
    setItem() {
      throw new Error('blocked');
    },
  };
  assert.equal(createProgress(new Map([['a', 1]]), throwing).summary().total, 1);
});

test('a number typed as a learner of Spanish or Chinese may type it grades as that number', () => {
  const cases = [
    ['82 685', 82685], // Spanish groups thousands with a space (RAE), also a no-break or thin one
    ['82\u00a0685', 82685],
    ['82\u202f685', 82685],
    ['82.685', 82685], // …or with a point
    ['1.234,5', 1234.5],
    ['0,5', 0.5],
    ['８２６８５', 82685], // a Chinese input method's full-width digits
    ['０．５', 0.5],
    ['0。5', 0.5], // its full stop
    ['- 3,375', -3.375], // a dash, a space after the minus
    ['–3,375', -3.375],
  ];
  for (const [typed, value] of cases) assert.equal(gradeNumber(typed, value, 1e-9).correct, true, typed);
  // Not numbers, whatever the language: nothing is graded.
  for (const typed of ['12 34', '1,2,3', '', '--1', 'cinco'])
    assert.ok(Number.isNaN(gradeNumber(typed, 1, 0).value), typed);
});
