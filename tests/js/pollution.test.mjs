// Enumerable keys on Object.prototype, set by plain assignment (the form real prototype-pollution
// bugs create; hostile.test.mjs covers the non-enumerable defineProperty form), before and after
// createLab. Every refused call must still throw its own error, word for word, with its `param`;
// the trainer must still be created, step, evaluate and probe; valid calls must return the same
// values. Emscripten's Embind value objects walked their fields with for…in, so once this broke
// every error and the trainer.
//
// This file pollutes its own process on purpose: `node --test` runs each test file in a process of
// its own, so nothing here reaches another test file. Do not import it from another test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createLab, hasWasmSimd } from 'positional-encoding-lab';

const early = await createLab(); // made before the pollution
const simd = hasWasmSimd();
const wasmBinary = await readFile(
  new URL(simd ? '../../dist/pelab.wasm' : '../../dist/pelab-scalar.wasm', import.meta.url),
);

// Names the lab, its options and Embind's generated code use, and the issue's own examples.
// (Not keys node:test, its streams, assert or promises read from option bags: then, get, set, length,
// encoding, …)
const POLLUTION = {
  out: new Float32Array(16),
  param: 'x',
  rule: 3,
  got: 7,
  lo: 1,
  hi: 2,
  index: 5,
  cost: 1,
  read: 'x',
  write: 'x',
  fields: 'x',
  problem: 'x',
  tooLong: 9,
  copy: new Float64Array(4),
  binding: 'relativeOffset',
  limits: 'trainer',
  entries: [],
  choices: {},
  variant: 'halves',
  mask: 'causal',
  layout: 'interleaved',
  rope: {},
  scaling: { type: 'ntk' },
  factor: 8,
  heads: 2,
  alibi: true,
  steps: 5,
  locateFile: 'nowhere.wasm',
  wasmBinary: new Uint8Array(8),
  instantiateWasm: 'x',
};

const x8 = [1, 2, 3, 4, 5, 6, 7, 8];
const qkv = { q: x8, k: x8, v: x8, n: 2, dK: 4 };
const GOOD = {
  sinusoidal: { positions: 4, dModel: 4 },
  frequencies: { dModel: 8 },
  learnedLookup: { maxLen: 4, dModel: 4, position: 2 },
  embed: { tokens: [3, 1, 4], vocabSize: 8, dModel: 4 },
  attention: qkv,
  selfAttention: { x: x8, n: 2, dModel: 4, dK: 4, heads: 2, rope: { start: 3 }, alibi: true },
  rope: { x: x8, n: 2, dHead: 4, start: 5, layout: 'interleaved' },
  ropeFrequencies: { dHead: 8, scaling: { type: 'yarn', factor: 4, originalMaxPositions: 64 } },
  alibiBias: { heads: 2, n: 3 },
  relativeOffset: { positions: 4, dModel: 4, k: 1 },
  dotMatrix: { table: [1, 2, 3, 4, 5, 6], rows: 3, dModel: 2 },
  properties: { positions: 8, dModel: 4 },
  permutation: { tokens: [3, 1, 4], vocabSize: 8, dModel: 4, dK: 2, swap: [0, 2] },
};

