// Lesson progress in the site's storage (web/storage.js; for the visit only where the browser denies it):
// per exercise, its one record (web/attempts.js): answered, correct,
// score of maxScore, and whether the solution was viewed first. Anything unreadable or foreign under
// our key is discarded and replaced, never trusted.
import { siteStorage } from './storage.js';

const KEY = 'pelab:progress:v1';

// A stored record is kept only if it is what record() writes: {answered: true, correct: boolean, …}
// under a known id (own property), never correct with the solution viewed, with a score from 0 to
// maxScore. Anything else, {answered: false, correct: true} included, is dropped, so what is shown as
// correct was answered correctly on this page.
const isScore = (score, maxScore) =>
  Number.isFinite(score) && Number.isFinite(maxScore) && score >= 0 && score <= maxScore;
const isRecord = (entry) =>
  entry !== null &&
  typeof entry === 'object' &&
  !Array.isArray(entry) &&
  entry.answered === true &&
  typeof entry.correct === 'boolean' &&
  (entry.solutionViewed === undefined || typeof entry.solutionViewed === 'boolean') &&
  !(entry.solutionViewed === true && entry.correct) &&
  (entry.score === undefined || isScore(entry.score, entry.maxScore));

// The clean form of a record: exactly these fields (an early version stored only answered and correct).
function clean({ correct, score, maxScore, solutionViewed }) {
  const max = isScore(score, maxScore) ? maxScore : 1;
  return {
    answered: true,
    correct,
    score: isScore(score, maxScore) ? score : correct ? 1 : 0,
    maxScore: max,
    solutionViewed: solutionViewed === true,
  };
}

function sanitize(raw, ids) {
  const kept = new Map();
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return kept;
  for (const id of ids) if (Object.hasOwn(raw, id) && isRecord(raw[id])) kept.set(id, clean(raw[id]));
  return kept;
}

/**
 * `storage`: web/storage.js's site storage, or a course platform's suspend data (getItem / setItem); `key`:
 * where in it the records are kept (embed.html keeps the records it sent to a host under their own key).
 */
export function createProgress(ids, storage = siteStorage(), { key = KEY } = {}) {
  // A Map keyed by id, so no id (even '__proto__') can reach Object.prototype.
  let state;
  try {
    state = sanitize(JSON.parse(storage.getItem(key) ?? '{}'), ids);
  } catch {
    state = new Map();
  }
  const listeners = new Set();
  const save = () => {
    try {
      storage.setItem(key, JSON.stringify(Object.fromEntries(state)));
    } catch {
      /* a course platform's store that failed: kept in memory (web/storage.js's never throws) */
    }
    listeners.forEach((f) => f(summary()));
  };
  function summary() {
    const values = ids.map((id) => state.get(id) ?? { answered: false, correct: false });
    return {
      total: ids.length,
      answered: values.filter((v) => v.answered).length,
      correct: values.filter((v) => v.correct).length,
      byId: Object.fromEntries(state),
    };
  }
  save(); // rewrites whatever was there in clean form
  return {
    /** Saves an exercise's record (attempts.js's recordOf shape); anything malformed is refused. */
    record(id, r) {
      const entry = { answered: true, ...r, correct: r?.correct === true };
      if (ids.includes(id) && isRecord(entry)) {
        state.set(id, clean(entry));
        save();
      }
    },
    /** The saved record of an exercise, in attempts.js's shape, or null. */
    restored(id) {
      const r = state.get(id);
      return r
        ? { correct: r.correct, score: r.score, maxScore: r.maxScore, answer: null, solutionViewed: r.solutionViewed }
        : null;
    },
    reset() {
      state = new Map();
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
