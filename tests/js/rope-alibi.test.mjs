// Rope, ALiBi and attention with either inside it, through the public API, against independent
// float64 implementations written here from the definitions (Hugging Face's rotate-half and GPT-J's
// interleaved pairs; the ALiBi paper's get_slopes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { labPromise, maxAbsDiff } from './helpers.mjs';

const lab = await labPromise;

// Entries in [-1, 1] (the precision claim is for |x| ≤ 1), the same for every run.
function inputs(length, seed) {
  return Float32Array.from({ length }, (_, i) => Math.sin(seed * 12.9898 + i * 78.233));
}

// Rope in float64: pair i of row r turns by ((start + r) / scale)·base^(−2i/rotaryDims).
function ropeFloat64(x, { n, dHead, base = 10000, layout = 'halves', rotaryDims = dHead, scale = 1, start = 0 }) {
  const out = Float64Array.from(x);
  const half = rotaryDims / 2;
  for (let r = 0; r < n; r++)
    for (let i = 0; i < half; i++) {
      const angle = ((start + r) / scale) * base ** ((-2 * i) / rotaryDims);
      const [a, b] =
        layout === 'halves' ? [r * dHead + i, r * dHead + i + half] : [r * dHead + 2 * i, r * dHead + 2 * i + 1];
      out[a] = x[a] * Math.cos(angle) - x[b] * Math.sin(angle);
      out[b] = x[b] * Math.cos(angle) + x[a] * Math.sin(angle);
    }
  return out;
}

// The ALiBi paper's reference get_slopes, ported line by line.
function getSlopes(n) {
  const powerOfTwo = (m) => {
    const start = 2 ** -(2 ** -(Math.log2(m) - 3));
    return Array.from({ length: m }, (_, i) => start * start ** i);
  };
  if (Number.isInteger(Math.log2(n))) return powerOfTwo(n);
  const closest = 2 ** Math.floor(Math.log2(n));
  return [
    ...powerOfTwo(closest),
    ...getSlopes(2 * closest)
      .filter((_, i) => i % 2 === 0)
      .slice(0, n - closest),
  ];
}

// Attention in heads, float64: weights heads × n × n, each head over its share of the columns; the
// scores softmax receives (−Infinity where the mask hides a key before softmax), and the (rotated)
// queries and keys, n × dK.
function attentionFloat64({ q, k, v, n, dK, dV = dK, heads = 1, rope, alibi = false, mask = 'none' }) {
  const dh = dK / heads,
    dvh = dV / heads;
  const slopes = alibi ? getSlopes(heads) : [];
  const weights = new Float64Array(heads * n * n),
    output = new Float64Array(n * dV),
    allScores = new Float64Array(heads * n * n).fill(-Infinity),
    turnedQ = new Float64Array(n * dK),
    turnedK = new Float64Array(n * dK);
  const slice = (m, width, first, count) =>
    Float64Array.from({ length: n * count }, (_, i) => m[Math.floor(i / count) * width + first + (i % count)]);
  for (let h = 0; h < heads; h++) {
    let qh = slice(q, dK, h * dh, dh),
      kh = slice(k, dK, h * dh, dh);
    const vh = slice(v, dV, h * dvh, dvh);
    if (rope) {
      qh = ropeFloat64(qh, { n, dHead: dh, ...rope });
      kh = ropeFloat64(kh, { n, dHead: dh, ...rope });
    }
    for (let i = 0; i < n * dh; i++) {
      turnedQ[Math.floor(i / dh) * dK + h * dh + (i % dh)] = qh[i];
      turnedK[Math.floor(i / dh) * dK + h * dh + (i % dh)] = kh[i];
    }
    for (let i = 0; i < n; i++) {
      const visible = mask === 'before-softmax' ? i + 1 : n;
      const scores = [];
      for (let j = 0; j < visible; j++) {
        let s = 0;
        for (let c = 0; c < dh; c++) s += qh[i * dh + c] * kh[j * dh + c];
        scores.push(s / Math.sqrt(dh) - (alibi ? slopes[h] * Math.abs(i - j) : 0));
        allScores[(h * n + i) * n + j] = scores[j];
      }
      const peak = Math.max(...scores);
      const e = scores.map((s) => Math.exp(s - peak));
      const total = e.reduce((a, b) => a + b, 0);
      for (let j = 0; j < visible; j++) {
        const w = mask === 'after-softmax' && j > i ? 0 : e[j] / total;
        weights[(h * n + i) * n + j] = w;
        for (let c = 0; c < dvh; c++) output[i * dV + h * dvh + c] += w * vh[j * dvh + c];
      }
    }
  }
  return { weights, output, scores: allScores, q: turnedQ, k: turnedK };
}

