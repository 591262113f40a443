// The train-it experiment as data, shared by the page (train-it.js) and its worker (train-worker.js):
// one small Transformer classifier, seven ways for it to know where a token is.

/** Options every arm shares (the rest are lab.trainer's defaults: 1 layer, dModel 16, 2 heads,
 *  batch 32, learning rate 1e-2, learned table of 128 rows, evaluation up to length 64). */
export const MODEL = { task: 'order', readout: 'mean', trainLength: [8, 16] };

// The five encodings with full attention and the mean readout, then two arms that change one thing:
// the causal mask with no encoding, and ALiBi read out from a CLS token instead of the mean.
export const ARMS = [
  { id: 'none', name: 'No encoding', options: { encoding: 'none', attention: 'bidirectional' } },
  { id: 'sinusoidal', name: 'Sinusoidal', options: { encoding: 'sinusoidal', attention: 'bidirectional' } },
  { id: 'learned', name: 'Learned', options: { encoding: 'learned', attention: 'bidirectional' } },
  { id: 'rope', name: 'RoPE', options: { encoding: 'rope', attention: 'bidirectional' } },
  { id: 'alibi', name: 'ALiBi', options: { encoding: 'alibi', attention: 'bidirectional' } },
  { id: 'causal', name: 'No encoding + causal mask', options: { encoding: 'none', attention: 'causal' } },
  {
    id: 'alibi-cls',
    name: 'ALiBi + CLS token',
    options: { encoding: 'alibi', attention: 'bidirectional', readout: 'cls' },
  },
];

/** Test lengths of the extrapolation chart, and how many fresh sequences measure each point. */
export const TEST_LENGTHS = [8, 12, 16, 24, 32, 48, 64];
export const TEST_SAMPLES = 512;
