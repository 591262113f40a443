// lab.ropeFrequencies against a transcription of Hugging Face transformers' modeling_rope_utils.py
// (_compute_default/linear_scaling/ntk/dynamic_ntk/yarn_parameters) written here in float64, and its
// options refused the lab's way: the error names the option and what it may be.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { labPromise } from './helpers.mjs';

const lab = await labPromise;

const range = (dim) => Array.from({ length: dim / 2 }, (_, j) => 2 * j); // torch.arange(0, dim, 2)
const hfDefault = (dim, base) => range(dim).map((k) => 1 / base ** (k / dim));
const hf = {
  none: ({ dim, base }) => ({ inv: hfDefault(dim, base), attention: 1 }),
  linear: ({ dim, base, factor }) => ({ inv: hfDefault(dim, base).map((v) => v / factor), attention: 1 }),
  ntk: ({ dim, base, factor }) => ({ inv: hfDefault(dim, base * factor ** (dim / (dim - 2))), attention: 1 }),
  dynamic: ({ dim, base, factor, maxPositions, seqLen }) => {
    const len = seqLen !== undefined && seqLen > maxPositions ? seqLen : maxPositions;
    return {
      inv: hfDefault(dim, base * ((factor * len) / maxPositions - (factor - 1)) ** (dim / (dim - 2))),
      attention: 1,
    };
  },
  yarn: ({ dim, base, factor, maxPositions, betaFast = 32, betaSlow = 1 }) => {
    const correction = (rotations) => (dim * Math.log(maxPositions / (rotations * 2 * Math.PI))) / (2 * Math.log(base));
    const low = Math.max(Math.floor(correction(betaFast)), 0);
    let high = Math.min(Math.ceil(correction(betaSlow)), dim - 1);
    if (low === high) high += 0.001;
    const inv = range(dim).map((k, j) => {
      const posFreq = base ** (k / dim);
      const ramp = Math.min(1, Math.max(0, (j - low) / (high - low)));
      return (1 / (factor * posFreq)) * ramp + (1 / posFreq) * (1 - ramp);
    });
    return { inv, attention: 0.1 * Math.log(factor) + 1 };
  },
};

const relative = (got, want) => Math.max(...want.map((w, i) => Math.abs(got[i] - w) / Math.abs(w)));

test('every scaling gives transformers’ frequencies within 1e-9 relative, and YaRN its attention factor', () => {
  let cases = 0;
  for (const dHead of [8, 64, 128])
    for (const base of [500, 10000, 1e6])
      for (const factor of [1, 2, 8, 32])
        for (const maxPositions of [16, 2048])
          for (const type of Object.keys(hf)) {
            const scaling = { type, factor };
            if (type === 'dynamic' || type === 'yarn') scaling.originalMaxPositions = maxPositions;
            if (type === 'dynamic') scaling.length = 3 * maxPositions;
            const got = lab.ropeFrequencies({ dHead, base, scaling });
            const want = hf[type]({ dim: dHead, base, factor, maxPositions, seqLen: 3 * maxPositions });
            assert.ok(got.invFreq instanceof Float64Array);
            assert.equal(got.invFreq.length, dHead / 2);
            assert.ok(relative(got.invFreq, want.inv) <= 1e-9, `${type} ${dHead} ${base} ${factor}`);
            assert.ok(Math.abs(got.attentionFactor - want.attention) <= 1e-12, `${type} attention factor`);
            cases += 1;
          }
  assert.equal(cases, 360);
});

test('left out, the scaling is none: rope’s own frequencies; rotaryDims sets how many pairs', () => {
  const plain = lab.ropeFrequencies({ dHead: 16 });
  assert.ok(relative(plain.invFreq, hfDefault(16, 10000)) <= 1e-12);
  assert.equal(plain.attentionFactor, 1);
  const partial = lab.ropeFrequencies({ dHead: 16, rotaryDims: 8, scaling: { type: 'linear', factor: 4 } });
  assert.ok(relative(partial.invFreq, hf.linear({ dim: 8, base: 10000, factor: 4 }).inv) <= 1e-12);
  // Dynamic NTK below its trained length is the unscaled base: (s·L₀/L₀ − (s − 1)) = 1.
  const below = lab.ropeFrequencies({ dHead: 16, scaling: { type: 'dynamic', factor: 4, originalMaxPositions: 64 } });
  assert.ok(relative(below.invFreq, hfDefault(16, 10000)) <= 1e-12);
});