// The largest |got − expected| over scores, after checking that both are −Infinity at the same places.
function scoresError(got, expected, label) {
  assert.equal(got.length, expected.length, label);
  let worst = 0;
  for (let i = 0; i < got.length; i++)
    if (expected[i] === -Infinity) assert.equal(got[i], -Infinity, `${label}: entry ${i} is masked`);
    else worst = Math.max(worst, Math.abs(got[i] - expected[i]));
  return worst;
}

test('rope matches float64 in both layouts, with partial rotary and scaling', () => {
  for (const layout of ['halves', 'interleaved'])
    for (const [dHead, rotaryDims] of [
      [8, 8],
      [10, 10],
      [64, 64],
      [20, 6],
      [9, 8],
    ])
      for (const scale of [1, 2.5, 8]) {
        const options = { n: 30, dHead, layout, rotaryDims, scale, start: 123 };
        const x = inputs(30 * dHead, dHead);
        const got = lab.rope({ x, ...options });
        assert.ok(got instanceof Float32Array && got.length === x.length);
        const error = maxAbsDiff(got, ropeFloat64(x, options));
        assert.ok(error <= 2e-6, `${layout} ${dHead}/${rotaryDims} scale ${scale}: ${error}`);
        for (let r = 0; r < 30; r++)
          for (let c = rotaryDims; c < dHead; c++) assert.equal(got[r * dHead + c], x[r * dHead + c], 'passes through');
      }
});

test('rope stays within 2e-6 of float64 up to position 65,536', (t) => {
  let worst = 0;
  for (const layout of ['halves', 'interleaved'])
    for (let start = 0; start <= 65536 - 2047; start += 2048 * 4) {
      const options = { n: 2048, dHead: 64, layout, start: Math.min(start, 65536 - 2047) };
      const x = inputs(2048 * 64, start + 1);
      worst = Math.max(worst, maxAbsDiff(lab.rope({ x, ...options }), ropeFloat64(x, options)));
    }
  assert.ok(worst <= 2e-6, `max error ${worst}`);
  t.diagnostic(`max abs error vs float64 up to position 65,536: ${worst.toExponential(2)}`);
});

test('the two layouts differ on the same input, and agree once the dimensions are permuted', () => {
  const n = 12,
    d = 8,
    x = inputs(n * d, 3);
  const halves = lab.rope({ x, n, dHead: d, start: 40 });
  const interleaved = lab.rope({ x, n, dHead: d, start: 40, layout: 'interleaved' });
  assert.ok(maxAbsDiff(halves, interleaved) > 0.1);
  // interleaved dimension 2i ↔ halves dimension i, 2i+1 ↔ i + d/2
  const toHalves = (m) =>
    Float32Array.from(m, (_, j) => {
      const r = Math.floor(j / d),
        c = j % d;
      return m[r * d + (c < d / 2 ? 2 * c : 2 * (c - d / 2) + 1)];
    });
  assert.ok(maxAbsDiff(lab.rope({ x: toHalves(x), n, dHead: d, start: 40 }), toHalves(interleaved)) <= 1e-6);
});

test('ALiBi slopes are the reference get_slopes, for powers of two and the rest', () => {
  for (let heads = 1; heads <= 64; heads++) {
    const got = lab.alibiSlopes({ heads });
    assert.ok(got instanceof Float64Array && got.length === heads);
    const expected = getSlopes(heads);
    for (let i = 0; i < heads; i++)
      // (V8's ** is not correctly rounded as C's pow is, Python's and the core's: a few ulps apart)
      assert.ok(Math.abs(got[i] - expected[i]) <= 1e-14 * expected[i], `${heads} heads, head ${i}`);
  }
  assert.deepEqual(Array.from(lab.alibiSlopes({ heads: 8 })), [
    1 / 2,
    1 / 4,
    1 / 8,
    1 / 16,
    1 / 32,
    1 / 64,
    1 / 128,
    1 / 256,
  ]);
});

