// Where WebAssembly SIMD is missing, createLab picks the scalar build: the same kernels in plain float
// code, agreeing with the SIMD build within 1e-6 on tables and 1e-5 on attention (std::exp against
// xsimd::exp in the softmax).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLab, hasWasmSimd } from 'positional-encoding-lab';
import { maxAbsDiff, scalarLab } from './helpers.mjs';

test('this engine has SIMD, so the default lab is the SIMD build', async () => {
  assert.equal(hasWasmSimd(), true);
  assert.equal((await createLab()).build, 'simd');
});

test('without SIMD the scalar build is chosen and matches the SIMD build', async () => {
  const scalar = await scalarLab(); // createLab where hasWasmSimd() is false
  const simd = await createLab();
  assert.equal(scalar.build, 'scalar');
  for (const variant of ['paper', 'halves', 'tensor2tensor']) {
    const options = { positions: 300, dModel: 62, variant, start: 40000 };
    assert.ok(maxAbsDiff(scalar.sinusoidal(options), simd.sinusoidal(options)) <= 1e-6, variant);
  }
  const seq = { tokens: [5, 2, 7, 2], vocabSize: 8, dModel: 16, dK: 8, swap: [0, 3] };
  const a = scalar.permutation(seq),
    b = simd.permutation(seq);
  assert.ok(maxAbsDiff(a.withEncoding.swapped.output, b.withEncoding.swapped.output) <= 1e-5);
  assert.throws(() => scalar.sinusoidal({ positions: 0, dModel: 8 }), RangeError);
});

test('without SIMD, training: false loads the scalar build (there is no scalar one without the trainer) and refuses to train', async () => {
  const scalar = await scalarLab({ training: false });
  assert.equal(scalar.build, 'scalar');
  assert.equal(scalar.training, false);
  assert.throws(
    () => scalar.trainer(),
    (e) => e instanceof TypeError && e.param === 'training',
  );
});
