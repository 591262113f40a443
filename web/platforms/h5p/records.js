// A record H5P hands back from an earlier launch (extras.previousState.record, as library.js's
// getCurrentState wrote it) is data from outside, like any stored record: it passes the same one check
// (web/progress.js's checkedRecord), against the exercise's own maxScore. Bundled beside <pe-exercise>
// into the library's dist/ (web/platforms/h5p/vite.config.js) and loaded by library.js before it.
import { findExercise, maxScores } from '../../exercises/index.js';
import { checkedRecord } from '../../progress.js';
import { migrated } from '../../records/migrate.js';
import { savedSeed } from '../../order.js';
import { siteStorage } from '../../storage.js';

/**
 * The clean record of exercise `name` from a saved state's `stored` record, or null if it is not one. A state
 * saved before the course of three lessons (a graded record of a question now a prediction) migrates first
 * (web/records/migrate.js), with the seed this browser keeps, if any.
 */
export function restoredRecord(name, stored) {
  const exercise = findExercise(name);
  if (!exercise) return null;
  const record = migrated(exercise.id, stored, savedSeed(siteStorage()));
  return checkedRecord(record, maxScores([exercise]).get(exercise.id));
}

/** The maxScore of exercise `name` (0 for a prediction), or null for a name that is no exercise. */
export function maxScoreOf(name) {
  const exercise = findExercise(name);
  return exercise ? maxScores([exercise]).get(exercise.id) : null;
}