test('the ALiBi bias is −slope·|i − j| per head, −Infinity above the diagonal when causal', () => {
  const heads = 5,
    n = 9;
  const slopes = getSlopes(heads);
  for (const mask of ['none', 'causal']) {
    const bias = lab.alibiBias({ heads, n, mask });
    assert.equal(bias.length, heads * n * n);
    for (let h = 0; h < heads; h++)
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++) {
          const b = bias[(h * n + i) * n + j];
          if (mask === 'causal' && j > i) assert.equal(b, -Infinity);
          else assert.ok(Math.abs(b + slopes[h] * Math.abs(i - j)) <= 1e-7 * (1 + Math.abs(b)), `${h} ${i} ${j}`);
        }
  }
});

test('attention with rope or ALiBi inside matches float64, in several heads', () => {
  const n = 10,
    dK = 12,
    dV = 6;
  const q = inputs(n * dK, 1),
    k = inputs(n * dK, 2),
    v = inputs(n * dV, 3);
  for (const extra of [
    { heads: 3 },
    { heads: 3, rope: { start: 500, layout: 'interleaved' } },
    { heads: 2, rope: { rotaryDims: 4, scale: 4 }, mask: 'before-softmax' },
    { heads: 6, alibi: true },
    { heads: 3, alibi: true, mask: 'before-softmax' },
  ]) {
    const got = lab.attention({ q, k, v, n, dK, dV, ...extra });
    const expected = attentionFloat64({ q, k, v, n, dK, dV, ...extra });
    assert.ok(maxAbsDiff(got.weights, expected.weights) <= 1e-6, JSON.stringify(extra));
    assert.ok(maxAbsDiff(got.output, expected.output) <= 1e-5, JSON.stringify(extra));
    assert.ok(scoresError(got.scores, expected.scores, JSON.stringify(extra)) <= 1e-5, JSON.stringify(extra));
  }
});

test('selfAttention returns its projections and the scores softmax receives, as float64 computes them', () => {
  const n = 5,
    dModel = 6,
    dK = 8,
    seed = 3;
  const x = inputs(n * dModel, 4);
  // The seeded projection matrices, read off the core by projecting unit vectors: row r of W is e_r·W.
  const eye = Float32Array.from({ length: dModel * dModel }, (_, i) => (i % (dModel + 1) === 0 ? 1 : 0));
  const basis = lab.selfAttention({ x: eye, n: dModel, dModel, dK, seed });
  const times = (w) =>
    Float64Array.from({ length: n * dK }, (_, i) => {
      let s = 0;
      for (let t = 0; t < dModel; t++) s += x[Math.floor(i / dK) * dModel + t] * w[t * dK + (i % dK)];
      return s;
    });
  const q = times(basis.q),
    k = times(basis.k);
  for (const extra of [
    {},
    { mask: 'before-softmax' },
    { heads: 2, rope: { start: 7 } },
    { heads: 4, alibi: true, mask: 'before-softmax' },
    { heads: 2, rope: { layout: 'interleaved' }, alibi: true, mask: 'after-softmax' },
  ]) {
    const label = JSON.stringify(extra);
    const got = lab.selfAttention({ x, n, dModel, dK, seed, ...extra });
    const expected = attentionFloat64({ q, k, v: q, n, dK, ...extra });
    assert.ok(got.q instanceof Float32Array && got.k instanceof Float32Array, label);
    assert.ok(maxAbsDiff(got.q, expected.q) <= 1e-5 && maxAbsDiff(got.k, expected.k) <= 1e-5, label);
    assert.ok(scoresError(got.scores, expected.scores, label) <= 1e-5, label);
    assert.ok(maxAbsDiff(got.weights, expected.weights) <= 1e-5, label);
  }
});

test('with rope inside attention, the score of a query and a key depends only on their offset', () => {
  // The same query and key vector at every position: only rope tells positions apart, so each row's
  // log-weight differences are the same along every diagonal.
  const n = 16,
    d = 8;
  const one = inputs(d, 7);
  const q = Float32Array.from({ length: n * d }, (_, i) => one[i % d]);
  for (const layout of ['halves', 'interleaved']) {
    const { weights } = lab.attention({ q, k: q, v: q, n, dK: d, rope: { layout, start: 1000 } });
    const gap = (i, j) => Math.log(weights[i * n + j]) - Math.log(weights[i * n + j + 1]);
    for (let i = 0; i + 1 < n; i++)
      for (let j = 0; j + 2 < n; j++) assert.ok(Math.abs(gap(i, j) - gap(i + 1, j + 1)) < 1e-4, `${layout} ${i} ${j}`);
    const plain = lab.attention({ q, k: q, v: q, n, dK: d }).weights;
    assert.ok(
      plain.every((w) => Math.abs(w - 1 / n) < 1e-6),
      'without rope every key looks the same',
    );
  }
});
