// Repeated calls leak nothing. After a warm-up, 10,000 calls of every method — valid ones and, mixed
// in, ones the core rejects — must not grow WebAssembly memory. (The module has no Embind: no handle can
// be left alive.) Two views: a Lab over a module instance of our own (`observed`), where the heap size is
// visible; and the public createLab API, watched through a spy on
// WebAssembly.Memory.prototype.grow (Emscripten's emscripten_realloc_buffer calls wasmMemory.grow) and
// on WebAssembly.instantiate (to reach the instance's memory). tests/js/hostile.test.mjs does the same
// for calls that lie to the boundary.
import { test } from 'node:test';
import assert from 'node:assert/strict';

// The spies go in before any module is instantiated (so no static import of helpers.mjs here: its
// labPromise would instantiate a module at import time).
const grows = [];
const realGrow = WebAssembly.Memory.prototype.grow;
WebAssembly.Memory.prototype.grow = function grow(delta) {
  grows.push({ memory: this, delta });
  return realGrow.call(this, delta);
};
const instantiated = [];
const realInstantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async function instantiate(...args) {
  const result = await realInstantiate.apply(this, args);
  instantiated.push(result.instance ?? result);
  return result;
};
const memoryOf = (instance) => Object.values(instance.exports).find((x) => x instanceof WebAssembly.Memory);

const { createLab } = await import('positional-encoding-lab');
const { ownModule } = await import('./own-module.mjs');
const { module: raw, lab: observed } = await ownModule();
const rawMemory = memoryOf(instantiated.at(-1));
const lab = await createLab();
const labMemory = memoryOf(instantiated.at(-1));
assert.notEqual(rawMemory, labMemory);

const CALLS = 10000;
const WARM_UP = 300;
const BAD_EVERY = 4; // every 4th call of a loop is one the core rejects

function values(length, seed, Type = Float32Array) {
  const a = new Type(length);
  for (let i = 0; i < length; i++) a[i] = Math.sin(seed * 12.9898 + i * 78.233);
  return a;
}

