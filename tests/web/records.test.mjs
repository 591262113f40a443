// Records kept by the one-page lesson (version 1) migrate to today's format (web/records/migrate.js) wherever
// they are kept: the site's storage, a SCORM package's suspend data, the records an embed sent, a course page's
// host store. tests/web/fixtures/records-v1.json is what main at 43041d8 (the last version-1 lesson) wrote:
// its own web/progress.js recording into a localStorage-like store.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createProgress } from '../../web/progress.js';
import { exercises, maxScores } from '../../web/exercises/index.js';
import { mergedFrom, migrateV1 } from '../../web/records/migrate.js';
import { rightLetter } from '../../web/records/prediction.js';
import { restoredRecord } from '../../web/platforms/h5p/records.js';

const v1 = JSON.parse(await readFile(new URL('./fixtures/records-v1.json', import.meta.url), 'utf8'));
const storeOf = (entries) => {
  const store = new Map(Object.entries(entries));
  return { store, getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, String(v)) };
};
const all = maxScores(exercises);

test('version-1 progress in the site storage migrates on first read and is written as version 2', () => {
  const storage = storeOf(v1);
  const p = createProgress(all, storage);
  const byId = p.summary().byId;
  assert.deepEqual(byId['mask-order'], { answered: true, correct: true, score: 1, maxScore: 1, solutionViewed: false });
  assert.deepEqual(byId['four-properties'].score, 2, 'a partial score is kept as it was');
  assert.equal(byId.rope.solutionViewed, true);
  const written = JSON.parse(storage.store.get('pelab:progress:v2'));
  assert.equal(written.version, 2);
  assert.deepEqual(Object.keys(written.records).sort(), Object.keys(byId).sort());
  assert.equal(storage.store.get('pelab:progress:v1'), v1['pelab:progress:v1'], 'the old record is left as it was');
  // Once version 2 is there it is the record: the old one is not read again (a reset stays a reset).
  p.reset();
  assert.equal(createProgress(all, storage).summary().answered, 0);
});

test('merged exercises keep the first record in the one-page order, under the merged id', () => {
  // The fixture has clock-hands (wrong) and shifted-dot-product (right): clock-hands came first on the page.
  const migrated = migrateV1(JSON.parse(v1['pelab:progress:v1']));
  assert.equal(migrated['clock-hands'].correct, false);
  assert.ok(!('shifted-dot-product' in migrated) && !('closest-offset' in migrated));
  assert.deepEqual(mergedFrom('clock-hands'), ['closest-offset', 'clock-hands', 'shifted-dot-product']);
  const only = (id, record) => migrateV1({ [id]: record })['clock-hands'];
  const right = { answered: true, correct: true, score: 1, maxScore: 1, solutionViewed: false };
  assert.deepEqual(only('shifted-dot-product', right), right);
  assert.deepEqual(only('closest-offset', right), right);
  // closest-offset came before clock-hands on the one-page lesson: its record stands.
  const wrong = { ...right, correct: false, score: 0 };
  assert.deepEqual(migrateV1({ 'clock-hands': wrong, 'closest-offset': right })['clock-hands'], right);
  // An unanswered entry is no attempt: the next id's record stands.
  assert.deepEqual(migrateV1({ 'closest-offset': { answered: false }, 'clock-hands': wrong })['clock-hands'], wrong);
  for (const junk of [null, [], 'text', 3]) assert.deepEqual(migrateV1(junk), {});
});

test('a record that fails its check is no attempt: it does not hide the merged exercise’s real record', () => {
  const right = { answered: true, correct: true, score: 1, maxScore: 1, solutionViewed: false };
  const lies = [
    { answered: true, correct: true, score: 1000, maxScore: 1000 },
    { answered: true, correct: true, score: 0, maxScore: 1 },
    { answered: true, correct: 'yes', score: 1, maxScore: 1 },
    { answered: true, correct: true, score: 1, maxScore: 1, solutionViewed: true },
  ];
  for (const lie of lies) {
    assert.deepEqual(migrateV1({ 'closest-offset': lie, 'clock-hands': right })['clock-hands'], right);
    assert.deepEqual(migrateV1({ 'clock-hands': lie, 'shifted-dot-product': right })['clock-hands'], right);
    const storage = storeOf({ 'pelab:progress:v1': JSON.stringify({ 'closest-offset': lie, 'clock-hands': right }) });
    assert.deepEqual(createProgress(all, storage).summary().byId['clock-hands'], right);
  }
});

test('ids no exercise has are dropped by the migration, __proto__ included (no prototype is set)', () => {
  const raw = `{"__proto__": {"clock-hands": ${JSON.stringify({ answered: true, correct: true, score: 1, maxScore: 1 })}},
    "constructor": {"answered": true}, "toString": {"answered": true, "correct": false, "score": 0, "maxScore": 1}}`;
  const migrated = migrateV1(JSON.parse(raw));
  assert.equal(Object.getPrototypeOf(migrated), Object.prototype);
  assert.deepEqual(Object.keys(migrated), []);
  assert.equal(migrated['clock-hands'], undefined);
});

