// Every exercise of the lesson, in lesson order. Each is {id, title, maxScore?, mount(host, {lab, onResult})},
// and mount returns its controls (getMaxScore, resetTask, showSolutions); mount.js wraps them in the question
// contract the lesson page, the web component and the embed page share, scoring from the recorded attempts.
import { LOADERS, loadExercises } from './loaders.js';
import { MERGED } from '../course/outline.js';
import { isPrediction } from '../records/prediction.js';

// Every exercise, loaded, in course order (loaders.js): for Node, the tests, the packages and the pages that
// may show any exercise (the embed page, <pe-exercise>); a lesson page loads only its own (lesson.js).
export const exercises = await loadExercises([...LOADERS.keys()]);
for (const e of exercises) if (e.loadError) throw e.loadError; // (here every exercise is needed)

// A Map, not an object: a name comes from a URL or an attribute, and 'constructor', '__proto__' or
// 'toString' must be unknown names, not something inherited from Object.prototype.
const registry = new Map(exercises.map((e) => [e.id, e]));

/** The exercise with this id (or the one it was merged into: course/outline.js), or undefined for any other value. */
export const findExercise = (id) => registry.get(MERGED.get(id) ?? id);

export { unknownExerciseMessage } from './catalog.js';

export { isPrediction }; // (web/records/prediction.js)

// An exercise's maxScore is known before it mounts, so that a stored record can be checked against it
// (web/progress.js): 1 (one question, one point) unless the exercise says otherwise (four-properties: one
// per match), and 0 for a prediction. tests/browser/exercises.test.mjs checks it against every mounted
// exercise's getMaxScore().
const maxScoreOf = (exercise) => (isPrediction(exercise) ? 0 : (exercise.maxScore ?? 1));

/** id → maxScore of each of `list` (a Map, as web/progress.js takes it). */
export const maxScores = (list = exercises) => new Map(list.map((e) => [e.id, maxScoreOf(e)]));
