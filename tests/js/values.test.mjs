// The wasm module, through the public API, computes what the native build computes, and what the
// formula says in float64.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { labPromise, maxAbsDiff } from './helpers.mjs';

const fixturesTool = fileURLToPath(new URL('../../build/native/pelab_native_fixtures', import.meta.url));
const native = JSON.parse(execFileSync(fixturesTool, { encoding: 'utf8' }));
const lab = await labPromise;

test('sinusoidal tables match the native build for every convention', () => {
  for (const variant of ['paper', 'halves', 'tensor2tensor']) {
    const pe = lab.sinusoidal({ positions: 50, dModel: 64, variant, start: 1000 });
    assert.ok(pe instanceof Float32Array);
    assert.equal(pe.length, 50 * 64);
    assert.ok(maxAbsDiff(pe, native[`sinusoidal_${variant}`]) <= 1e-6, variant);
  }
});

test('the lesson fingerprints come out at dModel 8, position 1', () => {
  const fingerprints = {
    paper: [0.841471, 0.540302, 0.099833, 0.995004, 0.01, 0.99995, 0.001, 1],
    halves: [0.841471, 0.099833, 0.01, 0.001, 0.540302, 0.995004, 0.99995, 1],
    tensor2tensor: [0.841471, 0.046399, 0.002154, 0.0001, 0.540302, 0.998923, 0.999998, 1],
  };
  for (const [variant, expected] of Object.entries(fingerprints)) {
    const row = lab.sinusoidal({ positions: 1, dModel: 8, variant, start: 1 });
    assert.ok(maxAbsDiff(row, expected) <= 5e-7, variant);
  }
});

// The three layouts' float64 formula, written here from the lesson's conventions table (not the core's):
// paper interleaves sin and cos of pair i at ω_i = base^(−2i/d); halves puts every sin first; tensor2tensor
// spaces its frequencies as base^(−i/(d/2 − 1)), sines first.
const omegaOf = (variant, i, dModel, base) =>
  variant === 'tensor2tensor' ? base ** (-i / (dModel / 2 - 1)) : base ** ((-2 * i) / dModel);
function formula({ positions, dModel, start, variant, base = 10000 }) {
  const half = dModel / 2,
    out = new Float64Array(positions * dModel);
  for (let p = 0; p < positions; p++)
    for (let i = 0; i < half; i++) {
      const omega = omegaOf(variant, i, dModel, base);
      const angle = (start + p) * omega,
        row = p * dModel;
      const [s, c] = variant === 'paper' ? [2 * i, 2 * i + 1] : [i, half + i];
      out[row + s] = Math.sin(angle);
      out[row + c] = Math.cos(angle);
    }
  return out;
}

test('the table and its float64 reference are within 2e-6 and 1e-9 of the formula up to position 65535', () => {
  for (const variant of ['paper', 'halves', 'tensor2tensor']) {
    const options = { positions: 512, dModel: 512, variant, start: 65536 - 512 };
    const exact = formula(options);
    assert.ok(maxAbsDiff(lab.sinusoidal(options), exact) <= 2e-6, variant);
    assert.ok(maxAbsDiff(lab.sinusoidalReference(options), exact) <= 1e-9, `${variant}: the reference`);
  }
});

test('frequencies() are the conventions’ ω_i and 2π/ω_i, at the default base and another', () => {
  for (const variant of ['paper', 'halves', 'tensor2tensor'])
    for (const base of [undefined, 500]) {
      const { omega, wavelength } = lab.frequencies({ dModel: 64, variant, ...(base && { base }) });
      const expected = Array.from({ length: 32 }, (_, i) => omegaOf(variant, i, 64, base ?? 10000));
      const what = `${variant}, base ${base ?? 'default'}`;
      assert.ok(omega instanceof Float64Array && wavelength instanceof Float64Array, what);
      assert.ok(maxAbsDiff(omega, expected) <= 1e-15, `${what}: omega`);
      const relative = Array.from(wavelength, (w, i) => (w * expected[i]) / (2 * Math.PI) - 1);
      assert.ok(maxAbsDiff(relative, new Float64Array(32)) <= 1e-12, `${what}: wavelength`);
    }
  // …and a table at that other base follows it too.
  for (const variant of ['paper', 'halves', 'tensor2tensor']) {
    const options = { positions: 20, dModel: 64, variant, start: 100, base: 500 };
    assert.ok(maxAbsDiff(lab.sinusoidal(options), formula(options)) <= 2e-6, `${variant}, base 500`);
  }
});

