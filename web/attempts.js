// What an exercise reports, so that a grade means the learner knew the answer. Free of the DOM so it
// can be unit-tested (tests/web/attempts.test.mjs).
//
// - The first checked attempt is the one recorded: its score is the exercise's score.
// - Showing the solution before any check records "solution viewed": score 0, never correct.
// - Every later check is practice: graded and explained to the learner, never recorded.
// A record restored from storage counts as a first attempt already made, so a reload starts practice.
// A prediction (a question asked before the demo that answers it: maxScore 0) follows the same rules, but
// its record holds the letter predicted instead of a score: it is never correct, and grades nothing.
import { translator } from './i18n/messages.js';

/** The record's shape, as progress, `pe-result`, the embed's messages and the xAPI statement carry it. */
export function recordOf({ correct, score, maxScore, answer, prediction = null, solutionViewed = false }) {
  if (maxScore === 0)
    return { correct: false, score: 0, maxScore: 0, prediction: solutionViewed ? null : prediction, solutionViewed };
  return {
    correct: solutionViewed ? false : correct === true,
    score: solutionViewed ? 0 : score,
    maxScore,
    answer: solutionViewed ? null : (answer ?? null),
    solutionViewed,
  };
}

/**
 * One exercise's attempts. `restored` is a record saved earlier (or null). Returns an object whose
 * check(result) and viewSolution(maxScore) answer {record, recorded}: `record` is the exercise's one
 * record, `recorded` whether this event created it (only then does anyone outside the page hear of it).
 */
export function createAttempts(restored = null) {
  let record = restored;
  let checks = 0;
  return {
    check(result) {
      checks++;
      if (record !== null) return { record, recorded: false, practice: true, checks };
      record = recordOf(result);
      return { record, recorded: true, practice: false, checks };
    },
    viewSolution(maxScore) {
      if (record !== null) return { record, recorded: false, practice: true, checks };
      record = recordOf({ maxScore, solutionViewed: true });
      return { record, recorded: true, practice: false, checks };
    },
    get record() {
      return record;
    },
    /** The recorded score (0 before any record). */
    score: () => record?.score ?? 0,
    answered: () => record !== null,
    /** Forget the record: only for an explicit "start the lesson over". */
    forget() {
      record = null;
      checks = 0;
    },
  };
}

// A prediction's record says what was predicted, never a score.
const isPrediction = (record) => record.maxScore === 0;
function predictionWhat(record, t) {
  if (record.solutionViewed) return t('record.solutionBeforePrediction');
  return record.prediction === null
    ? t('record.predictionUnknown')
    : t('record.prediction', { letter: record.prediction });
}

/**
 * What the learner is told about the record after an event (never the answer itself). `restored`: the
 * record was made on an earlier visit; `kept: false`: the course platform did not keep it (the page
 * still does, for this visit).
 */
export function describeRecord({ record, practice, restored = false, kept = true }, t = translator()) {
  if (record === null) return '';
  const what = isPrediction(record)
    ? predictionWhat(record, t)
    : record.solutionViewed
      ? t('record.solutionFirst')
      : t('record.firstAnswer', { score: record.score, maxScore: record.maxScore });
  if (restored) return t('record.restored', { what });
  if (!kept) return t('record.notKept', { what });
  return t(practice ? 'record.practice' : 'record.recorded', { what });
}
