// Lesson progress in the site's storage (web/storage.js; for the visit only where the browser denies it):
// per exercise, its one record (web/attempts.js): answered, correct,
// score of maxScore, and whether the solution was viewed first. Anything unreadable or foreign under
// our key is discarded and replaced, never trusted.
import { siteStorage } from './storage.js';
import { VERSION, migrateV1 } from './records/migrate.js';
import { savedSeed } from './order.js';
import { checkedPrediction } from './records/prediction.js';

const KEY = 'pelab:progress:v2';

// A record is believed only if it is exactly what attempts.js makes for that exercise: its maxScore the
// exercise's own (a record of 1000 of 1000 for an exercise worth 1 is a lie, not a good score), a whole
// score from 0 to it, correct exactly when the score is full (as every grader in grading.js decides), and
// the solution viewed only with 0 points. The one check for every record from outside: this page's
// storage, an LMS's suspend data (web/platforms/scorm.js hands it here as the storage) and H5P's saved
// state (web/platforms/h5p/records.js). Returns the record's clean form (exactly these fields), or null.
// An exercise worth 0 asks a prediction (web/records/prediction.js): its record has no points to check, but
// a letter, and is never correct (0 of 0 would otherwise read as a full score).
export function checkedRecord(entry, maxScore) {
  if (maxScore === 0) return checkedPrediction(entry);
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return null;
  const { correct, score, solutionViewed = false } = entry;
  const valid =
    Number.isInteger(maxScore) &&
    maxScore > 0 &&
    entry.maxScore === maxScore &&
    Number.isInteger(score) &&
    score >= 0 &&
    score <= maxScore &&
    correct === (score === maxScore) &&
    typeof solutionViewed === 'boolean' &&
    !(solutionViewed && score !== 0);
  return valid ? { answered: true, correct, score, maxScore, solutionViewed } : null;
}

// What is stored: under each known id (an own property), a record as record() writes it (answered: true).
function sanitize(raw, maxScores) {
  const kept = new Map();
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return kept;
  for (const [id, maxScore] of maxScores) {
    const record = Object.hasOwn(raw, id) && raw[id]?.answered === true ? checkedRecord(raw[id], maxScore) : null;
    if (record) kept.set(id, record);
  }
  return kept;
}

// The records under `key` ({version: 2, records}), or, where nothing is kept there yet, those an earlier
// version kept under its version-1 key, migrated (web/records/migrate.js).
function readRecords(storage, key) {
  const parse = (k) => {
    try {
      return JSON.parse(storage.getItem(k) ?? 'null');
    } catch {
      return null;
    }
  };
  // Only a version-2 object is something kept there: anything else (unreadable, a foreign value, a `version`
  // that is not 2) is nothing, so it cannot hide the version-1 records from their migration.
  const saved = parse(key);
  if (saved?.version === VERSION) return saved.records;
  let seed = null;
  try {
    seed = savedSeed(storage);
  } catch {
    /* a store that throws keeps no seed either */
  }
  return migrateV1(parse(key.replace(/:v2$/, ':v1')), { seed });
}

/**
 * The progress of the exercises in `maxScores` (a Map: id → the exercise's maxScore, as
 * exercises/index.js's maxScores() gives it), kept in `storage`: web/storage.js's site storage, or a course
 * platform's suspend data (getItem / setItem); `key`: where in it the records are kept (embed.html keeps the
 * records it sent to a host under their own key), ending ':v2'; `counted`: the ids the summary counts (a
 * lesson's, while every exercise's record is kept: the course's lessons share one store).
 */
export function createProgress(
  maxScores,
  storage = siteStorage(),
  { key = KEY, counted = [...maxScores.keys()] } = {},
) {
  if (!key.endsWith(`:v${VERSION}`)) throw new RangeError(`createProgress: key must end ':v${VERSION}' (got ${key})`);
  const ids = counted;
  // A Map keyed by id, so no id (even '__proto__') can reach Object.prototype.
  const stored = () => sanitize(readRecords(storage, key), maxScores);
  let state = stored();
  let written = false; // whether the last save reached the storage
  const listeners = new Set();
  const save = () => {
    try {
      written =
        storage.setItem(key, JSON.stringify({ version: VERSION, records: Object.fromEntries(state) })) !== false;
    } catch {
      written = false; /* a course platform's store that failed: kept in memory (web/storage.js's never throws) */
    }
    listeners.forEach((f) => f(summary()));
  };
  // Another tab or frame of this site may have saved records since this page read them, or reset a lesson
  // (each record is written whole, so the last writer would otherwise drop the others' records or bring back
  // the ones they reset). Where this page's last save reached the storage, the storage is the truth; where it
  // did not (full, a platform that refused), what this page keeps only in memory stays, beside what is there.
  const current = () => {
    const saved = stored();
    if (!written) for (const [id, record] of state) if (!saved.has(id)) saved.set(id, record);
    return saved;
  };
  function summary() {
    const values = ids.map((id) => state.get(id) ?? { answered: false, correct: false });
    return {
      total: ids.length,
      // What "right at the first attempt" is out of: a prediction (maxScore 0) is answered, never right.
      graded: ids.filter((id) => maxScores.get(id) > 0).length,
      answered: values.filter((v) => v.answered).length,
      correct: values.filter((v) => v.correct).length,
      byId: Object.fromEntries(ids.filter((id) => state.has(id)).map((id) => [id, state.get(id)])),
    };
  }
  save(); // rewrites whatever was there in clean form
  return {
    /** Saves an exercise's record (attempts.js's recordOf shape); anything malformed is refused. */
    record(id, r) {
      const entry = checkedRecord({ ...r, correct: r?.correct === true }, maxScores.get(id));
      if (!entry) return;
      // The first record of an exercise stays its record, whichever page made it.
      state = current();
      if (!state.has(id)) state.set(id, entry);
      save();
    },
    /** The saved record of an exercise, in attempts.js's shape, or null. */
    restored(id) {
      const r = state.get(id);
      if (!r) return null;
      const { correct, score, maxScore, solutionViewed } = r;
      return maxScore === 0
        ? { correct, score, maxScore, prediction: r.prediction, solutionViewed }
        : { correct, score, maxScore, answer: null, solutionViewed };
    },
    /** Forgets the counted exercises' records (a lesson's reset leaves the other lessons' records). */
    reset() {
      state = current();
      for (const id of ids) state.delete(id);
      save();
    },
    summary,
    subscribe(f) {
      listeners.add(f);
      f(summary());
      return () => listeners.delete(f);
    },
  };
}
