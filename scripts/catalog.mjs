// What the pages that mount no exercise need to know of every exercise, written out as data so that they do not
// load the exercises' code: the course home (each lesson's progress) and the records' migration, which every
// page's progress store runs. From web/exercises/index.js, this writes web/exercises/catalog-data.js: each
// exercise's id, title and maxScore (index.js's rule), whether it trains models, and a prediction's question as far
// as its right letter needs it (web/records/prediction.js: the prompt, which option is right). Run
// `node scripts/catalog.mjs` after changing one of those: tests/web/catalog.test.mjs fails until the file matches.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { exercises, isPrediction, maxScores } from '../web/exercises/index.js';

export const OUTPUT = new URL('../web/exercises/catalog-data.js', import.meta.url);

/** Each exercise's entry, in course order. */
export function entries() {
  const scores = maxScores();
  return exercises.map((e) => ({
    id: e.id,
    title: e.title,
    maxScore: scores.get(e.id),
    trains: e.trains === true, // whether its page needs the core with the trainer (createLab's training option)
    questions: isPrediction(e)
      ? e.questions.map((q) => ({
          prediction: true,
          prompt: q.order ?? q.prompt, // what the option order is keyed on (web/order.js)
          options: q.options.map((o) => ({ id: o.id, correct: o.correct === true })),
        }))
      : [],
  }));
}

/** The text of web/exercises/catalog-data.js. */
export const moduleText = (list = entries()) =>
  '// Written by scripts/catalog.mjs from the exercises (web/exercises/index.js): edit those, then run\n' +
  '// `node scripts/catalog.mjs`.\n' +
  `export const ENTRIES = ${JSON.stringify(list, null, 2)};\n`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(OUTPUT, moduleText());
  console.log(`catalog: ${fileURLToPath(OUTPUT)}`);
}
