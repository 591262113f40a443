// The trainer's default model written with TensorFlow.js (tfjs-core 4.22, its WebAssembly and CPU
// backends), for the training rows of `npm run bench` (train_bench.mjs). Same shapes as our trainer's
// defaults (cpp/src/training/model.cpp): vocabulary 8, dModel 16, 2 heads, 1 layer, MLP 16 → 32 → 16
// with tanh-GELU, pre-norm blocks, LayerNorm eps 1e-5, mean readout, final norm, 2-way linear, softmax
// cross-entropy, Adam (lr 1e-2, β 0.9 / 0.999, eps 1e-8), batch 32 of the `order` task at lengths 8–16,
// the paper sinusoidal table added to the token embeddings, and the same initialisation (token
// embeddings N(0, 1), weights N(0, 1/fan-in), residual projections × 1/√(2L), norms 1, biases 0).
//
// One difference of layout: tfjs works on dense tensors, so every batch is padded to the longest
// training length, 16 (a batch of 32 lengths uniform in 8–16 has a 16 in it 97.7% of the time, so
// padding to each batch's longest would be the same shape nearly always), with a key mask (-1e9 on
// padded keys before the softmax) and a row mask in the mean readout. The real rows then compute
// exactly what our packed batches compute; the padded rows are wasted work our packing does not do,
// which is why train_bench.mjs also times ours on fixed length 16.
//
// Loading: tfjs-core's Node build (dist/tf-core.node.js) registers no gradients, and the files that do
// (dist/register_all_gradients.js and dist/gradients/*) are ES modules with extensionless relative
// imports, which Node's resolver refuses; a resolve hook adds the `.js` (or `/index.js`) for imports
// inside @tensorflow packages. The gradients land in tfjs's global registry, shared by both copies.
// The wasm backend loads its .wasm from the package's dist folder (no network); in Node it has no
// threads, so it runs tfjs-backend-wasm-simd.wasm, single-threaded like ours.
import { register } from 'node:module';
import { dirname } from 'node:path';
import { createRequire } from 'node:module';

const hook = `
export async function resolve(specifier, context, next) {
  if (/^\\.\\.?\\//.test(specifier) && !/\\.[cm]?js$/.test(specifier) && context.parentURL?.includes('/@tensorflow/')) {
    try { return await next(specifier + '.js', context); } catch { return next(specifier + '/index.js', context); }
  }
  return next(specifier, context);
}`;

let loaded = null;

/** tfjs-core with both backends registered and every gradient; `backend` is made the current one. */
export async function loadTfjs(backend) {
  if (!loaded) {
    register(`data:text/javascript,${encodeURIComponent(hook)}`);
    const tf = await import('@tensorflow/tfjs-core');
    await import('@tensorflow/tfjs-core/dist/register_all_gradients.js');
    await import('@tensorflow/tfjs-backend-cpu');
    const wasm = await import('@tensorflow/tfjs-backend-wasm');
    const require = createRequire(import.meta.url);
    wasm.setWasmPaths(`${dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`);
    tf.enableProdMode(); // no debug checks, and no "install tfjs-node" banner
    loaded = tf;
  }
  if (!(await loaded.setBackend(backend))) throw new Error(`tfjs: backend ${backend} did not start`);
  await loaded.ready();
  return loaded;
}

// A small seeded generator (mulberry32) and normal draws (Box–Muller) for weights and samples.
function generator(seed) {
  let s = seed >>> 0 || 0x9e3779b9;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    uniform: next,
    below: (n) => Math.floor(next() * n),
    normal: () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
  };
}

/** The paper's sinusoidal table (sin at column 2k, cos at 2k+1), rows × dModel. */
export function sinusoidalTable(rows, dModel, base = 10000) {
  const table = new Float32Array(rows * dModel);
  for (let p = 0; p < rows; p++)
    for (let k = 0; 2 * k < dModel; k++) {
      const angle = p * Math.pow(base, (-2 * k) / dModel);
      table[p * dModel + 2 * k] = Math.sin(angle);
      if (2 * k + 1 < dModel) table[p * dModel + 2 * k + 1] = Math.cos(angle);
    }
  return table;
}

