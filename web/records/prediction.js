// A prediction's record: the question asked before the demo that answers it (swap-invariance,
// absolute-vs-relative, train-it) is not graded. Its record is {correct: false, score: 0, maxScore: 0,
// prediction, solutionViewed}: `prediction` is the letter the learner picked as they saw it ('b)', in their
// option order, web/order.js), or null when the solution was shown before any prediction (solutionViewed)
// or the prediction was made before the page kept which option it was (a migrated record, below).
// Free of the DOM (tests/web/prediction.test.mjs).
import { letter, shuffled } from '../order.js';

const LETTER = /^[a-z]\)$/;

/**
 * Whether the exercise's one question is a prediction (`prediction: true` on it): asked before the demo that
 * answers it, recorded but not graded. Of an exercise, or of its entry in the catalog (web/exercises/catalog.js).
 */
export const isPrediction = (exercise) =>
  Array.isArray(exercise.questions) && exercise.questions.length > 0 && exercise.questions.every((q) => q.prediction);

/**
 * The clean form of a stored prediction record (web/progress.js's checkedRecord hands maxScore 0 here), or
 * null if it is not one: maxScore 0, no points and not correct (absent or 0 / false), the solution viewed
 * only with no prediction.
 */
export function checkedPrediction(entry) {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return null;
  const { score = 0, correct = false, solutionViewed = false, prediction = null } = entry;
  const valid =
    entry.maxScore === 0 &&
    score === 0 &&
    correct === false &&
    typeof solutionViewed === 'boolean' &&
    (prediction === null || (typeof prediction === 'string' && LETTER.test(prediction))) &&
    !(solutionViewed && prediction !== null);
  return valid ? { answered: true, correct: false, score: 0, maxScore: 0, solutionViewed, prediction } : null;
}

/** The letter learner `seed` sees beside the right option of `question` ('c)'). */
export function rightLetter(question, seed) {
  const shown = shuffled(question.options, seed, question.order ?? question.prompt);
  return `${letter(shown.findIndex((o) => o.correct))})`;
}

/**
 * What a record stored while the question was graded (maxScore 1: {answered, correct, score, maxScore,
 * solutionViewed}, with no answer kept) becomes now that it is a prediction. The rule:
 * - not a valid graded record of maxScore 1: null (dropped, as any record that fails its check);
 * - the solution viewed first: {prediction: null, solutionViewed: true};
 * - right (1 of 1): the prediction was the right option, so `prediction` is `right` (rightLetter(question,
 *   seed) for this learner), or null when the caller does not know the seed;
 * - wrong (0 of 1): which wrong option is not known, so `prediction` is null, solutionViewed false.
 * Always maxScore 0, score 0, correct false: the old point counts no more.
 */
export function fromGradedPrediction(old, right = null) {
  if (old === null || typeof old !== 'object' || Array.isArray(old)) return null;
  const { correct, score, solutionViewed = false } = old;
  const graded =
    old.maxScore === 1 &&
    (score === 0 || score === 1) &&
    correct === (score === 1) &&
    typeof solutionViewed === 'boolean' &&
    !(solutionViewed && score !== 0);
  if (!graded) return null;
  const prediction = correct && typeof right === 'string' && LETTER.test(right) ? right : null;
  return checkedPrediction({ maxScore: 0, solutionViewed, prediction });
}