test('a value under the version-2 key that is not version 2 does not hide the version-1 records', () => {
  const old = JSON.stringify({ 'mask-order': { answered: true, correct: true, score: 1, maxScore: 1 } });
  for (const v2 of ['{"version":1,"records":{}}', '{"mask-order":{"answered":true}}', '[]', '7', 'not json', '"v2"']) {
    const storage = storeOf({ 'pelab:progress:v1': old, 'pelab:progress:v2': v2 });
    assert.equal(createProgress(all, storage).summary().byId['mask-order']?.correct, true, v2);
  }
  // Both keys present, the version-2 one valid: it is the record (a reset stays a reset).
  const both = storeOf({ 'pelab:progress:v1': old, 'pelab:progress:v2': '{"version":2,"records":{}}' });
  assert.equal(createProgress(all, both).summary().answered, 0);
});

test('a graded record of a question now a prediction becomes a prediction: a right answer its letter, for this learner', () => {
  const storage = storeOf({ ...v1, 'pelab:learner-seed:v1': '77' });
  const byId = createProgress(all, storage).summary().byId;
  // The fixture's train-it was right: the learner's prediction was the right option, the letter seed 77 sees.
  const trainIt = exercises.find((e) => e.id === 'train-it');
  assert.deepEqual(byId['train-it'], {
    answered: true,
    correct: false,
    score: 0,
    maxScore: 0,
    solutionViewed: false,
    prediction: rightLetter(trainIt.questions[0], 77),
  });
  // swap-invariance was wrong: which option is not known, so the prediction is not kept; it stays answered.
  assert.equal(byId['swap-invariance'].prediction, null);
  assert.equal(byId['swap-invariance'].answered, true);
  // Without a seed the letter cannot be known: the prediction is kept as made, without its letter.
  const unseeded = createProgress(all, storeOf(v1)).summary().byId;
  assert.equal(unseeded['train-it'].prediction, null);
  assert.equal(unseeded['train-it'].maxScore, 0);
});

test('the records an embed sent to a host migrate beside the lesson page’s', () => {
  const storage = storeOf(v1);
  const sent = createProgress(all, storage, { key: 'pelab:embed-sent:v2' });
  assert.equal(sent.summary().byId['clock-hands'].correct, true);
});

test('a SCORM package’s suspend data keeps its version-1 progress', () => {
  // The suspend data holds what the page would keep in the site storage, keyed the same way (web/platforms/scorm.js).
  const suspend = JSON.parse(JSON.stringify({ 'pelab:learner-seed:v1': '77', ...v1 }));
  const storage = { getItem: (k) => suspend[k] ?? null, setItem: (k, v) => (suspend[k] = v) };
  const p = createProgress(all, storage, { counted: ['mask-order', 'four-properties'] });
  assert.deepEqual([p.summary().answered, p.summary().correct], [2, 1]);
  assert.equal(JSON.parse(suspend['pelab:progress:v2']).version, 2);
});

test('a key that is not version 2 is refused', () => {
  assert.throws(() => createProgress(all, storeOf({}), { key: 'pelab:progress:v1' }), /key must end ':v2'/);
});

test('an H5P saved state of a question now a prediction restores as the prediction, not as nothing', () => {
  // What library.js's getCurrentState saved for swap-invariance in 0.1.0, when it was graded.
  const trainIt = exercises.find((e) => e.id === 'train-it');
  const right = { correct: true, score: 1, maxScore: 1, solutionViewed: false };
  assert.deepEqual(restoredRecord('train-it', right, { seed: 77 }), {
    answered: true,
    correct: false,
    score: 0,
    maxScore: 0,
    solutionViewed: false,
    prediction: rightLetter(trainIt.questions[0], 77),
  });
  assert.equal(
    restoredRecord('swap-invariance', { ...right, correct: false, score: 0 }, { seed: 77 }).prediction,
    null,
  );
  assert.equal(
    restoredRecord('swap-invariance', { ...right, score: 0, correct: false, solutionViewed: true }).solutionViewed,
    true,
  );
  // A lie stays no record; a graded exercise is checked as before.
  assert.equal(restoredRecord('swap-invariance', { ...right, score: 5, maxScore: 5 }), null);
  assert.equal(restoredRecord('mask-order', { ...right, maxScore: 0 }), null);
  assert.deepEqual(restoredRecord('mask-order', right), { answered: true, ...right });
});

test('an H5P state saved before the course under a merged id restores as the merged exercise’s record', () => {
  const right = { answered: true, correct: true, score: 1, maxScore: 1, solutionViewed: false };
  assert.deepEqual(restoredRecord('shifted-dot-product', right), right, 'opens clock-hands, worth 1 as before');
});