// One refused call of each kind: the JS layer's TypeErrors, and each rule of status.hpp the JS API
// can reach.
const REFUSED = {
  'missing option': (lab) => lab.sinusoidal({ dModel: 4 }),
  'wrong type': (lab) => lab.sinusoidal({ positions: '4', dModel: 4 }),
  'unknown option': (lab) => lab.sinusoidal({ positions: 4, dModel: 4, dmodel: 4 }),
  'no options object': (lab) => lab.sinusoidal(),
  'rope not an options object': (lab) => lab.attention({ ...qkv, rope: new Date() }),
  integer_range: (lab) => lab.sinusoidal({ positions: 4, dModel: 1.5 }),
  real_range: (lab) => lab.sinusoidal({ positions: 4, dModel: 4, base: 1 }),
  choice: (lab) => lab.sinusoidal({ positions: 4, dModel: 4, variant: 'nope' }),
  'choice (rope.layout)': (lab) => lab.attention({ ...qkv, rope: { layout: 'neox' } }),
  length: (lab) => lab.attention({ q: [1], k: [1], v: [1, 2], n: 1, dK: 1 }),
  even_width: (lab) => lab.sinusoidal({ positions: 4, dModel: 3 }),
  table_elements: (lab) => lab.sinusoidal({ positions: 65536, dModel: 4096 }),
  last_position: (lab) => lab.sinusoidal({ positions: 4, dModel: 4, start: 1e6 }),
  no_learned_row: (lab) => lab.learnedLookup({ maxLen: 2, dModel: 8, position: 2 }),
  learned_too_short: (lab) => lab.embed({ tokens: [1, 2, 3], vocabSize: 4, dModel: 4, encoding: 'learned', maxLen: 2 }),
  offset_too_large: (lab) => lab.relativeOffset({ positions: 4, dModel: 4, k: 65535 }),
  work: (lab) => lab.attention({ q: [], k: [], v: [], n: 2048, dK: 1024 }),
  token: (lab) => lab.embed({ tokens: [9], vocabSize: 4, dModel: 8 }),
  input_elements: (lab) => lab.dotMatrix({ table: new Array(2 ** 24), rows: 2, dModel: 2 }),
  not_divisible: (lab) => lab.attention({ ...qkv, heads: 3 }),
  result_elements: (lab) => lab.alibiBias({ heads: 3, n: 2048 }),
  rotary_dims: (lab) => lab.rope({ x: x8, n: 2, dHead: 4, rotaryDims: 3 }),
  scaling_needs: (lab) => lab.ropeFrequencies({ dHead: 8, scaling: { type: 'dynamic', factor: 2 } }),
  below: (lab) =>
    lab.ropeFrequencies({ dHead: 8, scaling: { type: 'yarn', factor: 2, originalMaxPositions: 8, betaSlow: 40 } }),
  'trainer: choice': (lab) => lab.trainer({ task: 'sort' }),
  'trainer: integer_range': (lab) => lab.trainer({ layers: 0 }),
  'trainer: memory': (lab) =>
    lab.trainer({ encoding: 'learned', maxLen: 65536, dModel: 256, layers: 4, batch: 1, trainLength: [2, 4] }),
  'trainer.step: integer_range': (lab) => lab.trainer({}).step(1e9),
  'trainer: work': (lab) => lab.trainer({ dModel: 256, trainLength: [64, 128] }),
  'trainer.step: work': (lab) => lab.trainer({}).step(1e6),
  'trainer.evaluate: integer_range': (lab) => lab.trainer({}).evaluate({ samples: 1e9 }),
  'trainer.evaluate: both lengths': (lab) => lab.trainer({}).evaluate({ length: 8, lengths: [8, 9] }),
  'trainer.attentionWeights: token': (lab) => lab.trainer({}).attentionWeights({ tokens: [99] }),
};

function errorOf(call) {
  try {
    call();
  } catch (error) {
    return { type: error.constructor.name, message: error.message, param: error.param };
  }
  return undefined;
}

// A trainer's whole life, as plain values.
function trainerRun(lab) {
  const t = lab.trainer({ encoding: 'learned', seed: 3, trainLength: [4, 6], maxLen: 16 });
  const run = {
    step: t.step(3),
    evaluate: t.evaluate({ samples: 16 }),
    probe: t.attentionWeights({ tokens: [1, 3, 2] }),
    rows: t.learnedRowsTrained(),
  };
  t.delete();
  return run;
}

const expectedValues = Object.fromEntries(Object.entries(GOOD).map(([m, o]) => [m, early[m](o)]));
const expectedErrors = Object.fromEntries(
  Object.entries(REFUSED).map(([kind, call]) => [kind, errorOf(() => call(early))]),
);
const expectedTrainer = trainerRun(early);

for (const [key, value] of Object.entries(POLLUTION)) Object.prototype[key] = value; // eslint-disable-line no-extend-native

const late = await createLab(); // made under the pollution
const fromBytes = await createLab({ wasmBinary });
const LABS = {
  'a lab made before the pollution': early,
  'a lab made after it': late,
  'one made from bytes': fromBytes,
};

test('the pollution is in place: every key is enumerable and inherited by a plain object', () => {
  const plain = {};
  for (const key of Object.keys(POLLUTION)) assert.equal(plain[key], POLLUTION[key], key);
  let enumerated = 0;
  for (const key in plain) if (key in POLLUTION) enumerated++; // eslint-disable-line guard-for-in
  assert.equal(enumerated, Object.keys(POLLUTION).length);
});

for (const [which, lab] of Object.entries(LABS)) {
  test(`${which}: every refused call throws its own error, word for word, naming its param`, () => {
    for (const [kind, call] of Object.entries(REFUSED)) {
      const expected = expectedErrors[kind];
      assert.ok(expected !== undefined && expected.param !== undefined, `${kind} was refused, naming a param, before`);
      assert.deepStrictEqual(
        errorOf(() => call(lab)),
        expected,
        kind,
      );
    }
  });

  test(`${which}: valid calls return the values they returned before the pollution`, () => {
    for (const [m, o] of Object.entries(GOOD)) assert.deepStrictEqual(lab[m](o), expectedValues[m], m);
    // The polluted `rope`, `heads`, `alibi` and `mask` are not options: attention stays plain.
    assert.equal(lab.attention(qkv).weights.length, 4);
    // Nor is the polluted `scaling`: left out, rope's frequencies are unscaled.
    assert.equal(lab.ropeFrequencies({ dHead: 4 }).invFreq[1], 0.01);
  });

  test(`${which}: a trainer is created, trains, evaluates and is probed as before`, () => {
    assert.deepStrictEqual(trainerRun(lab), expectedTrainer);
  });
}