test('float32 angles drift where the table does not', () => {
  const options = { positions: 16, dModel: 64, start: 2048 };
  const reference = lab.sinusoidalReference(options);
  assert.ok(maxAbsDiff(lab.sinusoidalFloat32Angles(options), reference) > 1e-5);
  assert.ok(maxAbsDiff(lab.sinusoidal(options), reference) < 1e-6);
});

test('learned tables, embeddings and attention match the native build', () => {
  assert.ok(maxAbsDiff(lab.learnedTable({ maxLen: 20, dModel: 12, seed: 42 }), native.learned) <= 1e-6);
  const x = lab.embed({ tokens: [3, 1, 4, 1, 5, 9], vocabSize: 10, dModel: 16, seed: 5 });
  assert.ok(maxAbsDiff(x, native.embed) <= 1e-5);
  const r = lab.selfAttention({ x, n: 6, dModel: 16, dK: 6, seed: 5, mask: 'before-softmax' });
  assert.ok(maxAbsDiff(r.weights, native.selfAttentionWeights) <= 1e-5);
  assert.ok(maxAbsDiff(r.output, native.selfAttentionOutput) <= 1e-5);
  const p = lab.permutation({ tokens: [3, 1, 4, 1, 5, 9], vocabSize: 10, dModel: 16, seed: 5, dK: 6, swap: [0, 4] });
  assert.ok(maxAbsDiff(p.withEncoding.swapped.output, native.permutationOutput) <= 1e-5);
});

test('rope and attention in heads with rope and ALiBi match the native build', () => {
  const x = lab.embed({ tokens: [3, 1, 4, 1, 5, 9], vocabSize: 10, dModel: 16, seed: 5 });
  const turned = lab.rope({ x, n: 6, dHead: 16, layout: 'interleaved', rotaryDims: 12, scale: 2, start: 60000 });
  assert.ok(maxAbsDiff(turned, native.rope) <= 1e-5);
  const r = lab.selfAttention({
    x,
    n: 6,
    dModel: 16,
    dK: 8,
    seed: 5,
    mask: 'before-softmax',
    heads: 2,
    rope: { start: 3 },
    alibi: true,
  });
  assert.ok(maxAbsDiff(r.weights, native.headsWeights) <= 1e-5);
  assert.ok(maxAbsDiff(r.output, native.headsOutput) <= 1e-5);
});

test('analysis results match the native build', () => {
  const table = lab.sinusoidal({ positions: 50, dModel: 64, start: 1000 });
  assert.ok(maxAbsDiff(lab.dotMatrix({ table, rows: 50, dModel: 64 }), native.dotMatrix) <= 1e-4);
  const spec = { positions: 40, dModel: 32, start: 3 };
  assert.ok(maxAbsDiff(lab.relativeOffset({ ...spec, k: 7 }).blocks, native.offsetBlocks) <= 1e-7);
  const p = lab.properties({ ...spec, k: 2 });
  const got = [p.minDistance, p.maxAbsValue, p.minNormSq, p.minOffsetDot, p.offsetDotDeviation];
  assert.ok(maxAbsDiff(got, native.properties) <= 1e-5);
});