const VOCAB = 8,
  MARKER_A = 1,
  MARKER_B = 2,
  FIRST_FILLER = 3,
  FILLERS = 5;

/**
 * `count` samples of the order task (tasks.cpp's rules: fillers, one A and one B at distinct places,
 * label 1 when A comes first, labels alternating), padded to `pad`, as the tensors' inputs: one-hot
 * tokens (count·pad, 8), key mask (count, 1, 1, pad), mean-readout weights (count, pad, 1), one-hot labels.
 */
export function orderBatch(rng, count, minLength, maxLength, pad) {
  const tokens = new Float32Array(count * pad * VOCAB);
  const keyMask = new Float32Array(count * pad);
  const readout = new Float32Array(count * pad);
  const labels = new Float32Array(count * 2);
  const label = new Int32Array(count);
  for (let b = 0; b < count; b++) {
    const length = minLength + rng.below(maxLength - minLength + 1);
    const row = new Int32Array(length);
    for (let i = 0; i < length; i++) row[i] = FIRST_FILLER + rng.below(FILLERS);
    const p = rng.below(length);
    let q = rng.below(length - 1);
    if (q >= p) q++;
    label[b] = b % 2;
    row[Math.min(p, q)] = label[b] ? MARKER_A : MARKER_B;
    row[Math.max(p, q)] = label[b] ? MARKER_B : MARKER_A;
    for (let t = 0; t < pad; t++) {
      if (t < length) {
        tokens[(b * pad + t) * VOCAB + row[t]] = 1;
        readout[b * pad + t] = 1 / length;
      } else keyMask[b * pad + t] = -1e9;
    }
    labels[b * 2 + label[b]] = 1;
  }
  return { count, tokens, keyMask, readout, labels, label };
}

/**
 * The model on the current backend of `tf`: step() trains one batch and returns its loss as a scalar
 * tensor (read it when you need it); evaluate() returns accuracy on fresh samples; dispose() frees it.
 */