test('bad scaling options are refused, naming the option and what it may be', () => {
  const refuses = (scaling, type, param, text, rotaryDims = 64) =>
    assert.throws(
      () => lab.ropeFrequencies({ dHead: 64, rotaryDims, scaling }),
      (e) => e instanceof type && e.param === param && text.test(e.message),
      `${JSON.stringify(scaling)} → ${param}`,
    );
  refuses({ type: 'stretch' }, RangeError, 'scaling.type', /one of 'none', 'linear', 'ntk', 'dynamic', 'yarn'/);
  refuses({ type: 'linear', factor: 0.5 }, RangeError, 'scaling.factor', /from 1 to 65536 \(got 0\.5\)/);
  refuses({ type: 'yarn', factor: 4 }, RangeError, 'scaling.originalMaxPositions', /required for scaling type "yarn"/);
  refuses(
    { type: 'dynamic', factor: 4, originalMaxPositions: 0 },
    RangeError,
    'scaling.originalMaxPositions',
    /from 1/,
  );
  refuses(
    { type: 'yarn', factor: 4, originalMaxPositions: 512, betaFast: 1, betaSlow: 32 },
    RangeError,
    'scaling.betaSlow',
    /must be below scaling\.betaFast = 1 \(got 32\)/,
  );
  refuses({ type: 'ntk', factor: 2 }, RangeError, 'rotaryDims', /from 4 to 64/, 2);
  refuses({ type: 'linear', factor: '2' }, TypeError, 'scaling.factor', /must be a number/);
  refuses({ type: 'linear', stretch: 2 }, TypeError, 'scaling.stretch', /unknown option/);
  refuses(4, TypeError, 'scaling', /options object/);
  // And the lab works after every refusal.
  assert.equal(lab.ropeFrequencies({ dHead: 4 }).invFreq.length, 2);
});

// Rope in float64 with given angles per position and attention factor (transformers' cos·f and sin·f).
function rotated(x, { n, dHead, inv, attention, start }) {
  const out = Float64Array.from(x);
  const half = dHead / 2;
  for (let r = 0; r < n; r++)
    for (let i = 0; i < half; i++) {
      const angle = (start + r) * inv[i];
      const [a, b] = [r * dHead + i, r * dHead + i + half];
      out[a] = attention * (x[a] * Math.cos(angle) - x[b] * Math.sin(angle));
      out[b] = attention * (x[b] * Math.cos(angle) + x[a] * Math.sin(angle));
    }
  return out;
}

test('rope under each scaling turns by transformers’ angles, times the attention factor (2e-6, to 65,536)', () => {
  const [n, dHead] = [8, 32];
  const x = Float32Array.from({ length: n * dHead }, (_, i) => Math.sin(12.9898 * (i + 1)));
  const scalings = [
    [{ type: 'linear', factor: 4 }, hf.linear({ dim: dHead, base: 10000, factor: 4 })],
    [{ type: 'ntk', factor: 8 }, hf.ntk({ dim: dHead, base: 10000, factor: 8 })],
    [
      { type: 'dynamic', factor: 4, originalMaxPositions: 512, length: 4096 },
      hf.dynamic({ dim: dHead, base: 10000, factor: 4, maxPositions: 512, seqLen: 4096 }),
    ],
    [
      { type: 'yarn', factor: 16, originalMaxPositions: 4096 },
      hf.yarn({ dim: dHead, base: 10000, factor: 16, maxPositions: 4096 }),
    ],
  ];
  for (const [scaling, want] of scalings)
    for (const start of [0, 65536 - n]) {
      const got = lab.rope({ x, n, dHead, start, scaling });
      const expected = rotated(x, { n, dHead, inv: want.inv, attention: want.attention, start });
      const worst = Math.max(...got.map((v, i) => Math.abs(v - expected[i])));
      assert.ok(worst <= 2e-6 * want.attention, `${scaling.type} from ${start}: ${worst}`);
    }
  // The linear scaling is `scale`, its short form; a call gives one or the other.
  assert.deepEqual(
    lab.rope({ x, n, dHead, scaling: { type: 'linear', factor: 4 } }),
    lab.rope({ x, n, dHead, scale: 4 }),
  );
  assert.throws(
    () => lab.rope({ x, n, dHead, scale: 2, scaling: { type: 'linear', factor: 2 } }),
    (e) => e instanceof TypeError && e.param === 'scaling' && /give scale .* or scaling .*, not both/.test(e.message),
  );
  assert.throws(
    () => lab.rope({ x, n, dHead, scaling: { type: 'yarn', factor: 2 } }),
    (e) => e instanceof RangeError && e.param === 'scaling.originalMaxPositions',
  );
});

