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
// the causal mask with no encoding, and ALiBi read out from a CLS token instead of the mean. `about`
// is the page's description of the arm; ALiBi's slopes are the core's, filled in once the worker has them.
// `stepsPerSecond`: the arm's speed alone as `npm run bench` measured it (README, the per-arm table of
// 2026-12-01, AMD EPYC), which the pool uses to give its workers equal work (train-session.js's shares).
export const ARMS = [
  {
    id: 'none',
    stepsPerSecond: 1780,
    name: 'No encoding',
    options: { encoding: 'none', attention: 'bidirectional' },
    about: 'token embeddings only; every token attends to every token.',
  },
  {
    id: 'sinusoidal',
    stepsPerSecond: 1783,
    name: 'Sinusoidal',
    options: { encoding: 'sinusoidal', attention: 'bidirectional' },
    about: 'the sinusoidal table added to the embeddings.',
  },
  {
    id: 'learned',
    stepsPerSecond: 1758,
    name: 'Learned',
    options: { encoding: 'learned', attention: 'bidirectional' },
    about: `a trained table of ${MODEL.maxLen} position vectors added instead.`,
  },
  {
    id: 'rope',
    stepsPerSecond: 1656,
    name: 'RoPE',
    options: { encoding: 'rope', attention: 'bidirectional' },
    about: `queries and keys turned by their positions (base ${MODEL.base}, the halves layout).`,
  },
  {
    id: 'alibi',
    stepsPerSecond: 1802,
    name: 'ALiBi',
    options: { encoding: 'alibi', attention: 'bidirectional' },
    about: `the two-sided bias −slope·|i − j|, one slope per head by the paper’s rule for ${MODEL.heads} heads`,
    slopes: true,
  },
  {
    id: 'causal',
    stepsPerSecond: 1917,
    name: 'No encoding + causal mask',
    options: { encoding: 'none', attention: 'causal' },
    about:
      'nothing added anywhere, but each token attends only to itself and the tokens before it (NoPE, as ' +
      'Kazemnejad et al. call it).',
  },
  {
    id: 'alibi-cls',
    stepsPerSecond: 1645,
    name: 'ALiBi + CLS token',
    options: { encoding: 'alibi', attention: 'bidirectional', readout: 'cls' },
    about: 'ALiBi again, with one more token, CLS, put first at position 0; its output alone decides.',
  },
];

/** The largest seed the page's field takes: the trainer's own (tests/js/trainer.test.mjs holds them equal). */
export const SEED_MAX = 4294967295;

/** Test lengths of the extrapolation chart, and how many fresh sequences measure each point. */
export const TEST_LENGTHS = [8, 12, 16, 24, 32, 48, 64];
export const TEST_SAMPLES = 512;
