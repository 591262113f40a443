// Records kept by an earlier version of the lab, brought to today's format, so that no learner loses one.
// Version 1 (the one-page lesson, until the course of three lessons): under 'pelab:progress:v1' (the site's
// storage, a SCORM package's suspend data) and 'pelab:embed-sent:v1', a JSON object exercise id → record.
// Version 2: under '…:v2', { version: 2, records: { id → record } }, with these rules applied once:
// - an exercise merged into another (web/course/outline.js's MERGED) hands its record to the one it was merged
//   into; of several, the first attempt stands. Version-1 records carry no time, so the order of the one-page
//   lesson (where a learner met them top to bottom) stands for the order of the attempts: the first of them, in
//   that order, with a record is the merged exercise's record;
// - a question that was graded and is now a prediction (web/records/prediction.js) keeps the learner's answer
//   as a prediction by prediction.js's rule: a right answer becomes the letter this learner (`seed`) sees
//   beside the right option, a wrong one a prediction not kept, a solution viewed first stays that;
// - every other record is kept as it was; each is checked against its exercise (web/progress.js's
//   checkedRecord) before it can stand for one, and an id no exercise has is dropped.
import { MERGED } from '../course/outline.js';
import { findEntry, entryMaxScores } from '../exercises/catalog.js';
import { checkedRecord } from '../progress.js';
import { fromGradedPrediction, isPrediction, rightLetter } from './prediction.js';

export const VERSION = 2;

// The one-page lesson's order of the exercises merged into one (its contents list, until version 2).
const V1_ORDER = ['closest-offset', 'clock-hands', 'shifted-dot-product'];

/** `id` and the ids merged into it (whose version-1 records may become its), in the order their attempts stand in. */
export function mergedFrom(id) {
  const ids = [id, ...[...MERGED].filter(([, into]) => into === id).map(([from]) => from)];
  const rank = (x) => (V1_ORDER.includes(x) ? V1_ORDER.indexOf(x) : -1);
  return ids.sort((a, b) => rank(a) - rank(b));
}

/**
 * A record of exercise `id` kept by version 1 as version 2 keeps it: a graded record of a question now a
 * prediction becomes a prediction's (null drops it); any other is returned as it is. `seed`: the learner's, or
 * null. For stores that keep one record each (an H5P saved state) as well as for migrateV1.
 */
export function migrated(id, record, seed = null) {
  const exercise = findEntry(id);
  if (!exercise || !isPrediction(exercise) || record?.maxScore === 0) return record;
  const right = seed === null ? null : rightLetter(exercise.questions[0], seed);
  return fromGradedPrediction(record, right);
}

/**
 * The version-2 records (id → record) of a version-1 object (anything that is no object gives none); `seed`:
 * the learner's seed kept beside them (web/order.js's savedSeed), or null.
 */
export function migrateV1(v1, { seed = null } = {}) {
  const records = {};
  if (v1 === null || typeof v1 !== 'object' || Array.isArray(v1)) return records;
  const scores = entryMaxScores();
  // A record that would not pass its check (web/progress.js) is no attempt: it cannot stand for the merged
  // exercise in place of a real one after it.
  const now = (into, x) =>
    Object.hasOwn(v1, x) && v1[x]?.answered === true
      ? checkedRecord(migrated(into, v1[x], seed), scores.get(into))
      : null;
  for (const id of Object.keys(v1)) {
    const into = findEntry(id)?.id; // an id no exercise has ('__proto__', 'constructor') is no record
    if (into === undefined || Object.hasOwn(records, into)) continue;
    const first = mergedFrom(into)
      .map((x) => now(into, x))
      .find(Boolean);
    if (first) records[into] = first;
  }
  return records;
}

/** The key a version-2 store keeps under, for a version-1 key ('pelab:progress:v1' → 'pelab:progress:v2'). */
export const v2Key = (v1Key) => v1Key.replace(/:v1$/, `:v${VERSION}`);
