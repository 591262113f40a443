// The loaders (web/exercises/loaders.js) are the one list of the exercises, by id. The catalog
// (web/exercises/catalog.js) is what the course home and the records' migration know of the exercises
// without loading their code: the committed web/exercises/catalog-data.js must be what scripts/catalog.mjs writes
// now, and each entry must answer as its exercise does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { OUTPUT, moduleText } from '../../scripts/catalog.mjs';
import { findEntry, entryMaxScores } from '../../web/exercises/catalog.js';
import { exercises, findExercise, isPrediction, maxScores } from '../../web/exercises/index.js';
import { MERGED, LESSONS } from '../../web/course/outline.js';
import { LOADERS } from '../../web/exercises/loaders.js';
import { rightLetter } from '../../web/records/prediction.js';

test('web/exercises/catalog-data.js is what scripts/catalog.mjs writes (else run node scripts/catalog.mjs)', async () => {
  assert.equal(await readFile(OUTPUT, 'utf8'), moduleText());
});

test('each entry answers as its exercise: id, merged ids, maxScore, prediction and its right letter', () => {
  assert.deepEqual(entryMaxScores(), maxScores());
  for (const name of [...exercises.map((e) => e.id), ...MERGED.keys(), 'constructor', '__proto__', 'nothing']) {
    const entry = findEntry(name);
    assert.equal(entry?.id, findExercise(name)?.id, name);
    if (!entry) continue;
    assert.equal(entry.title, findExercise(name).title);
    assert.equal(isPrediction(entry), isPrediction(findExercise(name)), name);
    if (isPrediction(entry))
      for (const seed of [0, 1, 7, 123456])
        assert.equal(rightLetter(entry.questions[0], seed), rightLetter(findExercise(name).questions[0], seed));
  }
  assert.ok(exercises.filter(isPrediction).length >= 3);
});

test('each loader loads the exercise of its key, from the file named for it, in the course’s order', async () => {
  assert.deepEqual(
    [...LOADERS.keys()],
    LESSONS.flatMap((l) => l.exercises),
  );
  for (const [id, load] of LOADERS) {
    assert.equal((await load()).default.id, id);
    assert.match(load.toString(), new RegExp(`import\\('\\./${id}\\.js'\\)`), id);
  }
});

// A page whose exercises train nothing loads the core without the trainer (createLab({ training: false })), whose
// lab refuses to train: so an exercise whose code reaches the trainer (lab.trainer, or the lab's compiled core
// handed to a training worker) must say `trains: true`, and one that does not must not (its page would download
// the trainer for nothing).
test('an exercise says it trains exactly when its code reaches the trainer', async () => {
  const root = new URL('../../web/', import.meta.url);
  // Code without its comments (a comment naming the trainer trains nothing; '://' in a URL is no comment).
  const code = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/[^\n]*/g, '$1');
  // Every module it imports by a relative path: statically, for its effects alone, or dynamically.
  const IMPORTS =
    /\b(?:import|export)\b[^'";]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
  // The trainer, or the lab's compiled core (which only a training worker is handed), named anywhere in code.
  const TRAINS = /\btrainer\b|\bwasmModule\b/;
  const words = new URL('i18n/compiled/', root); // the catalogs: words, no code (they name "the trainer")
  const reaches = async (url, seen = new Set()) => {
    if (seen.has(url.href) || url.href.startsWith(words.href)) return false;
    seen.add(url.href);
    const text = code(await readFile(url, 'utf8'));
    if (TRAINS.test(text)) return true;
    for (const m of text.matchAll(IMPORTS)) if (await reaches(new URL(m[1] ?? m[2] ?? m[3], url), seen)) return true;
    return false;
  };
  const training = [];
  for (const e of exercises) {
    const trains = await reaches(new URL(`exercises/${e.id}.js`, root));
    assert.equal(
      e.trains === true,
      trains,
      `${e.id}: trains is ${e.trains === true}, its code ${trains ? 'trains' : 'does not'}`,
    );
    assert.equal(findEntry(e.id).trains, trains, e.id);
    if (trains) training.push(e.id);
  }
  assert.deepEqual(training, ['longer-than-trained', 'train-it']);
});
