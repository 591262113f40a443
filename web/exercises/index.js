// Every exercise of the lesson, in lesson order. Each is {id, title, maxScore?, mount(host, {lab, onResult})},
// and mount returns its controls (getMaxScore, resetTask, showSolutions); mount.js wraps them in the question
// contract the lesson page, the web component and the embed page share, scoring from the recorded attempts.
import maskOrder from './mask-order.js';
import attentionEquation from './attention-equation.js';
import swapInvariance from './swap-invariance.js';
import positionInEmbeddings from './position-in-embeddings.js';
import whyPositionalEncoding from './why-positional-encoding.js';
import frequencyStructure from './frequency-structure.js';
import binaryAnalogy from './binary-analogy.js';
import fourProperties from './four-properties.js';
import relativeOffset from './relative-offset.js';
import implementIt from './implement-it.js';
import sameTokenDifferentPosition from './same-token-different-position.js';
import extrapolation from './extrapolation.js';
import learnedEmbeddings from './learned-embeddings.js';
import trainIt from './train-it.js';
import pytorchModule from './pytorch-module.js';
import bufferVsParameter from './buffer-vs-parameter.js';
import conventions from './conventions.js';
import precision from './precision.js';
import absoluteVsRelative from './absolute-vs-relative.js';
import rope from './rope.js';
import alibi from './alibi.js';
import wavelengthOfAPair from './wavelength-of-a-pair.js';
import normOfPe from './norm-of-pe.js';
import pipeline from './pipeline.js';
import clockHands from './clock-hands.js';
import longerThanTrained from './longer-than-trained.js';
import ntkBase from './ntk-base.js';
import { MERGED } from '../course/outline.js';
import { isPrediction } from '../records/prediction.js';

// In course order (web/course/outline.js: lesson by lesson).
export const exercises = [
  maskOrder,
  attentionEquation,
  swapInvariance,
  positionInEmbeddings,
  whyPositionalEncoding,
  frequencyStructure,
  wavelengthOfAPair,
  binaryAnalogy,
  relativeOffset,
  clockHands,
  implementIt,
  sameTokenDifferentPosition,
  pipeline,
  fourProperties,
  normOfPe,
  learnedEmbeddings,
  extrapolation,
  pytorchModule,
  bufferVsParameter,
  conventions,
  precision,
  absoluteVsRelative,
  rope,
  alibi,
  longerThanTrained,
  ntkBase,
  trainIt,
];

// A Map, not an object: a name comes from a URL or an attribute, and 'constructor', '__proto__' or
// 'toString' must be unknown names, not something inherited from Object.prototype.
const registry = new Map(exercises.map((e) => [e.id, e]));

/** The exercise with this id (or the one it was merged into: course/outline.js), or undefined for any other value. */
export const findExercise = (id) => registry.get(MERGED.get(id) ?? id);

/** What to show for a name that findExercise does not know. */
export const unknownExerciseMessage = (name) =>
  `${name ? `Unknown exercise “${name.slice(0, 64)}”` : 'No exercise named (add ?exercise=ID)'}. Known: ${[
    ...registry.keys(),
  ].join(', ')}.`;

export { isPrediction }; // (web/records/prediction.js)

// An exercise's maxScore is known before it mounts, so that a stored record can be checked against it
// (web/progress.js): 1 (one question, one point) unless the exercise says otherwise (four-properties: one
// per match), and 0 for a prediction. tests/browser/exercises.test.mjs checks it against every mounted
// exercise's getMaxScore().
const maxScoreOf = (exercise) => (isPrediction(exercise) ? 0 : (exercise.maxScore ?? 1));

/** id → maxScore of each of `list` (a Map, as web/progress.js takes it). */
export const maxScores = (list = exercises) => new Map(list.map((e) => [e.id, maxScoreOf(e)]));