test('the identities the lesson states hold in the wasm build', () => {
  assert.ok(lab.relativeOffset({ positions: 500, dModel: 128, k: 9 }).maxResidual <= 1e-5);
  const p = lab.properties({ positions: 64, dModel: 32, k: 1 });
  assert.ok(Math.abs(p.minOffsetDot - 15.3136) < 1e-4 && p.offsetDotDeviation < 1e-4);
  const { wavelength } = lab.frequencies({ dModel: 512 });
  assert.ok(Math.abs(wavelength[0] - 2 * Math.PI) < 1e-12, 'pair 0 is the fastest');
  assert.ok(wavelength[255] > 2 * Math.PI * 9000, 'the last pair is the slowest');
  const perm = lab.permutation({ tokens: [1, 2, 3, 4, 5], vocabSize: 8, dModel: 16, dK: 8, swap: [1, 3] });
  assert.ok(perm.withoutEncoding.relabelResidual < 1e-5);
  assert.ok(perm.withEncoding.relabelResidual > 1e-2);
});

test('masking before softmax keeps rows summing to 1; after softmax it does not', () => {
  const q = Float32Array.from({ length: 20 }, (_, i) => Math.sin(i));
  const rowSums = (w) => Array.from({ length: 5 }, (_, i) => w.slice(i * 5, i * 5 + 5).reduce((a, b) => a + b, 0));
  const before = rowSums(lab.attention({ q, k: q, v: q, n: 5, dK: 4, mask: 'before-softmax' }).weights);
  const after = rowSums(lab.attention({ q, k: q, v: q, n: 5, dK: 4, mask: 'after-softmax' }).weights);
  before.forEach((s) => assert.ok(Math.abs(s - 1) < 1e-6));
  after.slice(0, 4).forEach((s) => assert.ok(s < 1 - 1e-4));
});

test("attention's scores are q·k/√dK in float64, −∞ where masked, and their softmax is the weights", () => {
  const n = 4,
    dK = 3;
  const q = Float32Array.from({ length: n * dK }, (_, i) => Math.sin(i + 1)),
    k = Float32Array.from({ length: n * dK }, (_, i) => Math.cos(2 * i));
  for (const mask of ['none', 'before-softmax', 'after-softmax']) {
    const { scores, weights } = lab.attention({ q, k, v: q, n, dK, mask });
    assert.ok(scores instanceof Float32Array && scores.length === n * n, mask);
    for (let i = 0; i < n; i++) {
      const row = [];
      for (let j = 0; j < n; j++) {
        let dot = 0;
        for (let c = 0; c < dK; c++) dot += q[i * dK + c] * k[j * dK + c];
        const hidden = mask === 'before-softmax' && j > i;
        const got = scores[i * n + j];
        if (hidden) assert.equal(got, -Infinity, `${mask} ${i} ${j}`);
        else assert.ok(Math.abs(got - dot / Math.sqrt(dK)) <= 1e-6, `${mask} ${i} ${j}`);
        row.push(Math.exp(got));
      }
      const total = row.reduce((a, b) => a + b, 0);
      for (let j = 0; j < n; j++) {
        const expected = mask === 'after-softmax' && j > i ? 0 : row[j] / total; // after softmax: future zeroed
        assert.ok(Math.abs(weights[i * n + j] - expected) <= 1e-6, `${mask} weight ${i} ${j}`);
      }
    }
  }
});

test('out is filled in place and returned, the table the core writes in pieces there number for number', () => {
  // Tables of one piece and of many (64 KB pieces: 32 rows at dModel 512, 120 at 130), a last piece short.
  for (const table of [
    { positions: 10, dModel: 16 },
    { positions: 1000, dModel: 512, start: 3, variant: 'halves' },
    { positions: 300, dModel: 130, start: 65000, variant: 'tensor2tensor' },
  ]) {
    const out = new Float32Array(table.positions * table.dModel).fill(NaN);
    const result = lab.sinusoidal({ ...table, out });
    assert.equal(result, out);
    assert.ok(maxAbsDiff(out, lab.sinusoidal(table)) === 0, JSON.stringify(table));
  }
});
