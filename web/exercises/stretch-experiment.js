// The longer-than-trained experiment as data and one function, shared by the page (longer-than-trained.js),
// the worker that runs it there (train-worker.js) and the bench (tests/bench/context_extension.mjs): the
// capstone's RoPE model, trained on lengths 8–16, then tested at longer lengths with each way of stretching
// its positions, before and after a short fine-tune of a copy at the new lengths.
import { ARMS, MODEL } from './train-arms.js';

/** L₀: the longest training length, and s: how far the methods stretch it (to FACTOR × L₀ positions). */
export const [TRAIN_MIN, TRAINED] = MODEL.trainLength;
export const FACTOR = 4;
/** The width of the model's heads, all of it rotated: r, four pairs. */
export const HEAD = MODEL.dModel / MODEL.heads;
export const BASE = MODEL.base;

export const TEST_LENGTHS = [8, 16, 24, 32, 48, 64, 96, 128];
export const SAMPLES = 512;
export const EVAL_SEED = 7;
export const SEED = 1;
/** The trainer: the capstone's RoPE arm, allowed to read the longest test length. */
export const RUN = {
  ...MODEL,
  ...ARMS.find((a) => a.id === 'rope').options,
  maxEvalLength: TEST_LENGTHS[TEST_LENGTHS.length - 1],
};
export const STEPS = 2000;
const CHUNK = 100; // steps per call (a call is capped: 167 steps of this model)
/** The short fine-tune: a copy trained on lengths L₀ … s·L₀ with the method applied. */
export const TUNE = { steps: 100, chunk: 20, trainLength: [TRAINED, FACTOR * TRAINED] };

// The four the page compares; `scaling` is what lab.ropeFrequencies and the trainer take.
export const METHODS = [
  { id: 'none', name: 'No scaling', scaling: null },
  { id: 'linear', name: 'Position interpolation', scaling: { type: 'linear', factor: FACTOR } },
  { id: 'ntk', name: 'NTK-aware', scaling: { type: 'ntk', factor: FACTOR } },
  { id: 'yarn', name: 'YaRN', scaling: { type: 'yarn', factor: FACTOR, originalMaxPositions: TRAINED } },
];

const withScaling = (method) => (method.scaling ? { ropeScaling: method.scaling } : {});

/** Accuracy of a trainer at every test length with a method applied. */
const accuracies = (run, method) =>
  TEST_LENGTHS.map(
    (length) => run.evaluate({ length, samples: SAMPLES, seed: EVAL_SEED, ...withScaling(method) }).accuracy,
  );

/**
 * The first half of a run: the model trained from `seed` and each method's accuracy without fine-tuning,
 * reported as each is done ({stage: 'trained', steps}, then {stage: 'plain', method, accuracy}). Returns {run,
 * plain}; the caller deletes the trainer.
 */
export function trainAndMeasure(lab, seed = SEED, report = () => {}) {
  const run = lab.trainer({ ...RUN, seed });
  try {
    for (let done = 0; done < STEPS; done += CHUNK) run.step(CHUNK);
    report({ stage: 'trained', steps: STEPS });
    const plain = {};
    for (const method of METHODS) {
      plain[method.id] = accuracies(run, method);
      report({ stage: 'plain', method: method.id, accuracy: plain[method.id] });
    }
    return { run, plain };
  } catch (error) {
    run.delete();
    throw error;
  }
}

/**
 * A whole run: trainAndMeasure, then a copy per method fine-tuned and measured again, each reported as
 * {stage: 'tuned', method, accuracy}. Returns {plain, tuned}: method id → accuracy per test length.
 */
export function runExperiment(lab, seed = SEED, report = () => {}) {
  const { run, plain } = trainAndMeasure(lab, seed, report);
  try {
    const tuned = {};
    for (const method of METHODS) {
      const copy = run.clone({ trainLength: TUNE.trainLength });
      try {
        for (let done = 0; done < TUNE.steps; done += TUNE.chunk)
          copy.step({ steps: TUNE.chunk, ...withScaling(method) });
        tuned[method.id] = accuracies(copy, method);
      } finally {
        copy.delete();
      }
      report({ stage: 'tuned', method: method.id, accuracy: tuned[method.id] });
    }
    return { plain, tuned };
  } finally {
    run.delete();
  }
}

/** How many parts report() hears in one run: what the page's progress bar counts to. */
export const PARTS = 1 + 2 * METHODS.length;