// Per method: valid calls (a few sizes, in rotation) and calls the core rejects.
const tokens = [3, 1, 4, 1, 5];
const METHODS = {
  sinusoidal: {
    good: [
      { positions: 8, dModel: 16 },
      { positions: 16, dModel: 32, variant: 'halves', start: 100 },
      { positions: 4, dModel: 8, out: new Float32Array(32) },
    ],
    bad: [
      { positions: 0, dModel: 16 },
      { positions: 8, dModel: 7 },
      { positions: 8, dModel: 16, variant: 'rope' },
      { positions: 8, dModel: 16, out: new Float32Array(3) },
      { positions: 4097, dModel: 2048 },
    ],
  },
  sinusoidalReference: {
    good: [
      { positions: 8, dModel: 16 },
      { positions: 16, dModel: 30, variant: 'tensor2tensor' },
    ],
    bad: [
      { positions: NaN, dModel: 16 },
      { positions: 8, dModel: 16, start: 1e6 },
    ],
  },
  sinusoidalFloat32Angles: {
    good: [
      { positions: 8, dModel: 16 },
      { positions: 16, dModel: 32, start: 5000 },
    ],
    bad: [
      { positions: 8, dModel: 16, base: 1 },
      { positions: 8.5, dModel: 16 },
    ],
  },
  frequencies: {
    good: [{ dModel: 16 }, { dModel: 64, variant: 'tensor2tensor', base: 500 }],
    bad: [{ dModel: 7 }, { dModel: 8, variant: '' }, { dModel: Infinity }],
  },
  learnedTable: {
    good: [
      { maxLen: 8, dModel: 16 },
      { maxLen: 16, dModel: 8, seed: 3, out: new Float32Array(128) },
    ],
    bad: [
      { maxLen: 0, dModel: 16 },
      { maxLen: 8, dModel: 16, seed: -1 },
      { maxLen: 4097, dModel: 2048 },
      { maxLen: 8, dModel: 16, out: new Float32Array(1) },
    ],
  },
  learnedLookup: {
    good: [
      { maxLen: 8, dModel: 16, position: 3 },
      { maxLen: 512, dModel: 32, position: 511, seed: 9 },
    ],
    bad: [
      { maxLen: 8, dModel: 16, position: 8 },
      { maxLen: 8, dModel: 16, position: -1 },
    ],
  },
  embed: {
    good: [
      { tokens, vocabSize: 8, dModel: 16 },
      { tokens: new Uint16Array(tokens), vocabSize: 8, dModel: 8, encoding: 'learned' },
      { tokens: [0, 7], vocabSize: 8, dModel: 12, encoding: 'none' },
    ],
    bad: [
      { tokens: [9], vocabSize: 8, dModel: 16 },
      { tokens: [], vocabSize: 8, dModel: 16 },
      { tokens, vocabSize: 8, dModel: 16, encoding: 'rope' },
      { tokens, vocabSize: 8, dModel: 16, encoding: 'learned', maxLen: 2 },
      { tokens: new Array(3000).fill(0), vocabSize: 8, dModel: 16 },
    ],
  },
  attention: {
    good: [
      { q: values(8, 1), k: values(8, 2), v: values(8, 3), n: 4, dK: 2 },
      {
        q: Array.from(values(12, 4)),
        k: values(12, 5, Float64Array),
        v: values(8, 6),
        n: 4,
        dK: 3,
        dV: 2,
        mask: 'before-softmax',
      },
      { q: values(16, 1), k: values(16, 2), v: values(16, 3), n: 4, dK: 4, heads: 2, rope: { start: 70 }, alibi: true },
      {
        q: values(24, 1),
        k: values(24, 2),
        v: values(24, 3),
        n: 3,
        dK: 8,
        rope: { layout: 'interleaved', rotaryDims: 4 },
      },
    ],
    bad: [
      { q: values(8, 1), k: values(8, 2), v: values(7, 3), n: 4, dK: 2 },
      { q: values(16, 1), k: values(16, 2), v: values(16, 3), n: 4, dK: 4, heads: 3 },
      { q: values(16, 1), k: values(16, 2), v: values(16, 3), n: 4, dK: 4, rope: { rotaryDims: 3 } },
      { q: values(8, 1), k: values(8, 2), v: values(8, 3), n: 4, dK: 2, mask: 'causal' },
      { q: values(8, 1), k: values(8, 2), v: values(8, 3), n: 0, dK: 2 },
    ],
  },
  selfAttention: {
    good: [
      { x: values(32, 7), n: 4, dModel: 8, dK: 4 },
      { x: Array.from(values(24, 8)), n: 3, dModel: 8, dK: 2, mask: 'after-softmax', seed: 5 },
      { x: values(32, 7), n: 4, dModel: 8, dK: 6, heads: 3, rope: { rotaryDims: 2 }, alibi: true },
    ],
    bad: [
      { x: values(31, 7), n: 4, dModel: 8, dK: 4 },
      { x: values(32, 7), n: 4, dModel: 8, dK: 1025 },
      { x: values(32, 7), n: 4, dModel: 8, dK: 4, rope: { scale: 0.5 } },
    ],
  },
  rope: {
    good: [
      { x: values(64, 13), n: 8, dHead: 8 },
      { x: Array.from(values(60, 14)), n: 6, dHead: 10, layout: 'interleaved', rotaryDims: 6, scale: 4, start: 65000 },
    ],
    bad: [
      { x: values(63, 13), n: 8, dHead: 8 },
      { x: values(64, 13), n: 8, dHead: 8, layout: 'paper' },
      { x: values(64, 13), n: 8, dHead: 8, rotaryDims: 10 },
    ],
  },
  alibiSlopes: {
    good: [{ heads: 8 }, { heads: 12 }],
    bad: [{ heads: 0 }, { heads: 1025 }],
  },
  alibiBias: {
    good: [
      { heads: 4, n: 16 },
      { heads: 3, n: 9, mask: 'causal' },
    ],
    bad: [
      { heads: 3, n: 2048 },
      { heads: 4, n: 16, mask: 'before-softmax' },
    ],
  },
  relativeOffset: {
    good: [
      { positions: 8, dModel: 16, k: 3 },
      { positions: 16, dModel: 8, k: 0, variant: 'halves' },
    ],
    bad: [
      { positions: 8, dModel: 16, k: -1 },
      { positions: 65536, dModel: 2, k: 1 },
    ],
  },
  dotMatrix: {
    good: [
      { table: values(32, 9), rows: 4, dModel: 8 },
      { table: Array.from(values(24, 10)), rows: 6, dModel: 4, out: new Float32Array(36) },
    ],
    bad: [
      { table: values(31, 9), rows: 4, dModel: 8 },
      { table: values(32, 9), rows: 4, dModel: 8, out: new Float32Array(15) },
    ],
  },
  distanceMatrix: {
    good: [
      { table: values(32, 11), rows: 4, dModel: 8 },
      { table: values(24, 12, Float64Array), rows: 3, dModel: 8, out: new Float32Array(9) },
    ],
    bad: [
      { table: values(32, 11), rows: 0, dModel: 8 },
      { table: values(32, 11), rows: 4, dModel: 8.5 },
    ],
  },
  properties: {
    good: [
      { positions: 8, dModel: 8 },
      { positions: 6, dModel: 4, k: 2, variant: 'tensor2tensor' },
    ],
    bad: [
      { positions: 1024, dModel: 258 },
      { positions: 8, dModel: 8, k: 65535 },
    ],
  },
  permutation: {
    good: [
      { tokens, vocabSize: 8, dModel: 8, dK: 4, swap: [0, 2] },
      { tokens: [1, 2, 3], vocabSize: 4, dModel: 4, dK: 2, swap: [1, 1], encoding: 'learned' },
    ],
    bad: [
      { tokens, vocabSize: 8, dModel: 8, dK: 4, swap: [0, 5] },
      { tokens, vocabSize: 8, dModel: 8, dK: 0, swap: [0, 1] },
      { tokens: [1, 9], vocabSize: 8, dModel: 8, dK: 4, swap: [0, 1] },
    ],
  },
};

