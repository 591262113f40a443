// The train-it experiment as data, shared by the page (train-it.js) and its worker (train-worker.js):
// one small Transformer classifier, seven ways for it to know where a token is.

/** The model every arm shares, each option stated (these are also lab.trainer's defaults, but the page
 *  describes the model from this object, so they are spelled out here rather than assumed). */
export const MODEL = {
  task: 'order',
  readout: 'mean',
  trainLength: [8, 16],
  layers: 1,
  dModel: 16,
  heads: 2,
  batch: 32,
  maxLen: 128,
  base: 10000,
  maxEvalLength: 64,
};

// The five encodings with full attention and the mean readout, then two arms that change one thing:
// the causal mask with no encoding, and ALiBi read out from a CLS token instead of the mean. Each arm's name
// and the page's description of it are the train-it catalog's (`arm.<id>`, `arm.<id>.about`: web/i18n/catalogs/
// <locale>/train-it.json); ALiBi's slopes are the core's, filled in once the worker has them (`slopes`).
// `stepsPerSecond`: the arm's speed alone as `npm run bench` measured it (README, the per-arm table of
// 2026-12-01, AMD EPYC), which the pool uses to give its workers equal work (train-session.js's shares).
export const ARMS = [
  {
    id: 'none',
    stepsPerSecond: 1780,
    options: { encoding: 'none', attention: 'bidirectional' },
  },
  {
    id: 'sinusoidal',
    stepsPerSecond: 1783,
    options: { encoding: 'sinusoidal', attention: 'bidirectional' },
  },
  {
    id: 'learned',
    stepsPerSecond: 1758,
    options: { encoding: 'learned', attention: 'bidirectional' },
  },
  {
    id: 'rope',
    stepsPerSecond: 1656,
    options: { encoding: 'rope', attention: 'bidirectional' },
  },
  {
    id: 'alibi',
    stepsPerSecond: 1802,
    options: { encoding: 'alibi', attention: 'bidirectional' },
    slopes: true,
  },
  {
    id: 'causal',
    stepsPerSecond: 1917,
    options: { encoding: 'none', attention: 'causal' },
  },
  {
    id: 'alibi-cls',
    stepsPerSecond: 1645,
    options: { encoding: 'alibi', attention: 'bidirectional', readout: 'cls' },
  },
];

/** The largest seed the page's field takes: the trainer's own (tests/js/trainer.test.mjs holds them equal). */
export const SEED_MAX = 4294967295;

/** Test lengths of the extrapolation chart, and how many fresh sequences measure each point. */
export const TEST_LENGTHS = [8, 12, 16, 24, 32, 48, 64];
export const TEST_SAMPLES = 512;
