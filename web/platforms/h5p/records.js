// A record H5P hands back from an earlier launch (extras.previousState.record, as library.js's
// getCurrentState wrote it) is data from outside, like any stored record: it passes the same one check
// (web/progress.js's checkedRecord), against the exercise's own maxScore. Bundled beside <pe-exercise>
// into the library's dist/ (web/platforms/h5p/vite.config.js) and loaded by library.js before it.
import { findEntry } from '../../exercises/catalog.js'; // ids, maxScores, a prediction's question: no exercise's code
import { checkedRecord } from '../../progress.js';
import { fromGradedPrediction, rightLetter } from '../../records/prediction.js';
import { learnerSeed } from '../../order.js';
import { siteStorage } from '../../storage.js';

/**
 * The clean record of exercise `name` from a saved state's `stored` record, or null if it is not one. A state
 * saved while a prediction was a graded question (maxScore 1, before version 2) becomes a prediction's record
 * by the migration's rule (web/records/migrate.js), with the letter learner `seed` sees (by default the seed
 * in this site's storage, whose order the component shows; none where storage is denied: no letter).
 */
export function restoredRecord(name, stored, { seed } = {}) {
  const exercise = findEntry(name);
  if (!exercise) return null;
  const { maxScore } = exercise;
  const record = checkedRecord(stored, maxScore);
  if (record || maxScore !== 0) return record;
  // This bundle is not the component's: only a seed kept in the site's storage is the one both read.
  const learner = seed ?? (siteStorage().persistent ? learnerSeed() : null);
  return fromGradedPrediction(stored, learner === null ? null : rightLetter(exercise.questions[0], learner));
}

/** The maxScore of exercise `name` (0 for a prediction), or null for a name that is no exercise. */
export function maxScoreOf(name) {
  return findEntry(name)?.maxScore ?? null;
}

/** The id exercise `name` reports under (a merged exercise's: the one it was merged into), or null. */
export function exerciseIdOf(name) {
  return findEntry(name)?.id ?? null;
}