// The i-th call of a loop: mostly valid, every BAD_EVERY-th one rejected.
function nth(spec, i) {
  const bad = i % BAD_EVERY === BAD_EVERY - 1;
  const list = bad ? spec.bad : spec.good;
  return {
    bad,
    options: list[Math.floor(i / BAD_EVERY) % list.length],
    index: Math.floor(i / BAD_EVERY) % list.length,
  };
}

// What each valid call returns first; later calls must return the same.
const firstResult = new Map();

function call(subject, method, i) {
  const spec = METHODS[method];
  const { bad, options, index } = nth(spec, i);
  if (bad) {
    try {
      subject[method](options);
    } catch (e) {
      if (e.constructor !== TypeError && e.constructor !== RangeError) throw e;
      return;
    }
    assert.fail(`${method}: bad call ${index} did not throw`);
  }
  const result = subject[method](options);
  const key = `${subject === lab ? 'lab' : 'observed'}/${method}/${index}`;
  if (!firstResult.has(key)) firstResult.set(key, structuredClone(result));
  else if (i % 997 === 0) assert.deepStrictEqual(result, firstResult.get(key), key);
}

const growsOf = (memory) => grows.filter((g) => g.memory === memory).length;

test('the observed module shows its memory', () => {
  assert.ok(raw.HEAPU8 instanceof Uint8Array);
  assert.equal(raw.HEAPU8.buffer, rawMemory.buffer);
});

for (const method of Object.keys(METHODS)) {
  test(`${method}: ${CALLS} calls (1 in ${BAD_EVERY} rejected) grow no memory`, () => {
    for (let i = 0; i < WARM_UP; i++) call(observed, method, i);
    const bytes = rawMemory.buffer.byteLength;
    const grown = growsOf(rawMemory);
    for (let i = 0; i < CALLS; i++) call(observed, method, i);
    assert.equal(growsOf(rawMemory), grown, 'memory.grow calls during the loop');
    assert.equal(rawMemory.buffer.byteLength, bytes, 'memory size after the loop');
    assert.equal(raw.HEAPU8.length, bytes);
  });

  test(`${method}: ${CALLS} calls through createLab (1 in ${BAD_EVERY} throwing) grow no memory`, () => {
    for (let i = 0; i < WARM_UP; i++) call(lab, method, i);
    const bytes = labMemory.buffer.byteLength;
    const grown = growsOf(labMemory);
    for (let i = 0; i < CALLS; i++) call(lab, method, i);
    assert.equal(growsOf(labMemory), grown, 'memory.grow calls during the loop');
    assert.equal(labMemory.buffer.byteLength, bytes, 'memory size after the loop');
  });
}

// Detached typed arrays and look-alikes (Proxies) are refused with a TypeError naming the option
// before anything is copied into wasm memory, so such calls cost no memory.
test('unusable arrays are refused before the binding runs, so they leak nothing', () => {
  const n = 128,
    dK = 256; // q and k: 128 KiB each, which would be copied into the heap first
  const q = values(n * dK, 1),
    k = values(n * dK, 2);
  const detached = () => {
    const buffer = new ArrayBuffer(n * dK * 4);
    const v = new Float32Array(buffer);
    structuredClone(buffer, { transfer: [buffer] });
    return v;
  };
  const bytes = labMemory.buffer.byteLength;
  const grown = growsOf(labMemory);
  for (let i = 0; i < 300; i++) {
    assert.throws(
      () => lab.attention({ q, k, v: detached(), n, dK }),
      (e) => e.constructor === TypeError && e.param === 'v',
    );
    assert.throws(
      () => lab.sinusoidal({ positions: 8, dModel: 16, out: new Proxy(new Float32Array(128), {}) }),
      (e) => e.constructor === TypeError && e.param === 'out',
    );
  }
  assert.equal(growsOf(labMemory), grown);
  assert.equal(labMemory.buffer.byteLength, bytes);
});

// Last, so its 64 MiB does not hide the growth the tests above look for.
test('the spies see growth when a call does need more memory', () => {
  const bytes = labMemory.buffer.byteLength;
  const grown = growsOf(labMemory);
  lab.sinusoidalReference({ positions: 4096, dModel: 2048 }); // a 64 MiB float64 table inside the heap
  assert.ok(growsOf(labMemory) > grown, 'memory.grow was called');
  assert.ok(labMemory.buffer.byteLength > bytes, 'the memory grew');
});