test('attention’s rope.scaling turns each head’s queries and keys as rope({ scaling }) does, refused by its path', () => {
  const [n, dK, heads] = [12, 16, 2];
  const dHead = dK / heads;
  const data = (seed) => Float32Array.from({ length: n * dK }, (_, i) => Math.sin(seed * (i + 1)));
  const [q, k, v] = [data(12.9898), data(78.233), data(37.719)];
  const scaling = { type: 'yarn', factor: 4, originalMaxPositions: 16 };
  // Head h's columns, turned by lab.rope, written back: what attention must compute with inside.
  const turned = (x) => {
    const out = Float32Array.from(x);
    for (let h = 0; h < heads; h++) {
      const cols = Float32Array.from(
        { length: n * dHead },
        (_, i) => x[Math.floor(i / dHead) * dK + h * dHead + (i % dHead)],
      );
      const r = lab.rope({ x: cols, n, dHead, start: 5, scaling });
      r.forEach((val, i) => (out[Math.floor(i / dHead) * dK + h * dHead + (i % dHead)] = val));
    }
    return out;
  };
  const inside = lab.attention({ q, k, v, n, dK, heads, rope: { start: 5, scaling } });
  const outside = lab.attention({ q: turned(q), k: turned(k), v, n, dK, heads });
  const worst = Math.max(...inside.weights.map((w, i) => Math.abs(w - outside.weights[i])));
  assert.ok(worst < 1e-6, `weights differ by ${worst}`);
  // The scaling changes the weights (YaRN's factor alone scales every score by 1.1386²).
  const plain = lab.attention({ q, k, v, n, dK, heads, rope: { start: 5 } });
  assert.ok(Math.max(...plain.weights.map((w, i) => Math.abs(w - inside.weights[i]))) > 1e-3);
  const refuses = (rope, type, param, text) =>
    assert.throws(
      () => lab.selfAttention({ x: q, n, dModel: dK, dK, heads, rope }),
      (e) => e instanceof type && e.param === param && text.test(e.message),
      `${JSON.stringify(rope)} → ${param}`,
    );
  refuses({ scale: 2, scaling }, TypeError, 'rope.scaling', /give rope\.scale .* or rope\.scaling .*, not both/);
  refuses({ scaling: { type: 'linear', factor: 0.5 } }, RangeError, 'rope.scaling.factor', /from 1 to 65536/);
  refuses({ scaling: { type: 'yarn', factor: 2 } }, RangeError, 'rope.scaling.originalMaxPositions', /required/);
  refuses({ scaling: { type: 'linear', stretch: 2 } }, TypeError, 'rope.scaling.stretch', /unknown option/);
  refuses({ scaling: { type: 'linear', factor: '2' } }, TypeError, 'rope.scaling.factor', /must be a number/);
  refuses({ scaling: 4 }, TypeError, 'rope.scaling', /must be an options object \{type, factor/);
  refuses({ rotaryDims: 2, scaling: { type: 'ntk', factor: 2 } }, RangeError, 'rope.rotaryDims', /from 4 to 8/);
  // And it works after every refusal.
  assert.equal(lab.selfAttention({ x: q, n, dModel: dK, dK, heads, rope: { scaling } }).weights.length, heads * n * n);
});

test('a trained RoPE model evaluated with a scaling: the same answer twice, and its trained angles after', () => {
  const run = lab.trainer({ encoding: 'rope', seed: 5, maxEvalLength: 64 });
  try {
    run.step(40);
    const plain = run.evaluate({ length: 48, samples: 128 });
    const yarn = { length: 48, samples: 128, ropeScaling: { type: 'yarn', factor: 4, originalMaxPositions: 16 } };
    const stretched = run.evaluate(yarn);
    assert.deepEqual(run.evaluate(yarn), stretched);
    assert.notEqual(stretched.loss, plain.loss);
    assert.deepEqual(run.evaluate({ length: 48, samples: 128 }), plain);
    assert.throws(
      () => run.evaluate({ length: 48, ropeScaling: { type: 'dynamic', factor: 2 } }),
      (e) => e instanceof RangeError && e.param === 'ropeScaling.originalMaxPositions',
    );
  } finally {
    run.delete();
  }
  const other = lab.trainer({ encoding: 'sinusoidal' });
  try {
    assert.throws(
      () => other.evaluate({ length: 16, ropeScaling: { type: 'linear', factor: 2 } }),
      (e) =>
        e instanceof RangeError &&
        e.param === 'ropeScaling' &&
        /only to a trainer whose encoding is 'rope'/.test(e.message),
    );
  } finally {
    other.delete();
  }
});

test('a trained run cloned and fine-tuned at longer lengths with a scaling, the original left as it was', () => {
  const run = lab.trainer({ encoding: 'rope', seed: 5, maxEvalLength: 64 });
  const copies = [];
  try {
    run.step(30);
    const before = run.evaluate({ length: 48, samples: 128 });
    const copy = run.clone({ trainLength: [16, 48] });
    copies.push(copy);
    assert.deepEqual(copy.trainLength, [16, 48]);
    const yarn = { type: 'yarn', factor: 3, originalMaxPositions: 16 };
    const tuned = copy.step({ steps: 10, ropeScaling: yarn });
    assert.equal(tuned.step, 40); // it counts on from the original's 30
    assert.deepEqual(run.evaluate({ length: 48, samples: 128 }), before);
    // Deterministic: a second clone fine-tuned the same way gives the same model.
    const again = run.clone({ trainLength: [16, 48] });
    copies.push(again);
    again.step({ steps: 10, ropeScaling: yarn });
    const ask = { length: 48, samples: 128, ropeScaling: yarn };
    assert.deepEqual(again.evaluate(ask), copy.evaluate(ask));
    assert.throws(
      () => run.clone({ trainLength: [16, 1000] }),
      (e) => e instanceof RangeError && e.param === 'trainLength',
    );
    assert.throws(
      () => run.clone({ length: 4 }),
      (e) => e instanceof TypeError && e.param === 'length',
    );
  } finally {
    for (const c of copies) c.delete();
    run.delete();
  }
});
