// Every exercise as the pages that mount none need it (catalog-data.js, written by scripts/catalog.mjs from the
// exercises themselves): its id, title, maxScore, and a prediction's question as far as its right letter needs it.
// The course home and the records' migration read this, so that they load no exercise's code.
import { ENTRIES } from './catalog-data.js';
import { MERGED } from '../course/outline.js';

// A Map, not an object: a name comes from a URL or a stored record, and 'constructor', '__proto__' or
// 'toString' must be unknown names, not something inherited from Object.prototype.
const registry = new Map(ENTRIES.map((e) => [e.id, e]));

/** The entry of exercise `id` (or of the one it was merged into: course/outline.js), or undefined. */
export const findEntry = (id) => registry.get(MERGED.get(id) ?? id);

/** Whether one of `lesson`'s exercises trains models (its page then loads the core with the trainer). */
export const lessonTrains = (lesson) => lesson.exercises.some((id) => findEntry(id)?.trains === true);

/** id → maxScore of every exercise (a Map, as web/progress.js takes it). */
export const entryMaxScores = () => new Map(ENTRIES.map((e) => [e.id, e.maxScore]));

/** What to show for a name that findEntry (or findExercise) does not know. */
export const unknownExerciseMessage = (name) =>
  `${name ? `Unknown exercise “${name.slice(0, 64)}”` : 'No exercise named (add ?exercise=ID)'}. Known: ${[
    ...registry.keys(),
  ].join(', ')}.`;