export function tfjsModel(tf, options = {}) {
  const { seed = 0, dModel: C = 16, heads: NH = 2, hidden: H = 32, batch: B = 32 } = options;
  const [minLength, maxLength] = options.trainLength ?? [8, 16];
  const learningRate = options.learningRate ?? 1e-2;
  const T = maxLength,
    hs = C / NH,
    L = 1;
  const rng = generator(seed * 2654435761 + 1);
  const normal = (shape, scale) => {
    const n = shape.reduce((a, b) => a * b, 1);
    const values = new Float32Array(n);
    for (let i = 0; i < n; i++) values[i] = scale * rng.normal();
    return tf.tidy(() => tf.variable(tf.tensor(values, shape)));
  };
  const constant = (shape, value) => tf.tidy(() => tf.variable(tf.fill(shape, value)));
  const residual = 1 / Math.sqrt(2 * L);
  const p = {
    wte: normal([VOCAB, C], 1),
    ln1w: constant([C], 1),
    ln1b: constant([C], 0),
    qkvw: normal([C, 3 * C], 1 / Math.sqrt(C)),
    qkvb: constant([3 * C], 0),
    attprojw: normal([C, C], residual / Math.sqrt(C)),
    attprojb: constant([C], 0),
    ln2w: constant([C], 1),
    ln2b: constant([C], 0),
    fcw: normal([C, H], 1 / Math.sqrt(C)),
    fcb: constant([H], 0),
    fcprojw: normal([H, C], residual / Math.sqrt(H)),
    fcprojb: constant([C], 0),
    lnfw: constant([C], 1),
    lnfb: constant([C], 0),
    clsw: normal([C, 2], 1 / Math.sqrt(C)),
    clsb: constant([2], 0),
  };
  const variables = Object.values(p);
  const positions = tf.keep(tf.tensor(sinusoidalTable(T, C), [1, T, C]));
  const optimizer = tf.train.adam(learningRate, 0.9, 0.999, 1e-8);

  const layerNorm = (x, w, b) => {
    const { mean, variance } = tf.moments(x, -1, true);
    return tf.add(tf.mul(tf.mul(tf.sub(x, mean), tf.rsqrt(tf.add(variance, 1e-5))), w), b);
  };
  const linear = (x, w, b) => tf.add(tf.matMul(x, w), b);
  // GELU, tanh form, as kernels.cpp: x · sigmoid(2u), u = √(2/π)(x + 0.044715 x³).
  const gelu = (x) =>
    tf.mul(x, tf.sigmoid(tf.mul(tf.add(x, tf.mul(tf.mul(tf.mul(x, x), x), 0.044715)), 2 * Math.sqrt(2 / Math.PI))));

  // Logits (n, 2) of a batch of inputs from orderBatch (as tensors).
  const logits = (input) => {
    const n = input.count;
    const x = tf.reshape(tf.add(tf.reshape(tf.matMul(input.tokens, p.wte), [n, T, C]), positions), [n * T, C]);
    const ln1 = layerNorm(x, p.ln1w, p.ln1b);
    // q, k, v split apart and each transposed in 4-D: one 5-D transpose of the packed qkv costs about
    // 30 ms per step on the wasm backend, 4-D ones a fraction of a millisecond.
    const [q, k, v] = tf
      .split(linear(ln1, p.qkvw, p.qkvb), 3, 1)
      .map((part) => tf.transpose(tf.reshape(part, [n, T, NH, hs]), [0, 2, 1, 3])); // (n, NH, T, hs)
    const scores = tf.add(tf.mul(tf.matMul(q, k, false, true), 1 / Math.sqrt(hs)), input.keyMask);
    const heads = tf.matMul(tf.softmax(scores), v); // (n, NH, T, hs)
    const atty = tf.reshape(tf.transpose(heads, [0, 2, 1, 3]), [n * T, C]);
    const residual2 = tf.add(x, linear(atty, p.attprojw, p.attprojb));
    const mlp = linear(gelu(linear(layerNorm(residual2, p.ln2w, p.ln2b), p.fcw, p.fcb)), p.fcprojw, p.fcprojb);
    const residual3 = tf.add(residual2, mlp);
    const pooled = tf.sum(tf.mul(tf.reshape(residual3, [n, T, C]), input.readout), 1); // masked mean
    return linear(layerNorm(pooled, p.lnfw, p.lnfb), p.clsw, p.clsb);
  };

  const tensors = (batch) => ({
    count: batch.count,
    tokens: tf.tensor2d(batch.tokens, [batch.count * T, VOCAB]),
    keyMask: tf.tensor4d(batch.keyMask, [batch.count, 1, 1, T]),
    readout: tf.tensor3d(batch.readout, [batch.count, T, 1]),
    labels: tf.tensor2d(batch.labels, [batch.count, 2]),
  });
  const free = (input) => tf.dispose([input.tokens, input.keyMask, input.readout, input.labels]);

  return {
    variables,
    /** One training step on a fresh batch; returns the batch's mean loss as a scalar tensor (caller disposes). */
    step() {
      const input = tensors(orderBatch(rng, B, minLength, maxLength, T));
      const loss = optimizer.minimize(
        () => tf.losses.softmaxCrossEntropy(input.labels, logits(input)),
        true,
        variables,
      );
      free(input);
      return loss;
    },
    /** Accuracy on `samples` fresh samples of the training lengths, from a generator seeded by `seed`. */
    evaluate(samples = 1000, evalSeed = 12345) {
      const batch = orderBatch(generator(evalSeed), samples, minLength, maxLength, T);
      const input = tensors(batch);
      const result = tf.tidy(() => logits(input));
      const out = result.dataSync();
      tf.dispose([result]);
      free(input);
      let right = 0;
      for (let b = 0; b < samples; b++) right += out[2 * b + 1] > out[2 * b] === (batch.label[b] === 1);
      return right / samples;
    },
    dispose() {
      tf.dispose([...variables, positions]);
      optimizer.dispose();
    },
  };
}
